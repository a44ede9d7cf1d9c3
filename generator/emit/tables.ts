// Brand-independent tables: the route manifests and the payment-method table.
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { PaymentMethodCatalogue } from "../../runtime/generated/payment-types.ts";
import { paths } from "../paths.ts";
import { newLayoutRoutes, oldLayoutRoutes } from "../routes.ts";
import { type EmittedFile, GENERATED_HEADER, literal } from "./file.ts";

/** The payment-method catalogue, checked against its schema (a broken catalogue stops the build). */
export function loadPaymentCatalogue(): PaymentMethodCatalogue {
  const catalogue = JSON.parse(readFileSync(paths.paymentMethods, "utf8"));
  const schema = JSON.parse(readFileSync(paths.paymentMethodsSchema, "utf8"));
  const validate = new Ajv2020({ allErrors: true, useDefaults: true }).compile(schema);
  if (!validate(catalogue)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`).join("; ");
    throw new Error(`schema/payment-methods.json is invalid: ${problems}`);
  }
  const ids = (catalogue as PaymentMethodCatalogue).methods.map((m) => m.id);
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup !== undefined) throw new Error(`schema/payment-methods.json lists payway id ${dup} twice`);
  return catalogue as PaymentMethodCatalogue;
}

export function emitRouteManifests(): EmittedFile {
  return {
    path: "routes.ts",
    contents:
      `${GENERATED_HEADER}import type { RouteEntry } from "../../generator/routes.ts";\n\n` +
      `export type { RouteEntry, Screen, Feature } from "../../generator/routes.ts";\n\n` +
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
      `${GENERATED_HEADER}import type { PaymentMethod } from "./payment-types.ts";\n\n` +
      `export type { PaymentMethod, PaymentFlow } from "./payment-types.ts";\n\n` +
      `/** Every payment method by payway id (schema/payment-methods.json). */\n` +
      `export const paymentMethods: Record<number, PaymentMethod> = ${literal(Object.fromEntries(methods.map((m) => [m.id, m])))};\n`,
  };
}
