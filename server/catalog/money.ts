// The sandbox's money rules over core/browser/money/minor.ts: its fixed exchange rates from the catalogue's
// base currency (rates.json), each currency's price step, and the wire's decimals. Every amount in
// and out of here is whole minor units; the one rounding rule is half up, applied once.

import { compareConverted, convert, cross, inverse, type Ratio, ratio, toDecimal, toMinor } from "../../core/browser/money/minor.ts";
import { minorDigits } from "../../core/node/money/currencies.ts";

/** The catalogue's prices are US dollars, written with cents. */
export const BASE = "USD";
export const BASE_DIGITS = 2;

/** rates.json: each currency's units per US dollar and its price step, as exact decimal strings. */
export interface RatesData {
  base: "USD";
  currencies: Record<string, { perBase: string; step: string }>;
}

export interface CurrencyRule {
  code: string;
  /** ISO 4217 minor unit: decimals of an amount. */
  digits: number;
  /** Units of this currency one US dollar buys. */
  perBase: Ratio;
  /** Prices are whole multiples of this many minor units. */
  step: number;
}

export interface SandboxMoney {
  rule(currency: string): CurrencyRule;
  /** A catalogue price (US cents) in `currency`, rounded half up once to its price step. */
  fromBase(cents: number, currency: string): number;
  /** An amount as US cents, half up (VIP growth points are one per US cent). */
  toBaseCents(minor: number, currency: string): number;
  /** Whether rates.json prices this currency (others price 1 : 1 with the base, and never convert). */
  has(currency: string): boolean;
  /**
   * An amount of one currency in another (a prepaid card on a game of another currency), half up at
   * the minor unit. Throws for a currency rates.json does not price: nothing converts at face value.
   */
  between(minor: number, from: string, to: string): number;
  /** Whether an amount is worth at least `cents` US cents, decided on the exact value. */
  reachesBase(minor: number, currency: string, cents: number): boolean;
}

/** The rules of rates.json; a currency it does not list prices at 1 : 1 with a step of one minor unit. */
export function sandboxMoney(data: RatesData): SandboxMoney {
  const rules = new Map<string, CurrencyRule>();
  for (const [code, rate] of Object.entries(data.currencies)) {
    const digits = minorDigits(code);
    rules.set(code, { code, digits, perBase: ratio(rate.perBase), step: toMinor(rate.step, digits) });
  }
  const rule = (currency: string): CurrencyRule => {
    let found = rules.get(currency);
    if (!found) {
      found = { code: currency, digits: minorDigits(currency), perBase: ratio("1"), step: 1 };
      rules.set(currency, found);
    }
    return found;
  };
  return {
    rule,
    fromBase(cents, currency) {
      const currencyRule = rule(currency);
      return convert(cents, BASE_DIGITS, currencyRule.perBase, currencyRule.digits, currencyRule.step);
    },
    toBaseCents(minor, currency) {
      const currencyRule = rule(currency);
      return convert(minor, currencyRule.digits, inverse(currencyRule.perBase), BASE_DIGITS);
    },
    has: (currency) => currency in data.currencies,
    between(minor, from, to) {
      if (from === to) return minor;
      for (const code of [from, to])
        if (!(code in data.currencies)) throw new Error(`rates.json has no rate for ${code}: an amount in it cannot be converted`);
      const fromRule = rule(from);
      const toRule = rule(to);
      return convert(minor, fromRule.digits, cross(fromRule.perBase, toRule.perBase), toRule.digits);
    },
    reachesBase(minor, currency, cents) {
      const currencyRule = rule(currency);
      return compareConverted(minor, currencyRule.digits, inverse(currencyRule.perBase), BASE_DIGITS, cents) >= 0;
    },
  };
}

/** Minor units as the wire's decimal number (docs/decisions.md, "Money, effects and time"), with the currency's own decimals. */
export const toWire = (minor: number, currency: string): number => toDecimal(minor, minorDigits(currency));

/** A wire amount as minor units; undefined when it has more decimals than the currency or is not an amount. */
export function fromWire(value: unknown, currency: string): number | undefined {
  if (typeof value !== "number" && typeof value !== "string") return undefined;
  try {
    return toMinor(value, minorDigits(currency));
  } catch {
    return undefined;
  }
}
