// The ISO 4217 currencies of schema/currencies.json: each code's minor unit (how many decimals an
// amount has). Node side; the storefront gets a currency's digits from the platform's answers.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { corePaths } from "../paths.ts";

export interface CurrencyFacts {
  digits: number;
  name: string;
}

export const CURRENCIES: Readonly<Record<string, CurrencyFacts>> = (
  JSON.parse(readFileSync(join(corePaths.schema, "currencies.json"), "utf8")) as { currencies: Record<string, CurrencyFacts> }
).currencies;

/** Decimals of an amount in `currency`; an unknown code is refused rather than guessed. */
export function minorDigits(currency: string): number {
  const facts = CURRENCIES[currency];
  if (!facts) throw new RangeError(`'${currency}' is not an ISO 4217 currency of schema/currencies.json`);
  return facts.digits;
}

/** Names players and publishers use for a currency that ISO 4217 spells otherwise. */
const ALIASES: Readonly<Record<string, string>> = {
  RMB: "CNY",
  NTD: "TWD",
  NT: "TWD",
  YEN: "JPY",
  WON: "KRW",
  EURO: "EUR",
  RM: "MYR",
  BAHT: "THB",
};

/** The ISO 4217 code of a common non-ISO name (RMB → CNY), or undefined. */
export const isoCodeOf = (name: string): string | undefined => ALIASES[name.trim().toUpperCase()];
