// The loyalty rules: VIP progress, coupon tags and buttons, names, times, the preselected coupon,
// the coupon row, and how My page names an order.
import { describe, expect, it } from "vitest";
import type { Coupon } from "../core/browser/generated/api-types.ts";
import { orderState } from "../runtime/features/loyalty/order-state.ts";
import { couponAction, couponName, couponTime, percentOff, splitCoupons, vipProgress } from "../runtime/features/loyalty/rules.ts";
import { couponRowState, lowestDiscount } from "../runtime/shared/coupon/order-coupon.ts";

const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  code: "CP1",
  name: "5% off",
  use_category: "avail",
  is_used: false,
  used_time: 0,
  valid_end_time: 1_790_000_000,
  time_zone: "+08:00",
  discount_rate: 0.95,
  kind: "permanent",
  ...over,
});

describe("VIP progress", () => {
  it("is the share of the way from this level to the next, with 2 decimals", () => {
    // All growth points over the next level's need (docs/decisions.md), not the span since the current level.
    expect(vipProgress(6000, 20000)).toEqual({ percent: "30.00", top: false });
    expect(vipProgress(1, 3)).toEqual({ percent: "33.33", top: false });
    expect(vipProgress(2, 3)).toEqual({ percent: "66.66", top: false });
  });
  it("rounds down the exact quotient, not a binary float's approximation of it", () => {
    // 1999 / 5000 = 0.3998 exactly; as floats ×100 it is 39.979999…, which floors to 39.97.
    expect(vipProgress(1999, 5000).percent).toBe("39.98");
    for (let need = 1; need <= 400; need++) {
      for (let total = 0; total <= need; total++) {
        const basisPoints = (BigInt(total) * 10_000n) / BigInt(need); // exact integer division
        expect(vipProgress(total, need).percent).toBe(`${basisPoints / 100n}.${String(basisPoints % 100n).padStart(2, "0")}`);
      }
    }
  });
  it("never rounds up to 100 % before the level is reached, and stays within 0–100", () => {
    expect(vipProgress(19_999, 20000).percent).toBe("99.99");
    expect(vipProgress(25_000, 20000).percent).toBe("100.00");
    expect(vipProgress(0, 20000).percent).toBe("0.00");
  });
  it("shows 100 % and the highest-level state at the top level", () => {
    expect(vipProgress(60_000, 0)).toEqual({ percent: "100.00", top: true });
  });
});

describe("coupon tag and button by use_category", () => {
  it("claim → claimable with receive; lock → not usable without a button", () => {
    expect(couponAction(coupon({ use_category: "claim" }), "claim")).toEqual({ tag: "claimable", button: "receive" });
    expect(couponAction(coupon({ use_category: "claim" }), "consume")).toEqual({ tag: "claimable", button: "receive" });
    expect(couponAction(coupon({ use_category: "lock" }), "consume")).toEqual({ tag: "unusable", button: null });
  });
  it("avail → 'use' in the claim popup; in the consume popup 'cancel' on the picked one and 'use' on the others", () => {
    expect(couponAction(coupon(), "claim", "CP1")).toEqual({ tag: "usable", button: "use" });
    expect(couponAction(coupon(), "consume", "CP1")).toEqual({ tag: "usable", button: "cancel" });
    expect(couponAction(coupon(), "consume", "CP2")).toEqual({ tag: "usable", button: "use" });
    expect(couponAction(coupon(), "consume")).toEqual({ tag: "usable", button: "use" });
  });
  it("history → used or expired by is_used", () => {
    expect(couponAction(coupon({ use_category: "history", is_used: true }), "claim")).toEqual({ tag: "used", button: null });
    expect(couponAction(coupon({ use_category: "history", is_used: false }), "claim")).toEqual({ tag: "expired", button: null });
  });
});

describe("coupon names", () => {
  const map = JSON.stringify({ en: "5% off", ja: "5%オフ", "zh-tw": "95折" });
  it("reads a JSON map in the current locale, then the default locale, then the first value", () => {
    expect(couponName(map, "ja", "en")).toBe("5%オフ");
    expect(couponName(map, "zh-tw", "en")).toBe("95折");
    expect(couponName(map, "de", "ja")).toBe("5%オフ");
    expect(couponName(map, "de", "ko")).toBe("5% off");
    expect(couponName(JSON.stringify({ ko: "할인" }), "de", "fr")).toBe("할인");
  });
  it("matches a locale's language when the region differs, and skips empty entries", () => {
    expect(couponName(JSON.stringify({ zh: "九五折", en: "x" }), "zh-cn", "en")).toBe("九五折");
    expect(couponName(JSON.stringify({ ja: "", en: "5% off" }), "ja", "en")).toBe("5% off");
  });
  it("shows plain text, and anything malformed, as the text it is", () => {
    expect(couponName("Welcome 7% off", "ja", "en")).toBe("Welcome 7% off");
    expect(couponName("{not json", "ja", "en")).toBe("{not json");
    expect(couponName("[1,2]", "ja", "en")).toBe("[1,2]");
    expect(couponName('{"en": 5}', "en", "en")).toBe('{"en": 5}');
    expect(couponName("{}", "en", "en")).toBe("{}");
  });
});

describe("coupon times", () => {
  it("shows the used time when used, else the end of validity, in the coupon's time zone", () => {
    // 2026-09-21 14:13:20 UTC
    const used = coupon({ is_used: true, used_time: 1_790_000_000, valid_end_time: 1_800_000_000, time_zone: "+08:00" });
    expect(couponTime(used)).toEqual({ kind: "usedAt", text: "2026/09/21 22:13 (UTC+8)" });
    const open = coupon({ valid_end_time: 1_790_000_000, time_zone: "-05:30" });
    expect(couponTime(open)).toEqual({ kind: "validUntil", text: "2026/09/21 08:43 (UTC-5:30)" });
  });
});

describe("the preselected coupon", () => {
  it("is the lowest discount_rate, the earliest to expire on a tie", () => {
    const list = [
      coupon({ code: "A", discount_rate: 0.95 }),
      coupon({ code: "B", discount_rate: 0.9, valid_end_time: 2_000 }),
      coupon({ code: "C", discount_rate: 0.9, valid_end_time: 1_000 }),
      coupon({ code: "D", discount_rate: 0.97 }),
    ];
    expect(lowestDiscount(list)?.code).toBe("C");
    expect(lowestDiscount([])).toBeUndefined();
    expect(percentOff(0.9)).toBe(10);
  });
  it("splits the popup's lists into claimable, usable and not usable", () => {
    const lists = splitCoupons([
      coupon({ code: "A", use_category: "claim" }),
      coupon({ code: "B" }),
      coupon({ code: "C", use_category: "lock" }),
    ]);
    expect([lists.claimable, lists.usable, lists.unusable].map((l) => l.map((c) => c.code))).toEqual([["A"], ["B"], ["C"]]);
  });
});

describe("the coupon row of the recharge sheet", () => {
  const usable = [coupon({ code: "A" }), coupon({ code: "B", discount_rate: 0.9 })];
  const base = { vip: true, goodsTakesCoupons: true, channel: { open_coupon: true }, available: true, usable, selectedCode: "B" };
  it("is hidden outside the VIP version", () => {
    expect(couponRowState({ ...base, vip: false })).toEqual({ kind: "hidden" });
  });
  it("says why no coupon applies: the goods, then the channel", () => {
    expect(couponRowState({ ...base, goodsTakesCoupons: false }).kind).toBe("notSupported");
    expect(couponRowState({ ...base, channel: { open_coupon: false } }).kind).toBe("channelNotSupported");
  });
  it("offers to claim more when none is usable or coupons are unavailable", () => {
    expect(couponRowState({ ...base, usable: [] }).kind).toBe("claimMore");
    expect(couponRowState({ ...base, available: false }).kind).toBe("claimMore");
  });
  it("asks to select when none is chosen, and names the applied one (also before a channel is chosen)", () => {
    expect(couponRowState({ ...base, selectedCode: undefined }).kind).toBe("select");
    expect(couponRowState({ ...base, channel: undefined })).toMatchObject({ kind: "applied", coupon: { code: "B" } });
    expect(couponRowState({ ...base, selectedCode: "gone" }).kind).toBe("select");
  });
});

describe("order state on My page", () => {
  it("tells paid from delivered", () => {
    expect(orderState({ status: 1 })).toBe("paid");
    expect(orderState({ status: 1, delivered_at: 1_790_000_000 })).toBe("delivered");
    expect(orderState({ status: -1 })).toBe("pending");
    expect(orderState({ status: 10 })).toBe("pending");
    expect(orderState({ status: -2 })).toBe("failed");
  });
});
