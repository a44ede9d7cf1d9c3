// The loyalty rules the screens show (coupons and VIP levels), as pure functions.
import type { Coupon } from "../../../core/browser/generated/api-types.ts";
import { formatTime } from "../../lib/time.ts";

/**
 * Progress to the next level (docs/decisions.md, "Loyalty"): all growth points ÷ the next level's
 * required points, a percent with 2 decimals rounded down; the highest level shows 100 %.
 */
export function vipProgress(totalPoints: number, nextNeed: number): { percent: string; top: boolean } {
  if (nextNeed <= 0) return { percent: "100.00", top: true };
  // In hundredths of a percent, from an integer numerator: one division, floored, so 1999 of 5000
  // reads 39.98 (not the 39.97 of 0.3998 × 100 in binary floats) and 99.999 % never reads 100.00.
  const points = Math.min(nextNeed, Math.max(0, totalPoints));
  const basisPoints = Math.floor((points * 10_000) / nextNeed);
  return { percent: (basisPoints / 100).toFixed(2), top: false };
}

export type CouponTag = "claimable" | "usable" | "unusable" | "used" | "expired";
export type CouponButton = "receive" | "use" | "cancel" | null;
/** 'claim': the reward popup of the VIP centre and My page; 'consume': picking a coupon for an order. */
export type CouponPopupMode = "claim" | "consume";

/** Tag and button by use_category: claim → receive, avail → use or cancel, lock, history. */
export function couponAction(
  coupon: Pick<Coupon, "use_category" | "is_used" | "code">,
  mode: CouponPopupMode,
  selectedCode?: string,
): { tag: CouponTag; button: CouponButton } {
  switch (coupon.use_category) {
    case "claim":
      return { tag: "claimable", button: "receive" };
    case "avail":
      if (mode === "claim") return { tag: "usable", button: "use" };
      return { tag: "usable", button: coupon.code === selectedCode ? "cancel" : "use" };
    case "lock":
      return { tag: "unusable", button: null };
    default:
      return { tag: coupon.is_used ? "used" : "expired", button: null };
  }
}

/**
 * A coupon's name: plain text, or a JSON map locale → text read in the current locale, then the
 * default locale, then the first value. Anything malformed shows as the text it is.
 */
export function couponName(raw: string, language: string, defaultLanguage: string): string {
  const text = raw.trim();
  if (!text.startsWith("{")) return raw;
  let map: unknown;
  try {
    map = JSON.parse(text);
  } catch {
    return raw;
  }
  if (typeof map !== "object" || map === null || Array.isArray(map)) return raw;
  const entries = Object.entries(map as Record<string, unknown>).filter(
    (e): e is [string, string] => typeof e[1] === "string" && e[1].trim() !== "",
  );
  const find = (lang: string) => {
    const l = lang.toLowerCase();
    return entries.find(([k]) => k.toLowerCase() === l)?.[1] ?? entries.find(([k]) => k.toLowerCase() === l.split("-")[0])?.[1];
  };
  return find(language) ?? find(defaultLanguage) ?? entries[0]?.[1] ?? raw;
}

/** The time a coupon shows: used time when used, else its end of validity, in the coupon's zone. */
export function couponTime(coupon: Pick<Coupon, "is_used" | "used_time" | "valid_end_time" | "time_zone">): {
  kind: "usedAt" | "validUntil";
  text: string;
} {
  if (coupon.is_used && coupon.used_time > 0) return { kind: "usedAt", text: formatTime(coupon.used_time, coupon.time_zone) };
  return { kind: "validUntil", text: formatTime(coupon.valid_end_time, coupon.time_zone) };
}

/** Percent off a discount_rate stands for: 0.9 → 10. */
export const percentOff = (rate: number) => Math.round((1 - rate) * 100);

/** The coupon lists of the popup: usable and not usable (the platform's avail and lock categories), and claimable. */
export function splitCoupons(coupons: Coupon[]): { usable: Coupon[]; unusable: Coupon[]; claimable: Coupon[] } {
  return {
    claimable: coupons.filter((c) => c.use_category === "claim"),
    usable: coupons.filter((c) => c.use_category === "avail"),
    unusable: coupons.filter((c) => c.use_category === "lock"),
  };
}
