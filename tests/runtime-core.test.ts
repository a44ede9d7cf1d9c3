import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CallName } from "../core/browser/generated/api-types.ts";
import { validateFile } from "../core/node/config/validate.ts";
import { linkView } from "../runtime/features/replenish/link-view.ts";
import { ApiError, createApiClient, NetworkError } from "../runtime/lib/api/client.ts";
import { actionFor } from "../runtime/lib/api/error-actions.ts";
import { hostPlan } from "../runtime/lib/api/hosts.ts";
import { carryQuery } from "../runtime/lib/carry.ts";
import { inAppBrowser, isSafari, platformOf } from "../runtime/lib/device.ts";
import { formatAmount, toMillis, untilParts } from "../runtime/lib/format.ts";
import { formatTime, replenishCountdown, zoneOf } from "../runtime/lib/time.ts";
import { DEMO_CONFIG } from "./demo-config.ts";
import { memoryStorage } from "./memory-storage.ts";

const { config } = await validateFile(DEMO_CONFIG);
const aurora = config?.brands.find((b) => b.id === "aurora");
if (!aurora) throw new Error("no aurora");

describe("formatting", () => {
  it("amounts: the currency's own decimals (none for KRW, JPY, VND; three for KWD; else two), thousands separators, codes where there is no symbol", () => {
    expect(formatAmount(1234.5, "USD")).toBe("$1,234.50");
    expect(formatAmount(13500, "KRW")).toBe("₩13,500");
    expect(formatAmount(750, "JPY")).toBe("¥750");
    expect(formatAmount(1.234, "KWD")).toBe("KWD 1.234");
    expect(formatAmount(160, "TWD")).toBe("NT$160.00");
    expect(formatAmount(7.2, "RMB")).toBe("￥7.20");
    expect(formatAmount(4.59, "EUR")).toBe("€4.59");
    expect(formatAmount(32, "TRY")).toBe("₺32.00");
    expect(formatAmount(23.5, "MYR")).toBe("RM23.50");
    expect(formatAmount(180, "THB")).toBe("THB 180.00");
    // Grouping and rounding as Intl's en-US, without Intl (its first use is slow on a phone).
    expect(formatAmount(1234567.891, "USD")).toBe("$1,234,567.89");
    expect(formatAmount(1000000000.5, "USD")).toBe("$1,000,000,000.50");
    expect(formatAmount(999.999, "USD")).toBe("$1,000.00");
    expect(formatAmount(0, "USD")).toBe("$0.00");
    expect(formatAmount(-1234.5, "USD")).toBe("$-1,234.50");
    expect(formatAmount(-0.001, "USD")).toBe("$0.00");
    expect(formatAmount(125000, "VND")).toBe("VND 125,000");
    expect(formatAmount(80000, "IDR")).toBe("IDR 80,000.00");
  });
  it("times: 10 digits are seconds; YYYY/MM/DD HH:mm (UTC±n) in the zone", () => {
    expect(toMillis(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toMillis(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(formatTime(1_700_000_000, "+08:00")).toBe("2023/11/15 06:13 (UTC+8)");
    expect(formatTime(1_700_000_000_000, "-05:30")).toBe("2023/11/14 16:43 (UTC-5:30)");
    expect(formatTime(1_700_000_000)).toBe("2023/11/14 22:13 (UTC+0)");
    // The player's own zone, for times that come without one; it reads back as the same offset.
    expect([zoneOf(480), zoneOf(-330), zoneOf(0), zoneOf(345)]).toEqual(["+08:00", "-05:30", "+00:00", "+05:45"]);
    expect(formatTime(1_700_000_000, zoneOf(-330))).toBe("2023/11/14 16:43 (UTC-5:30)");
  });
  it("time to the next purchase, and the make-up countdown", () => {
    expect(untilParts(1_000_000 + 90_061, 1_000_000 * 1000)).toEqual({ days: 1, hours: 1, minutes: 2 });
    expect(replenishCountdown(3599, 0)).toEqual({ kind: "countdown", minutes: 59, seconds: 59 });
    expect(replenishCountdown(59, 0)).toEqual({ kind: "lastMinute" });
    expect(replenishCountdown(0, 0)).toEqual({ kind: "expired" });
    expect(replenishCountdown(86_400, 1000)).toEqual({ kind: "date", until: 1000 + 86_400_000 });
  });
});

describe("a make-up link's page", () => {
  it("shows a paid link as paid, not expired: the platform answers a paid link with valid_time 0", () => {
    expect(linkView("paid", 0)).toBe("link");
    expect(linkView("paid", undefined)).toBe("link");
  });

  it("shows the page-expired view for a link run out, or counted down to 0 while open", () => {
    expect(linkView("expired", 120)).toBe("expired");
    expect(linkView("open", 0)).toBe("expired");
    expect(linkView("open", 1)).toBe("link");
    expect(linkView("open", undefined)).toBe("link");
  });
});

describe("host plan", () => {
  const location = { hostname: "pay.aurora.example", origin: "https://pay.aurora.example", port: "" };
  it("tries the primary, then the backups in order, in production", () => {
    expect(hostPlan(aurora, "production", location).hosts).toEqual([
      "https://api.aurora.example",
      "https://api-b1.aurora.example",
      "https://api-b2.aurora.example",
    ]);
  });
  it("never fails over in demo mode", () => {
    expect(hostPlan(aurora, "demo", location).hosts).toEqual(["https://api-demo.aurora.example"]);
  });
  it("starts with the remembered working host", () => {
    expect(hostPlan(aurora, "production", location, "https://api-b2.aurora.example").hosts[0]).toBe("https://api-b2.aurora.example");
    expect(hostPlan(aurora, "production", location, "https://evil.example").hosts[0]).toBe("https://api.aurora.example");
  });
  it("on a preview host calls its own server, with backups as its sub-hosts", () => {
    const preview = { hostname: "aurora.localhost", origin: "http://aurora.localhost:8080", port: "8080" };
    expect(hostPlan(aurora, "production", preview)).toEqual({
      hosts: ["http://aurora.localhost:8080", "http://backup1.aurora.localhost:8080", "http://backup2.aurora.localhost:8080"],
      tracking: "http://aurora.localhost:8080",
    });
  });
});

describe("API client", () => {
  const plan = () => ({ hosts: ["https://a", "https://b"], tracking: "https://t" });
  const ok = (content: unknown) => new Response(JSON.stringify({ code: 1, message: "success", content }), { status: 200 });

  it("sends the common parameters, unwraps content, and returns typed business errors", async () => {
    const seen: string[] = [];
    const client = createApiClient({
      plan,
      common: () => ({ idfv: "dev-1", spec_lang: "ja", oauth_token: "tok" }),
      remember: () => undefined,
      fetch: async (url) => {
        seen.push(String(url));
        return String(url).includes("getGameListV2")
          ? ok({ games: [] })
          : new Response(JSON.stringify({ code: -3102, message: "limit", content: null }));
      },
    });
    expect(await client.call("getGameList", { client_id: "1", platform: "web" })).toEqual({ games: [] });
    expect(seen[0]).toBe("https://a/api/pay/getGameListV2?idfv=dev-1&spec_lang=ja&oauth_token=tok&client_id=1&platform=web");
    await expect(client.call("limitProductInfo", { client_id: "1", role_id: "r", server_id: "s" })).rejects.toMatchObject({
      code: -3102,
      message: "limit",
    });
    await expect(client.call("limitProductInfo", { client_id: "1", role_id: "r", server_id: "s" })).rejects.toBeInstanceOf(ApiError);
  });

  it("tries each host 3 times, 4 s apart, then the next, and remembers the one that worked", async () => {
    const calls: string[] = [];
    const sleeps: number[] = [];
    const remembered: string[] = [];
    const client = createApiClient({
      plan,
      common: () => ({}),
      remember: (h) => remembered.push(h),
      sleep: async (ms) => void sleeps.push(ms),
      fetch: async (url) => {
        calls.push(new URL(String(url)).host);
        if (String(url).startsWith("https://a")) throw new TypeError("unreachable");
        return calls.length < 5 ? new Response("bad gateway", { status: 502 }) : ok({ icon: "x", name: "n" });
      },
    });
    expect(await client.call("gameLogo", { client_id: "1" })).toEqual({ icon: "x", name: "n" });
    expect(calls).toEqual(["a", "a", "a", "b", "b"]);
    expect(sleeps).toEqual([4000, 4000, 4000, 4000]);
    expect(remembered).toEqual(["https://b"]);
  });

  it("sends one Idempotency-Key per state-changing call, the same on every try and backup host", async () => {
    const keys: (string | null)[] = [];
    let n = 0;
    const client = createApiClient({
      plan,
      common: () => ({}),
      remember: () => undefined,
      sleep: async () => undefined,
      fetch: async (_url, init) => {
        keys.push(new Headers(init?.headers).get("idempotency-key"));
        // The first answer of each call is lost on the wire: a 502, then the host is unreachable.
        n++;
        if (n % 4 === 1) return new Response("bad gateway", { status: 502 });
        if (n % 4 === 2) throw new TypeError("connection reset");
        return ok({ coins: 1, exchangeable_points: 0 });
      },
    });
    const params = { client_id: "1", points: 10, server_id: "s", role_id: "r" };
    await client.call("exchangePoints", params);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
    // Another player action is another key, even with the same parameters.
    n = 0;
    await client.call("exchangePoints", params);
    expect(keys[3]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[3]).not.toBe(keys[0]);
    // A caller may make two calls one action; reads and calls without effects send none.
    await client.call("exchangePoints", params, { idempotencyKey: "action-1" });
    expect(keys.at(-1)).toBe("action-1");
    await client.call("trackDot", { event: "login" });
    await client.call("gameLogo", { client_id: "1" });
    expect(keys.slice(-2)).toEqual([null, null]);
  });

  it("makes no try while the browser is offline", async () => {
    let tries = 0;
    const client = createApiClient({
      plan,
      common: () => ({}),
      remember: () => undefined,
      offline: () => true,
      fetch: async () => {
        tries++;
        return ok({});
      },
    });
    await expect(client.call("getGameList", { client_id: "1", platform: "web" })).rejects.toMatchObject({ attempts: 0 });
    expect(tries).toBe(0);
  });

  it("gives up with a network error after every try of every host, and times out a silent host after 10 s", async () => {
    vi.useFakeTimers();
    try {
      let n = 0;
      const client = createApiClient({
        plan,
        common: () => ({}),
        remember: () => undefined,
        sleep: async () => undefined,
        fetch: (_url, init) =>
          new Promise((_, reject) => {
            n++;
            init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          }),
      });
      const pending = client.call("gameLogo", { client_id: "1" }).catch((e: unknown) => e);
      for (let i = 0; i < 6; i++) await vi.advanceTimersByTimeAsync(10_000);
      const error = await pending;
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as NetworkError).attempts).toBe(6);
      expect(n).toBe(6);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("error actions", () => {
  const ctx = { sdkView: false, networkMessage: "Network error, try again later" };
  const err = (code: number, call: CallName = "payStart") => new ApiError(call, code, `server says ${code}`, null);
  it("maps every code of the catalogue", () => {
    expect(actionFor(err(-3014), ctx)).toEqual({ clearArea: true, navigate: "/notArea" });
    expect(actionFor(err(6001), ctx)).toEqual({ clearUser: true, navigate: "/" });
    expect(actionFor(new ApiError("auth", 6001, "not real-name verified", { ticket: "rn_abc" }), ctx)).toEqual({
      clearUser: true,
      navigate: "/",
      realNameTicket: "rn_abc",
    });
    expect(actionFor(err(-3016), ctx)).toEqual({ navigate: "/errorReplenish" });
    expect(actionFor(err(-3016, "replenishInfo"), ctx)).toEqual({ navigate: "/errorReplenish" });
    // The make-up page tells a link that just ran out (page expired) from a bad one itself.
    expect(actionFor(err(-3016, "replenishCountryList"), ctx)).toEqual({});
    expect(actionFor(err(-600), ctx)).toEqual({ clearUser: true, openLogin: true, toast: "server says -600" });
    expect(actionFor(err(-600), { ...ctx, sdkView: true })).toEqual({ toast: "server says -600" });
    expect(actionFor(err(-3001), ctx)).toEqual({ clearGame: true, toast: "server says -3001" });
    expect(actionFor(err(-3062), ctx)).toEqual({ reloadCouponsAfter: 1000, toast: "server says -3062" });
    expect(actionFor(err(-3022), ctx)).toEqual({ toast: "server says -3022" });
    expect(actionFor(err(-3102), ctx)).toEqual({ toast: "server says -3102" });
  });
  it("says the locale's sentence for a missing payment method, never the platform's note for developers", () => {
    const said = { ...ctx, paywayMissing: () => "This payment method is unavailable. Choose another one." };
    expect(actionFor(new ApiError("payStart", -3105, "payway_id is no exist", null), said)).toEqual({
      toast: "This payment method is unavailable. Choose another one.",
    });
  });
  it("keeps the payment list, coupon, price and card calls silent, and toasts other network failures", () => {
    expect(actionFor(err(-3104, "couponList"), ctx)).toEqual({});
    expect(actionFor(err(-3201, "cardInfo"), ctx)).toEqual({});
    expect(actionFor(new NetworkError("couponList", 3), ctx)).toEqual({ report: true });
    expect(actionFor(new NetworkError("getGameList", 3), ctx)).toEqual({ toast: "Network error, try again later", report: true });
  });
  it("offline, a network failure says so once, silent calls stay silent, and nothing is reported", () => {
    const offline = { ...ctx, offline: true, offlineMessage: "You're offline." };
    expect(actionFor(new NetworkError("payStart", 0), offline)).toEqual({ toast: "You're offline." });
    expect(actionFor(new NetworkError("couponList", 0), offline)).toEqual({});
    // A business answer is still the platform's, online or not.
    expect(actionFor(err(-3022), offline)).toEqual({ toast: "server says -3022" });
  });
});

describe("carry-over", () => {
  it("carries replenish_id, rp_client_id, the configured keys, and idfv when it came in the URL, only when missing", () => {
    expect(carryQuery("?replenish_id=r1&utm_source=ads&idfv=d1&x=1", "?a=2", ["utm_source"], true)).toBe(
      "?a=2&replenish_id=r1&utm_source=ads&idfv=d1",
    );
    expect(carryQuery("?replenish_id=r1&idfv=d1", "?replenish_id=r2", [], false)).toBe("?replenish_id=r2");
    expect(carryQuery("", "", [], true)).toBe("");
  });
});

describe("device", () => {
  it("tells the platform, Safari and in-app browsers", () => {
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
    const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
    expect(platformOf(iphone)).toBe("ios");
    expect(platformOf(android)).toBe("android");
    expect(platformOf("Mozilla/5.0 (X11; Linux x86_64) Chrome/120")).toBe("web");
    expect(isSafari(iphone)).toBe(true);
    expect(isSafari(android)).toBe(false);
    expect(inAppBrowser(`${iphone} [FBAN/FBIOS;FBAV/440.0]`)).toBe("Facebook");
    expect(inAppBrowser(`${android} Instagram 300.0`)).toBe("Instagram");
    expect(inAppBrowser(`${iphone} MicroMessenger/8.0`)).toBe("WeChat");
    expect(inAppBrowser(iphone)).toBeUndefined();
  });
});

describe("storage", () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.resetModules();
    vi.stubGlobal("window", { localStorage: memoryStorage(store) });
  });
  it("keeps a value with its expiry in days and forgets it after", async () => {
    const s = await import("../runtime/lib/storage.ts");
    const now = Date.UTC(2026, 0, 1);
    s.setItem("paymentOrderInfo", { goods: "x" }, undefined, now);
    expect(s.getItem("paymentOrderInfo", now + 6 * 86_400_000)).toEqual({ goods: "x" });
    expect(s.getItem("paymentOrderInfo", now + 7 * 86_400_000 + 1)).toBeUndefined();
    expect(store.has("paymentOrderInfo")).toBe(false);
    s.setItem("perfLang", "ja", undefined, now);
    expect(s.getItem("perfLang", now + 10_000 * 86_400_000)).toBe("ja");
    expect(s.EXPIRY_DAYS.gameInfo).toBe(7);
    expect(s.EXPIRY_DAYS.paymentBakApi).toBe(1);
  });
  it("discards corrupt and foreign values instead of crashing", async () => {
    const s = await import("../runtime/lib/storage.ts");
    store.set("oauth_token", "{not json");
    store.set("perfLang", JSON.stringify("ja"));
    expect(s.getItem("oauth_token")).toBeUndefined();
    expect(s.getItem("perfLang")).toBeUndefined();
    expect(store.size).toBe(0);
  });
  it("falls back to memory when storage is blocked", async () => {
    vi.stubGlobal("window", {
      localStorage: {
        getItem: () => {
          throw new Error("SecurityError");
        },
        setItem: () => {
          throw new Error("SecurityError");
        },
        removeItem: () => undefined,
      },
    });
    const s = await import("../runtime/lib/storage.ts");
    expect(s.storageAvailable()).toBe(false);
    s.setItem("perfLang", "ko");
    expect(s.getItem("perfLang")).toBe("ko");
  });
});

describe("header on scroll and the Korean script", () => {
  it("hides scrolling down, shows scrolling up, at the top and within 100 px of the bottom", async () => {
    const { nextHidden } = await import("../runtime/app/layouts/use-hide-on-scroll.ts");
    expect(nextHidden({ hidden: false, lastY: 0 }, 200, 700, 3000)).toBe(true);
    expect(nextHidden({ hidden: true, lastY: 400 }, 300, 700, 3000)).toBe(false);
    expect(nextHidden({ hidden: true, lastY: 2000 }, 2210, 700, 3000)).toBe(false);
    expect(nextHidden({ hidden: true, lastY: 50 }, 0, 700, 3000)).toBe(false);
    expect(nextHidden({ hidden: true, lastY: 300 }, 300, 700, 3000)).toBe(true);
  });
  it("loads the Korean payment script only for Korean on non-mobile", async () => {
    const { shouldLoadKoreanScript } = await import("../runtime/lib/kr-script.ts");
    expect(shouldLoadKoreanScript("ko", "Mozilla/5.0 (Windows NT 10.0) Chrome/124")).toBe(true);
    expect(shouldLoadKoreanScript("ko", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4) Mobile/15E148")).toBe(false);
    expect(shouldLoadKoreanScript("en", "Mozilla/5.0 (Windows NT 10.0) Chrome/124")).toBe(false);
  });
});

describe("named navigation", () => {
  it("finds named routes in both layouts and marks Recharge → Result", async () => {
    const { pathOfName, navigationState } = await import("../runtime/app/navigation.ts");
    const { newLayoutRoutes, oldLayoutRoutes } = await import("../runtime/generated/routes.ts");
    expect(pathOfName(oldLayoutRoutes, "Result")).toBe("/result");
    expect(pathOfName(oldLayoutRoutes, "SelectGame")).toBe("/selectGame");
    expect(pathOfName(newLayoutRoutes, "SelectGoods")).toBe("/selectGoods");
    expect(pathOfName(newLayoutRoutes, "Activity")).toBe("/activity");
    expect(pathOfName(newLayoutRoutes, "Recharge")).toBeUndefined();
    expect(navigationState("Recharge", "Result")).toEqual({ from: "Recharge" });
    expect(navigationState("SelectGoods", "Result")).toEqual({});
  });
});

describe("query keys (runtime/shared/api/query-keys.ts)", () => {
  it("a family's keys start with its all(): its name, then the parameters", async () => {
    const { queryKeys } = await import("../runtime/shared/api/query-keys.ts");
    expect(queryKeys.coupons.all()).toEqual(["coupons"]);
    expect(queryKeys.coupons.of("c1", "avail,lock", "", "tok")).toEqual(["coupons", "c1", "avail,lock", "", "tok"]);
    expect(queryKeys.activityStatus.of("c1", "tok")).toEqual(["activityStatus", "c1", "tok"]);
    expect(queryKeys.games.of("c1", "web", "")).toEqual(["games", "c1", "web", ""]);
  });

  it("invalidating a family refreshes what the cache holds under it and nothing else; a settled order, and logout's removal", async () => {
    const { QueryClient } = await import("@tanstack/react-query");
    const { accountKeys, queryKeys, settledOrderKeys } = await import("../runtime/shared/api/query-keys.ts");
    const client = new QueryClient();
    const held = {
      coupons: queryKeys.coupons.of("c1", "avail,lock", "p1", "tok"),
      activities: queryKeys.activities.of("c1", "tok"),
      activityStatus: queryKeys.activityStatus.of("c1", "tok"),
      limits: queryKeys.limits.of("c1", "r1", "s1", "tok"),
      vipInfo: queryKeys.vipInfo.of("c1", "tok"),
      orders: queryKeys.orders.of("c1", "tok"),
      roles: queryKeys.roles.of("c1", "s1", "tok"),
      pageConfig: queryKeys.pageConfig.of("c1", "sea"),
      products: queryKeys.products.of("c1", "sea"),
    };
    for (const key of Object.values(held)) client.setQueryData(key, 1);
    const invalidated = () =>
      Object.entries(held)
        .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
        .map(([name]) => name);

    await client.invalidateQueries({ queryKey: queryKeys.activities.all() });
    expect(invalidated()).toEqual(["activities"]);
    for (const queryKey of settledOrderKeys()) await client.invalidateQueries({ queryKey });
    expect(invalidated()).toEqual(["coupons", "activities", "activityStatus", "limits", "vipInfo", "orders"]);

    for (const queryKey of accountKeys()) client.removeQueries({ queryKey });
    const left = Object.entries(held)
      .filter(([, key]) => client.getQueryState(key) !== undefined)
      .map(([name]) => name);
    expect(left).toEqual(["coupons", "activities", "activityStatus", "vipInfo", "orders", "pageConfig", "products"]);
  });
});
