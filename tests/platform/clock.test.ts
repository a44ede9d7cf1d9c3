// One clock decides every rule: the platform's injectable clock, never SQL now() or Date.now().
// These tests move it across a session's end, a card lockout, a limit window, a coupon's expiry,
// a make-up link's end, a card exchange's completion and a delivery; and they check that every
// read (each GET of the contract, the sandbox's pages) changes nothing in the database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallName } from "../../core/browser/generated/api-types.ts";
import { loadContract } from "../../core/node/contract/contract.ts";
import { cardNumber, cardPassword } from "../../server/domain/seed.ts";
import { SESSION_DAYS, SESSION_IDLE_DAYS } from "../../server/domain/sessions.ts";
import { CARD_SETTLE_MS, settleDueCardOrders } from "../../server/domain/settlement.ts";
import { sweep } from "../../server/domain/sweeps.ts";
import { buy, clientOf, decide, encodeCardInfo, firstRole, type Harness, type ParamSchema, startHarness, validValue } from "./harness.ts";

const DAY = 86_400_000;
// A Wednesday in the middle of a month: a week and a month are left for the coupons to run out in.
let at = Date.parse("2026-11-18T10:00:00Z");
const move = (ms: number) => {
  at += ms;
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ now: () => new Date(at) });
});
afterAll(async () => {
  await h?.close();
});

describe("the platform's clock", () => {
  it("ends an unused session after its idle days, not before", async () => {
    const { token, clientId } = await h.login("aurora");
    const info = () => h.call("userInfo", { client_id: clientId, oauth_token: token });
    move(SESSION_IDLE_DAYS * DAY - 60_000);
    expect((await info()).code).toBe(1);
    // That use slid the end: idle days from now again.
    move(SESSION_IDLE_DAYS * DAY - 60_000);
    expect((await info()).code).toBe(1);
    move(SESSION_IDLE_DAYS * DAY + 60_000);
    expect((await info()).code).toBe(-600);
  });

  it("ends a session in use at its absolute end, however often it was used", async () => {
    const { token, clientId } = await h.login("aurora");
    const info = () => h.call("userInfo", { client_id: clientId, oauth_token: token });
    const started = at;
    while (at + DAY < started + SESSION_DAYS * DAY - 60_000) {
      move(DAY);
      expect((await info()).code).toBe(1);
    }
    move(started + SESSION_DAYS * DAY - 60_000 - at);
    expect((await info()).code).toBe(1);
    move(61_000);
    expect((await info()).code).toBe(-600);
  });

  it("locks a card after five wrong passwords and opens it again when the minute is over", async () => {
    const clientId = clientOf(h.platform, "jade").clientIds.web;
    // A whole window for the five tries: the lockout is per minute of the platform's clock.
    move(60_000 - (at % 60_000) + 1000);
    const check = (password: string) =>
      h.call("cardInfo", { client_id: clientId, card_info: encodeCardInfo(cardNumber("jade", 9), password, Math.floor(at / 1000)) });
    for (let i = 0; i < 4; i++) expect((await check("wrong")).code).toBe(-3201);
    expect((await check("wrong")).code).toBe(-3203);
    expect((await check(cardPassword(9))).code).toBe(-3203);
    move(59_000);
    expect((await check(cardPassword(9))).code).toBe(1);
  });

  it("counts a time-limited goods in its window: bought twice a week, again once a week has passed", async () => {
    const session = await h.login("aurora");
    const role = await firstRole(h, session);
    const weekly = "starfall.pass.weekly";
    for (let i = 0; i < 2; i++) {
      const pay = await buy(h, session, { product: weekly, country: "US", role });
      expect(pay.code).toBe(1);
      expect(await decide(h, pay.content.url ?? "", "approved")).toBe(200);
      move(DAY);
    }
    expect((await buy(h, session, { product: weekly, country: "US", role })).code).toBe(-3102);
    const limits = await h.call("limitProductInfo", { client_id: session.clientId, oauth_token: session.token, ...role });
    const next = limits.content.limits.find((l) => l.product_id === weekly)?.next_pay_time ?? 0;
    expect(next * 1000).toBeGreaterThan(at);
    move(next * 1000 - at + 1000);
    expect((await buy(h, session, { product: weekly, country: "US", role })).code).toBe(1);
  });

  it("lets a weekly coupon run out at the end of its week", async () => {
    const session = await h.login("aurora", "vip");
    const claimable = await h.call("couponList", { client_id: session.clientId, oauth_token: session.token, use_category: "claim" });
    const week = claimable.content.coupons.find((c) => c.kind === "week");
    if (!week) throw new Error("no weekly coupon to claim");
    expect((await h.call("receiveCoupons", { client_id: session.clientId, oauth_token: session.token, code: week.code })).code).toBe(1);
    const usable = async () =>
      (await h.call("couponList", { client_id: session.clientId, oauth_token: session.token, use_category: "avail" })).content.coupons.some(
        (c) => c.code === week.code,
      );
    expect(await usable()).toBe(true);
    move(week.valid_end_time * 1000 - at - 1000);
    expect(await usable()).toBe(true);
    move(2000);
    expect(await usable()).toBe(false);
    const pay = await buy(h, session, { product: "starfall.gems.680", country: "US" });
    expect(pay.code).toBe(1);
    const role = await firstRole(h, session);
    const withCoupon = await h.call(
      "payStart",
      {
        client_id: session.clientId,
        oauth_token: session.token,
        platform: "web",
        country: "US",
        server_id: role.server_id,
        role_id: role.role_id,
        product_id: "starfall.gems.1280",
        payway_id: 10201,
        channel_id: "paypal",
        coupon_code: week.code,
      },
      { path: "/api/pay/paypal_pay" },
    );
    expect(withCoupon.code).toBe(-3062);
  });

  it("closes a make-up link when the clock passes its end", async () => {
    // Seeded links run an hour from the seed (the platform's clock when it started).
    const info = () => h.call("replenishInfo", { replenish_id: "rp-jade-hour" });
    expect((await info()).content.status).toBe("expired");
    const [link] = await h.db.query<{ expires_at: string }>("SELECT expires_at FROM replenish_links WHERE replenish_id = 'rp-jade-days'");
    const end = Date.parse(link?.expires_at ?? "");
    move(end - at - 5000);
    const open = await h.call("replenishInfo", { replenish_id: "rp-jade-days" });
    expect(open.content.status).toBe("open");
    expect(open.content.valid_time).toBe(5);
    move(6000);
    expect((await h.call("replenishInfo", { replenish_id: "rp-jade-days" })).content.status).toBe("expired");
    expect((await h.call("replenishCountryList", { replenish_id: "rp-jade-days", platform: "web" })).code).toBe(-3016);
  });

  it("completes a card exchange and confirms a delivery when their time comes", async () => {
    const clientId = clientOf(h.platform, "jade").clientIds.web;
    const login = await h.call("googleAuth", { authorization_code: "sbx_clockcard", client_id: clientId });
    const session = { token: login.content.oauth_token, clientId };
    const role = await firstRole(h, session);
    const pay = await h.call("cardPay", {
      client_id: clientId,
      oauth_token: session.token,
      ...role,
      platform: "web",
      card_info: encodeCardInfo(cardNumber("jade", 11), cardPassword(11), Math.floor(at / 1000)),
    });
    expect(pay.code).toBe(1);
    const order = () => h.call("orderInfo", { billing_no: pay.content.billing_no, oauth_token: session.token });
    await settleDueCardOrders(h.platform);
    expect((await order()).content.status).toBe(-1);
    move(CARD_SETTLE_MS);
    await settleDueCardOrders(h.platform);
    const paid = await order();
    expect(paid.content.status).toBe(1);
    expect(paid.content.delivered_at).toBeUndefined();
    move(h.platform.deliveryDelayMs);
    expect((await order()).content.delivered_at).toBe(Math.floor(at / 1000));
  });
});

/** Every table's rows, as one digest per table: what a read must leave as it found it. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await h.db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    // A session's last use is the one thing a read may write (it slides the session: decisions.md).
    const rows = name === "sessions" ? "(SELECT token, user_id, created_at, absolute_expires_at FROM sessions)" : `"${name}"`;
    const [row] = await h.db.query<{ digest: string }>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${rows} t`,
    );
    out[name] = row?.digest ?? "";
  }
  return out;
}

describe("reads", () => {
  it("every GET of the contract and every sandbox page changes nothing but a session's last use, for a new account and an old one", async () => {
    const aurora = clientOf(h.platform, "aurora").clientIds.web;
    // A new account (never read before: no VIP row, weekly grants not stored), and the seeded VIP.
    const fresh = await h.call("googleAuth", { authorization_code: "sbx_reader", client_id: aurora });
    const vip = await h.login("aurora", "vip");
    const order = await buy(h, vip, { product: "starfall.gems.300", country: "US" });
    const role = await firstRole(h, vip);
    const sessions = [fresh.content.oauth_token, vip.token];
    const { calls } = loadContract();
    const reads = calls.filter((c) => c.method === "GET");
    // Two hours on, so each session's use is due to be written; the platform's own timed work done
    // first (it forgets old attempt counters): only reads follow.
    move(2 * 3600_000);
    const link = await h.app.inject({ method: "POST", url: "/sandbox/replenish", payload: { brand: "aurora", valid_seconds: 3600 } });
    const known: Record<string, unknown> = {
      client_id: aurora,
      server_id: role.server_id,
      role_id: role.role_id,
      billing_no: order.content.billing_no,
      replenish_id: (link.json() as { content: { replenish_id: string } }).content.replenish_id,
      product_id: "starfall.gems.300",
      use_category: "claim,avail,lock,history",
      platform: "web",
    };
    await sweep(h.platform, true);
    const before = await snapshot();
    const used = () =>
      h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM sessions WHERE token = ANY($1::text[]) AND last_seen_at = $2", [
        sessions,
        new Date(at),
      ]);
    expect((await used())[0]?.n).toBe(0);
    const answered: string[] = [];
    for (const token of sessions) {
      for (const call of reads) {
        const props = (call.request as { properties?: Record<string, ParamSchema> }).properties ?? {};
        const params = Object.fromEntries(
          Object.keys(props).map((n) => [n, n in known ? known[n] : validValue(n, props[n] ?? {}, aurora)]),
        );
        delete params.domain_area;
        delete params.rp_client_id;
        delete params.coupon_code;
        const res = await h.call(call.name as CallName, { ...params, oauth_token: token } as never);
        if (res.code === 1) answered.push(call.name);
      }
      for (const path of [new URL(order.content.url ?? "").pathname + new URL(order.content.url ?? "").search, "/sandbox/tracking"]) {
        expect((await h.app.inject({ method: "GET", url: path })).statusCode).toBe(200);
      }
    }
    expect(await snapshot()).toEqual(before);
    // The two sessions slid (their last use written), and nothing else changed.
    expect((await used())[0]?.n).toBe(2);
    // Each read reached its rules (answered 1) with at least one of the sessions; only the order's
    // owner may read it and its gift.
    expect(reads.map((c) => c.name).filter((n) => !answered.includes(n))).toEqual([]);
  });
});
