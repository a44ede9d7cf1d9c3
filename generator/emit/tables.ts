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

/**
 * runtime/generated/currencies.ts: the ISO 4217 minor unit of every currency that does not have two
 * (JPY, KRW, VND have none; KWD has three), so amounts show as players of each market expect.
 */
export function emitCurrencyTable(currencies: Readonly<Record<string, { digits: number }>>): EmittedFile {
  const odd = Object.fromEntries(
    Object.entries(currencies)
      .filter(([, c]) => c.digits !== 2)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([code, c]) => [code, c.digits]),
  );
  return {
    path: "currencies.ts",
    contents:
      `${GENERATED_HEADER}/** Decimals of an amount in each currency whose ISO 4217 minor unit is not 2 (schema/currencies.json). */\n` +
      `const minorUnits: Record<string, number> = ${literal(odd)};\n\n` +
      `/** Decimals of an amount in \`currency\`: its ISO 4217 minor unit (2 for every currency not listed). */\n` +
      `export const minorDigits = (currency: string): number => minorUnits[currency] ?? 2;\n`,
  };
}
