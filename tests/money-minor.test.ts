// Money as integer minor units: exact, one rounding rule (half up at the minor unit), properties
// checked with fast-check against exact rational arithmetic.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convert, decimalText, ratio, roundHalfUp, roundToStep, times, toDecimal, toMinor } from "../core/money/minor.ts";

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
});
