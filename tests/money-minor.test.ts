// Money as integer minor units: exact, one rounding rule (half up at the minor unit), properties
// checked with fast-check against exact rational arithmetic.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareConverted,
  convert,
  cross,
  decimalText,
  inverse,
  ratio,
  roundHalfUp,
  roundToStep,
  times,
  toDecimal,
  toMinor,
} from "../core/browser/money/minor.ts";

const SEED = { seed: 20261125, numRuns: 500 };
const digits = fc.constantFrom(0, 2, 3);
/** Up to a million dollars in cents: what a sandbox order can hold, with room for any rate below. */
const amount = fc.integer({ min: 0, max: 100_000_000 });
/** Decimal rates as operators write them: up to 4 decimals, e.g. 0.95, 7.2, 1350, 0.0625. */
const decimalRate = fc
  .tuple(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 4 }))
  .map(([whole, frac, places]) => (places === 0 ? String(whole) : `${whole}.${String(frac).padStart(4, "0").slice(0, places)}`));

/** Half up, characterised: r = ⌊x + ½⌋ ⇔ 2r·den ≤ 2·num + den < 2(r+1)·den. */
const isHalfUp = (r: bigint, num: bigint, den: bigint) => 2n * r * den <= 2n * num + den && 2n * num + den < 2n * (r + 1n) * den;

describe("minor units", () => {
  it("the known cases: half up at the minor unit, where binary floats go wrong", () => {
    // Math.round(x*100)/100 gives 1 for 1.005 but also 1 for 0.995: both are half-way cases.
    expect(times(1005, ratio("0.1"))).toBe(101); // 100.5 → 101
    expect(times(995, ratio("0.1"))).toBe(100); // 99.5 → 100
    expect(times(4700, ratio("0.95"))).toBe(4465); // MYR 47.00 × 0.95 = 44.65 exactly
    expect(times(499, ratio("0.95"))).toBe(474); // 474.05 → 474
    expect(roundHalfUp(5n, 2n)).toBe(3n);
    expect(roundToStep(7455, 10)).toBe(7460);
    expect(decimalText(5, 2)).toBe("0.05");
    expect(decimalText(750, 0)).toBe("750");
    expect(toDecimal(199999, 2)).toBe(1999.99);
  });

  it("decimal ↔ minor units round-trip exactly, and more decimals than the currency has are refused", () => {
    fc.assert(
      fc.property(amount, digits, (minor, d) => {
        expect(toMinor(decimalText(minor, d), d)).toBe(minor);
        expect(toMinor(toDecimal(minor, d), d)).toBe(minor);
      }),
      SEED,
    );
    expect(() => toMinor("4.999", 2)).toThrow(/more decimals/);
    expect(() => toMinor(750.5, 0)).toThrow(/more decimals/);
  });

  it("a discount is the exact product rounded half up, once", () => {
    fc.assert(
      fc.property(amount, decimalRate, (minor, rate) => {
        const r = ratio(rate);
        expect(isHalfUp(BigInt(times(minor, r)), BigInt(minor) * r.num, r.den)).toBe(true);
      }),
      SEED,
    );
  });

  it("a conversion is the exact product rounded half up at the target's minor unit", () => {
    fc.assert(
      fc.property(
        amount,
        digits,
        digits,
        decimalRate.filter((r) => ratio(r).num > 0n),
        (minor, from, to, rate) => {
          const r = ratio(rate);
          const result = BigInt(convert(minor, from, r, to));
          expect(isHalfUp(result, BigInt(minor) * r.num * 10n ** BigInt(to), r.den * 10n ** BigInt(from))).toBe(true);
        },
      ),
      SEED,
    );
  });

  it("to a currency of smaller units and back, an amount comes back within one minor unit", () => {
    // USD cents to yen, won, NT$ cents, rupiah… (each worth less than a US cent) and back.
    const RATES: Record<string, number> = { "150": 0, "1350": 0, "32": 2, "16000": 2, "25000": 0, "1.35": 2, "7.2": 2 };
    fc.assert(
      fc.property(amount, fc.constantFrom(...Object.keys(RATES)), (cents, rate) => {
        const r = ratio(rate);
        const to = RATES[rate] ?? 2;
        const there = convert(cents, 2, r, to);
        const back = convert(there, to, { num: r.den, den: r.num }, 2);
        expect(Math.abs(back - cents)).toBeLessThanOrEqual(1);
      }),
      SEED,
    );
  });

  it("a price step is part of the one rounding: never rounded to the minor unit first", () => {
    // 0.67 USD × 150 = ¥100.5 → ¥101 at the yen, but ¥100 at a ¥10 step from the exact value.
    expect(convert(67, 2, ratio("150"), 0, 10)).toBe(100);
    // Rounding to the yen first and then to ¥10 would make 105.0 → 110 from 104.5: the exact value says 100.
    expect(convert(6967, 2, ratio("1.5"), 0, 10)).toBe(100);
    fc.assert(
      fc.property(
        amount,
        digits,
        digits,
        fc.constantFrom(1, 5, 10, 100, 1000),
        decimalRate.filter((r) => ratio(r).num > 0n),
        (minor, from, to, step, rate) => {
          const r = ratio(rate);
          const result = BigInt(convert(minor, from, r, to, step));
          expect(result % BigInt(step)).toBe(0n);
          const num = BigInt(minor) * r.num * 10n ** BigInt(to);
          const den = r.den * 10n ** BigInt(from) * BigInt(step);
          expect(isHalfUp(result / BigInt(step), num, den)).toBe(true);
        },
      ),
      SEED,
    );
  });

  it("thresholds are compared on exact values, and rates cross through a base", () => {
    // 4.00 USD minimum spend in MYR at 4.7 per USD: 18.80 reaches it exactly, 18.79 does not.
    const perUsd = ratio("4.7");
    expect(compareConverted(1880, 2, inverse(perUsd), 2, 400)).toBe(0);
    expect(compareConverted(1879, 2, inverse(perUsd), 2, 400)).toBe(-1);
    expect(compareConverted(1881, 2, inverse(perUsd), 2, 400)).toBe(1);
    // A 160 TWD card on a MYR game: 160 × 4.7 / 32 = 23.50 MYR, not 160 MYR.
    expect(convert(16000, 2, cross(ratio("32"), ratio("4.7")), 2)).toBe(2350);
    expect(() => inverse(ratio("0"))).toThrow(RangeError);
    fc.assert(
      fc.property(
        amount,
        digits,
        digits,
        decimalRate.filter((r) => ratio(r).num > 0n),
        (minor, from, to, rate) => {
          const r = ratio(rate);
          const rounded = convert(minor, from, r, to);
          // Rounding moves an amount by less than one minor unit: the exact value lies strictly
          // between the minor units either side of the rounded one.
          expect(compareConverted(minor, from, r, to, rounded + 1)).toBe(-1);
          if (rounded > 0) expect(compareConverted(minor, from, r, to, rounded - 1)).toBe(1);
        },
      ),
      SEED,
    );
  });
});
