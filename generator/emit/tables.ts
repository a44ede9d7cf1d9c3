// Brand-independent tables: the route manifests and the payment-method table.
import type { PaymentMethodCatalogue } from "../../core/payments/methods.ts";
import { newLayoutRoutes, oldLayoutRoutes } from "../../core/routes.ts";
import { type EmittedFile, GENERATED_HEADER, literal } from "./file.ts";

export function emitRouteManifests(): EmittedFile {
  return {
    path: "routes.ts",
    contents:
      `${GENERATED_HEADER}import type { RouteEntry } from "../../core/routes.ts";\n\n` +
      `export type { RouteEntry, Screen, Feature } from "../../core/routes.ts";\n\n` +
      `/** The new layout's routes (spec §2, "New version routes"). */\n` +
      `export const newLayoutRoutes: RouteEntry[] = ${literal(newLayoutRoutes)};\n\n` +
      `/** The old layout's routes (spec §2, "Old version routes"), with the step bar indexes. */\n` +
      `export const oldLayoutRoutes: RouteEntry[] = ${literal(oldLayoutRoutes)};\n`,
  };
}

export function emitPaymentTable(catalogue: PaymentMethodCatalogue): EmittedFile {
  const methods = [...catalogue.methods].sort((a, b) => a.id - b.id);
  return {
    path: "payment-methods.ts",
    contents:
      `${GENERATED_HEADER}import type { FlowTraits, PaymentFlow, PaymentMethod } from "../../core/generated/payment-types.ts";\n\n` +
      `export type { FlowTraits, PaymentFlow, PaymentMethod };\n\n` +
      `/** Every payment method by payway id (schema/payment-methods.json). */\n` +
      `export const paymentMethods: Record<number, PaymentMethod> = ${literal(Object.fromEntries(methods.map((m) => [m.id, m])))};\n\n` +
      `/** What each flow means to the storefront (schema/payment-methods.json \`flows\`). */\n` +
      `export const flowTraits: Record<PaymentFlow, FlowTraits> = ${literal(catalogue.flows)};\n`,
  };
}
