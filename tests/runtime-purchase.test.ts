// Pure rules of the purchase journey: channel price filter, sort, region dropping, Apple-pay on iOS
// only, buy label and disable rules, limit states and tips, the polling schedule, credential encoding.
import { describe, expect, it } from "vitest";
import type { CountryList, LimitInfo, PaymentChannel } from "../core/browser/generated/api-types.ts";
import { buyable, limitState, limitTip } from "../runtime/features/goods/limits.ts";
import { needsNoCouponConfirm } from "../runtime/features/recharge/coupon-gate.ts";
import { nextPollDelay, viewOf } from "../runtime/features/result/polling.ts";
import { encodeCardInfo, encodeCredential, isInAppBrowser } from "../runtime/lib/encode.ts";
import {
  buyLabel,
  canBuy,
  channelDescription,
  eligibleChannels,
  eligibleRegions,
  initialRegion,
  priceFits,
  razerChannelName,
} from "../runtime/lib/payment/channels.ts";
import { payPath } from "../runtime/shared/payment/pay-order.ts";
import { decodeCredential, encodeCardInfo as serverCardInfo } from "../server/domain/crypto.ts";

const ch = (over: Partial<PaymentChannel> & { payway_id: number; channel_id: string }): PaymentChannel => ({
  key: `${over.payway_id}_${over.channel_id}`,
  name: over.channel_id,
  icon: "/icon.svg",
  sort: 1,
  min_money: 0,
  max_money: 0,
  open_coupon: true,
  pay_id: "p",
  sub_payment: [],
  ...over,
});

describe("the price rule", () => {
  it.each([
    [5, 0, 0, true],
    [5, -1, -1, true],
    [5, 0, 10, true],
    [11, 0, 10, false],
    [5, 5, 0, true],
    [4.99, 5, 0, false],
    [5, 5, 10, true],
    [10, 5, 10, true],
    [10.01, 5, 10, false],
    [4, 5, 10, false],
  ])("price %d with min %d and max %d fits: %s", (price, min, max, fits) => {
    expect(priceFits(price, min, max)).toBe(fits);
  });
});

describe("eligible channels", () => {
  const web = { price: 20, platform: "web" as const };
  it("drops channels without an icon or outside min/max, and sorts by numeric sort", () => {
    const list = [
      ch({ payway_id: 10201, channel_id: "c", sort: 10 }),
      ch({ payway_id: 11001, channel_id: "a", sort: 2 }),
      ch({ payway_id: 12101, channel_id: "noicon", icon: "" }),
      ch({ payway_id: 10401, channel_id: "small", max_money: 10 }),
      ch({ payway_id: 11801, channel_id: "b", sort: 9, min_money: 20, max_money: 20 }),
    ];
    expect(eligibleChannels(list, web).map((c) => c.channel_id)).toEqual(["a", "b", "c"]);
  });
  it("keeps a parent when at least one sub-channel fits, with only the fitting ones", () => {
    const parent = ch({
      payway_id: 10103,
      channel_id: "razer",
      sub_payment: [
        ch({ payway_id: 10103, channel_id: "2", sort: 2, max_money: 10 }),
        ch({ payway_id: 10103, channel_id: "1", sort: 1 }),
        ch({ payway_id: 10103, channel_id: "3", sort: 0 }),
      ],
    });
    expect(eligibleChannels([parent], web)[0]?.sub_payment.map((s) => s.channel_id)).toEqual(["3", "1"]);
    const none = { ...parent, sub_payment: [ch({ payway_id: 10103, channel_id: "2", max_money: 10 })] };
    expect(eligibleChannels([none], web)).toEqual([]);
  });
  it("shows the Apple-pay channel or sub-channel on iOS only", () => {
    const apple = ch({ payway_id: 12101, channel_id: "applepay", apple_pay: true });
    const adyen = ch({ payway_id: 12101, channel_id: "adyen", sub_payment: [ch({ payway_id: 12101, channel_id: "scheme" }), apple] });
    expect(eligibleChannels([apple, adyen], web).flatMap((c) => [c.channel_id, ...c.sub_payment.map((s) => s.channel_id)])).toEqual([
      "adyen",
      "scheme",
    ]);
    expect(eligibleChannels([apple], { price: 20, platform: "ios" })).toHaveLength(1);
    expect(eligibleChannels([apple], { price: 20, platform: "android" })).toHaveLength(0);
  });
});

describe("regions", () => {
  const list: CountryList = {
    currency: "USD",
    country: {
      GLOBAL: [ch({ payway_id: 10201, channel_id: "pp", max_money: 5 })],
      US: [ch({ payway_id: 10201, channel_id: "pp" })],
      BR: [],
      DE: [ch({ payway_id: 11702, channel_id: "card" })],
    },
  };
  it("drops regions without an eligible channel, keeping the platform's order", () => {
    expect(eligibleRegions(list, { price: 20, platform: "web" })).toEqual(["US", "DE"]);
  });
  it("preselects the saved region, else the account's, else the first", () => {
    expect(initialRegion(["US", "DE"], "DE", "US")).toBe("DE");
    expect(initialRegion(["US", "DE"], "BR", "DE")).toBe("DE");
    expect(initialRegion(["US", "DE"], undefined, "FR")).toBe("US");
    expect(initialRegion([], "US")).toBeUndefined();
  });
});

describe("buy button", () => {
  it("is labelled 'exchange' for the card methods and 'buy' otherwise", () => {
    expect(buyLabel(12401)).toBe("exchange");
    expect(buyLabel(10201)).toBe("buy");
    expect(buyLabel(undefined)).toBe("buy");
  });
  it("needs a chosen channel without sub-channels, or both card fields in card mode", () => {
    const channel = ch({ payway_id: 10201, channel_id: "pp" });
    expect(canBuy({ channel, cardMode: false, cardNumber: "", cardPassword: "" })).toBe(true);
    expect(canBuy({ cardMode: false, cardNumber: "", cardPassword: "" })).toBe(false);
    expect(canBuy({ channel: { ...channel, sub_payment: [channel] }, cardMode: false, cardNumber: "", cardPassword: "" })).toBe(false);
    expect(canBuy({ cardMode: true, cardNumber: " 4300 ", cardPassword: "  " })).toBe(false);
    expect(canBuy({ cardMode: true, cardNumber: "4300", cardPassword: "x" })).toBe(true);
  });
  it("uses the Korean endpoint in the kr area", () => {
    expect(payPath(11401, "kr")).toBe("/api/kr_pay/naver_pay");
    expect(payPath(11401, "sea")).toBe("/api/pay/naver_pay");
    expect(payPath(99999, "kr")).toBeUndefined();
  });
  it("names Razer sub-channels and reads channel descriptions", () => {
    expect(razerChannelName("143")).toBe("truewallet");
    expect(razerChannelName("130")).toBe("internet banking");
    expect(razerChannelName("121")).toBe("banking");
    expect(razerChannelName("7")).toBeUndefined();
    expect(channelDescription('{"tip":"PIX and boleto"}')).toBe("PIX and boleto");
    expect(channelDescription("plain words")).toBe("plain words");
    expect(channelDescription("[1,2]")).toBeUndefined();
    expect(channelDescription(undefined)).toBeUndefined();
  });
});

describe("limited goods", () => {
  const now = Date.UTC(2026, 10, 22, 12);
  const info = (over: Partial<LimitInfo>): LimitInfo => ({
    product_id: "p",
    limit_type: "role",
    frequency: 1,
    day_info: 0,
    extra_pay_times: 1,
    next_pay_time: 0,
    ...over,
  });
  it("tells open, unpaid, waiting and reached apart", () => {
    expect(limitState(info({ extra_pay_times: 2 }), now)).toEqual({ kind: "open", remaining: 2 });
    expect(limitState(info({ extra_pay_times: -1, pending_billing_no: "B1" }), now)).toEqual({ kind: "unpaid", billingNo: "B1" });
    const later = Math.floor(now / 1000) + 86_400 + 3 * 3600 + 5 * 60;
    expect(limitState(info({ extra_pay_times: 0, next_pay_time: later }), now)).toEqual({ kind: "wait", until: later * 1000 });
    expect(limitState(info({ extra_pay_times: 0 }), now)).toEqual({ kind: "reached" });
    expect(buyable(limitState(info({ extra_pay_times: 0 }), now))).toBe(false);
    expect(buyable(undefined)).toBe(true);
  });
  it("gives the tip of each limit type, with the wait in days, hours and minutes", () => {
    expect(limitTip(info({ limit_type: "role", frequency: 1 }), now).rule).toEqual({ key: "goods.limit.role", count: 1 });
    expect(limitTip(info({ limit_type: "time", frequency: 2, day_info: 7 }), now).rule).toEqual({
      key: "goods.limit.time",
      count: 2,
      days: 7,
    });
    const next = Math.floor(now / 1000) + 86_400 + 3 * 3600 + 5 * 60;
    expect(limitTip(info({ limit_type: "game", extra_pay_times: 0, next_pay_time: next }), now).next).toEqual({
      days: 1,
      hours: 3,
      minutes: 5,
    });
  });
});

describe("order polling", () => {
  it("checks after 1 s, every 3 s in the first minute, every 10 s after, and stops at 15 minutes", () => {
    expect(nextPollDelay(0, 0)).toBe(1000);
    expect(nextPollDelay(1, 1000)).toBe(3000);
    expect(nextPollDelay(5, 59_999)).toBe(3000);
    expect(nextPollDelay(20, 60_000)).toBe(10_000);
    expect(nextPollDelay(90, 15 * 60_000 - 10_000)).toBe(10_000);
    // A check that would come after the 15 minutes is not scheduled at all.
    expect(nextPollDelay(90, 15 * 60_000 - 1)).toBeNull();
    expect(nextPollDelay(91, 15 * 60_000)).toBeNull();
  });
  it("never checks more than 26 times in the first minute nor more than 110 times in all", () => {
    let t = 0;
    let n = 0;
    for (let d = nextPollDelay(n, t); d !== null; d = nextPollDelay(n, t)) {
      t += d;
      n++;
    }
    expect(n).toBeLessThanOrEqual(110);
    expect(n).toBeGreaterThan(90);
    expect(t).toBeLessThanOrEqual(15 * 60_000);
  });
  it("reads the order status codes", () => {
    expect(viewOf(1)).toBe("success");
    expect(viewOf(-2)).toBe("fail");
    expect(viewOf(-1)).toBe("pending");
    expect(viewOf(10)).toBe("pending");
  });
});

describe("credentials as agreed with the platform", () => {
  it("trims and wraps with a 3-hex prefix the platform decodes", () => {
    const encoded = encodeCredential("  player one ");
    expect(encoded).toMatch(/^[0-9a-f]{3}[A-Za-z0-9+/]+=*$/);
    expect(decodeCredential(encoded)).toBe("player one");
    expect(decodeCredential(encodeCredential("パスワード"))).toBe("パスワード");
    expect(encodeCredential("x", "abc")).not.toBe(encodeCredential("x", "abd"));
  });
  it("encodes prepaid cards exactly as the platform does", async () => {
    expect(await encodeCardInfo(" 4300-JADE-001 ", "pw", 1_700_000_000)).toBe(serverCardInfo("4300-JADE-001", "pw", 1_700_000_000));
  });
  it("recognises in-app browsers", () => {
    expect(isInAppBrowser("Mozilla/5.0 (iPhone) [FBAN/FBIOS;FBAV/400.0]")).toBe(true);
    expect(isInAppBrowser("Mozilla/5.0 (Linux; Android 14) Line/13.1.0")).toBe(true);
    expect(isInAppBrowser("Mozilla/5.0 MicroMessenger/8.0")).toBe(true);
    expect(isInAppBrowser("Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36")).toBe(false);
  });
});

describe("the no-coupon confirm", () => {
  const base = { vip: true, goodsTakesCoupons: true, channelTakesCoupons: true };
  it("asks when usable coupons exist but none is applied, or the channel refuses coupons", () => {
    expect(needsNoCouponConfirm({ ...base, coupons: { usable: 2 } })).toBe(true);
    expect(needsNoCouponConfirm({ ...base, channelTakesCoupons: false, coupons: { usable: 2, applied: "C1" } })).toBe(true);
  });
  it("does not ask outside the VIP version, for goods without coupons, without coupons, or with one applied", () => {
    expect(needsNoCouponConfirm({ ...base, vip: false, coupons: { usable: 2 } })).toBe(false);
    expect(needsNoCouponConfirm({ ...base, goodsTakesCoupons: false, coupons: { usable: 2 } })).toBe(false);
    expect(needsNoCouponConfirm({ ...base, coupons: { usable: 0 } })).toBe(false);
    expect(needsNoCouponConfirm({ ...base, coupons: { usable: 1, applied: "C1" } })).toBe(false);
    expect(needsNoCouponConfirm(base)).toBe(false);
  });
});
