// The payment-method catalogue (schema/payment-methods.json): every method, its endpoints and its
// flow, and what each flow means (its traits). Node side: loaded once, checked against its schema.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { FlowTraits, PaymentFlow, PaymentMethod, PaymentMethodCatalogue, PaymentWord } from "../../browser/generated/payment-types.ts";
import { type DisplayWords, displayName } from "../../browser/payments/display.ts";
import { corePaths } from "../paths.ts";

export type { FlowTraits, PaymentFlow, PaymentMethod, PaymentMethodCatalogue };

/** The catalogue, checked against its schema; a broken catalogue stops whoever loads it. */
export function loadPaymentCatalogue(): PaymentMethodCatalogue {
  const catalogue = JSON.parse(readFileSync(corePaths.paymentMethods, "utf8"));
  const schema = JSON.parse(readFileSync(corePaths.paymentMethodsSchema, "utf8"));
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

let loaded: PaymentMethodCatalogue | undefined;
const catalogue = () => (loaded ??= loadPaymentCatalogue());

export const methodById: ReadonlyMap<number, PaymentMethod> = new Map(catalogue().methods.map((m) => [m.id, m]));

/** What a method's flow means (schema/payment-methods.json `flows`). */
export const traitsOf = (method: PaymentMethod): FlowTraits => catalogue().flows[method.flow];

let english: DisplayWords | undefined;
/** English's words from the storefront's own English (locales/en.json), so the platform and the store say the same. */
function englishWords(): DisplayWords {
  if (english) return english;
  const strings = JSON.parse(readFileSync(join(corePaths.locales, "en.json"), "utf8")) as {
    payment: { word: Record<PaymentWord, string>; withWord: string };
  };
  const { word, withWord } = strings.payment;
  english = { word: (w) => word[w], withWord: (provider, w) => withWord.replace("{{provider}}", provider).replace("{{word}}", w) };
  return english;
}

/** The method's name as players see it, in English: what the platform answers (`payway_name`); never the internal `name`. */
export const englishName = (method: PaymentMethod): string => displayName(method.display, englishWords());

/** Whether `path` is one of the method's start endpoints. */
export const startsAt = (method: PaymentMethod, path: string) => method.endpoints.start === path || method.endpoints.kr === path;

/** The prepaid-card exchange: the method whose flow is the card form (PrepaidCard in the catalogue). */
export const CARD_PAYWAY_ID: number = (() => {
  const card = catalogue().methods.find((m) => m.flow === "cardForm");
  if (!card) throw new Error("schema/payment-methods.json has no method with the cardForm flow");
  return card.id;
})();
