// Money as integers: an amount is a whole number of its currency's minor units (cents, or yen for
// JPY), with the ISO 4217 currency beside it. Every conversion and discount is exact rational
// arithmetic, rounded once, half up, at the currency's minor unit. Browser-safe: the minor unit of a
// currency comes in as `digits` (schema/currencies.json, via core/node/money/currencies.ts on the platform).

export interface Money {
  /** Whole minor units (≥ 0 for prices). */
  minor: number;
  /** ISO 4217 code. */
  currency: string;
}

/** A non-negative exact ratio, e.g. a discount rate 0.95 = 95/100 or an exchange rate 7.2 = 72/10. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

const TEN = 10n;
const pow10 = (n: number) => TEN ** BigInt(n);

/** A decimal written as text or a JS number (its shortest decimal form), as an exact ratio. */
export function ratio(value: string | number): Ratio {
  const text = typeof value === "number" ? numberText(value) : value.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`'${text}' is not a non-negative decimal`);
  const decimals = match[2] ?? "";
  return { num: BigInt(`${match[1]}${decimals}`), den: pow10(decimals.length) };
}

function numberText(value: number): string {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${value} is not a non-negative finite amount`);
  // JS prints the shortest text that reads back as the same double: 0.1 + 0.2 is "0.30000000000000004", 4.99 is "4.99".
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, "");
}

/** num/den rounded half up to a whole number (the one rounding rule). */
export function roundHalfUp(num: bigint, den: bigint): bigint {
  if (den <= 0n) throw new RangeError("a ratio needs a positive denominator");
  if (num < 0n) return -roundHalfUp(-num, den);
  return (2n * num + den) / (2n * den);
}

function safe(n: bigint): number {
  const value = Number(n);
  if (!Number.isSafeInteger(value)) throw new RangeError(`${n} minor units do not fit a safe integer`);
  return value;
}

/**
 * A decimal amount (the wire's number, a config's price) as minor units. More decimals than the
 * currency has is an error, never a silent rounding: the wire carries what was decided.
 */
export function toMinor(value: string | number, digits: number): number {
  const { num, den } = ratio(value);
  const scaled = num * pow10(digits);
  if (scaled % den !== 0n) throw new RangeError(`${value} has more decimals than the currency's ${digits}`);
  return safe(scaled / den);
}

/** Minor units as the wire's decimal number (amounts travel as decimals, docs/api.md): 499 USD cents → 4.99. */
export function toDecimal(minor: number, digits: number): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${minor} is not a whole number of minor units`);
  return digits === 0 ? minor : Number(`${minor < 0 ? "-" : ""}${decimalText(Math.abs(minor), digits)}`);
}

/** Minor units as decimal text with exactly the currency's decimals: 750 JPY → "750", 5 USD cents → "0.05". */
export function decimalText(minor: number, digits: number): string {
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  const sign = minor < 0 ? "-" : "";
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** An amount times a ratio (a discount rate, a share), rounded half up at the minor unit. */
export function times(minor: number, by: Ratio): number {
  return safe(roundHalfUp(BigInt(minor) * by.num, by.den));
}

/**
 * An amount in another currency: `rate` is how many units of `to` one unit of `from` buys. Exact
 * until the one rounding, half up at `to`'s minor unit, or at a price step of `step` minor units
 * (¥10, ₩100) when one is given: the step is part of that one rounding, never a second one.
 */
export function convert(minor: number, fromDigits: number, rate: Ratio, toDigits: number, step = 1): number {
  if (!Number.isSafeInteger(step) || step <= 0) throw new RangeError(`a step of ${step} minor units`);
  const num = BigInt(minor) * rate.num * pow10(toDigits);
  const den = rate.den * pow10(fromDigits) * BigInt(step);
  return safe(roundHalfUp(num, den) * BigInt(step));
}

/**
 * Compares the exact (unrounded) conversion of `minor` with `other` minor units of the target
 * currency: -1 below, 0 equal, 1 above. Thresholds ("a minimum spend of 4 US dollars") are
 * decided on exact values, so no rounding can let a price slip under or over one.
 */
export function compareConverted(minor: number, fromDigits: number, rate: Ratio, toDigits: number, other: number): -1 | 0 | 1 {
  const left = BigInt(minor) * rate.num * pow10(toDigits);
  const right = BigInt(other) * rate.den * pow10(fromDigits);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The ratio that undoes `rate` (units of `from` per unit of `to`). */
export function inverse(rate: Ratio): Ratio {
  if (rate.num === 0n) throw new RangeError("a zero rate has no inverse");
  return { num: rate.den, den: rate.num };
}

/** Rate from → to through a common base: `toPerBase` / `fromPerBase` (e.g. TWD → MYR through USD). */
export function cross(fromPerBase: Ratio, toPerBase: Ratio): Ratio {
  if (fromPerBase.num === 0n) throw new RangeError("a zero rate cannot be crossed");
  return { num: toPerBase.num * fromPerBase.den, den: toPerBase.den * fromPerBase.num };
}

/** The amount rounded half up to a multiple of `step` minor units (a price point such as ¥10 or ₩100). */
export function roundToStep(minor: number, step: number): number {
  if (!Number.isSafeInteger(step) || step <= 0) throw new RangeError(`a step of ${step} minor units`);
  return safe(roundHalfUp(BigInt(minor), BigInt(step)) * BigInt(step));
}
