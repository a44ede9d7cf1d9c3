// Brand-independent tables: the route manifests and the payment-method table.

import type { PaymentMethodCatalogue } from "../../core/browser/generated/payment-types.ts";
import { newLayoutRoutes, oldLayoutRoutes } from "../../core/browser/routes.ts";
import { type EmittedFile, GENERATED_HEADER, literal } from "./file.ts";

export function emitRouteManifests(): EmittedFile {
  return {
    path: "routes.ts",
    contents:
      `${GENERATED_HEADER}import type { RouteEntry } from "../../core/browser/routes.ts";\n\n` +
      `export type { RouteEntry, Screen, Feature } from "../../core/browser/routes.ts";\n\n` +
      `/** The new layout's routes. */\n` +
      `export const newLayoutRoutes: RouteEntry[] = ${literal(newLayoutRoutes)};\n\n` +
      `/** The old layout's routes, with the step bar indexes. */\n` +
      `export const oldLayoutRoutes: RouteEntry[] = ${literal(oldLayoutRoutes)};\n\n` +
      `/** Each layout's routes. */\n` +
      `export const layoutRoutes = { old: oldLayoutRoutes, new: newLayoutRoutes } as const;\n`,
  };
}

export function emitPaymentTable(catalogue: PaymentMethodCatalogue): EmittedFile {
  const methods = [...catalogue.methods].sort((a, b) => a.id - b.id);
  return {
    path: "payment-methods.ts",
    contents:
      `${GENERATED_HEADER}import type { FlowTraits, PaymentFlow, PaymentMethod } from "../../core/browser/generated/payment-types.ts";\n\n` +
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
  // Space-separated codes: a few dozen bytes in the first script, where every byte is budgeted.
  const withDigits = (digits: number) =>
    Object.entries(currencies)
      .filter(([, c]) => c.digits === digits)
      .map(([code]) => code)
      .sort()
      .join(" ");
  const others = [...new Set(Object.values(currencies).map((c) => c.digits))].filter((d) => d !== 0 && d !== 2 && d !== 3);
  if (others.length) throw new Error(`schema/currencies.json: minor units other than 0, 2 and 3 are not supported: ${others.join(", ")}`);
  return {
    path: "currencies.ts",
    contents:
      `${GENERATED_HEADER}/** Currencies whose ISO 4217 minor unit is 0, and those whose is 3 (schema/currencies.json); all others have 2. */\n` +
      `const NONE = ${JSON.stringify(withDigits(0))};\n` +
      `const THREE = ${JSON.stringify(withDigits(3))};\n\n` +
      `/** Decimals of an amount in \`currency\`: its ISO 4217 minor unit (2 for every currency not listed). */\n` +
      `export const minorDigits = (currency: string): number => (/^[A-Z]{3}$/.test(currency) ? (NONE.includes(currency) ? 0 : THREE.includes(currency) ? 3 : 2) : 2);\n`,
  };
}
