// Every effect once: for each state-changing call the storefront's own API client calls the
// platform over HTTP, the first answer is lost on the wire after the platform committed, the
// client retries with the same Idempotency-Key, and the player sees the first answer and one effect.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallName } from "../../core/browser/generated/api-types.ts";
import { type CallOptions, type CallParams, createApiClient } from "../../runtime/lib/api/client.ts";
import { cardNumber, cardPassword, SANDBOX_PASSWORD } from "../../server/domain/seed.ts";
import { buy, clientOf, decide, encodeCardInfo, encodeCredential, firstRole, type Harness, startHarness } from "./harness.ts";

let at = Date.parse("2026-11-18T10:00:00Z");
let h: Harness;
let base: string;

beforeAll(async () => {
  h = await startHarness({ now: () => new Date(at) });
  await h.app.listen({ host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await h?.close();
});

interface Dropped {
  /** The answer the platform sent first, which the client never saw. */
  lost: { code: number; content: unknown } | undefined;
  keys: (string | null)[];
}

/** The storefront's client against the platform, its first answer of each call lost on the wire. */
function lossyClient(token?: string) {
  const seen: Dropped = { lost: undefined, keys: [] };
  const client = createApiClient({
    plan: () => ({ hosts: [base, base], tracking: base }),
    common: () => (token ? { oauth_token: token } : {}),
    remember: () => undefined,
    sleep: async () => undefined,
    fetch: async (url, init) => {
      seen.keys.push(new Headers(init?.headers).get("idempotency-key"));
      const res = await fetch(url, init);
      const body = await res.text();
      if (!seen.lost) {
        // The platform answered (and committed); the connection drops before the answer arrives.
        seen.lost = JSON.parse(body);
        throw new TypeError("connection reset by peer");
      }
      return new Response(body, { status: res.status, headers: res.headers });
    },
  });
  const call = async <N extends CallName>(name: N, params: CallParams<N>, options?: CallOptions) => {
    seen.lost = undefined;
    seen.keys = [];
    const answer = await client.call(name, params, options);
    const lost = seen.lost as Dropped["lost"];
    expect(seen.keys.length).toBe(2);
    expect(seen.keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(seen.keys[1]).toBe(seen.keys[0]);
    expect(lost?.code).toBe(1);
    // The retry answers what the lost answer said.
    expect(answer).toEqual(lost?.content);
    return answer;
  };
  return { call };
}

const count = async (sql: string, params: unknown[]) => Number((await h.db.query<{ n: string }>(sql, params))[0]?.n ?? -1);

describe("a retried call whose first answer was lost", () => {
  it("payStart: one pay order, the first answer (not a Repeat)", async () => {
    const session = await h.login("aurora");
    const role = await firstRole(h, session);
    const answer = await lossyClient(session.token).call(
      "payStart",
      {
        client_id: session.clientId,
        platform: "web",
        country: "US",
        ...role,
        product_id: "starfall.gems.680",
        payway_id: 10201,
        channel_id: "paypal",
      },
      { path: "/api/pay/paypal_pay" },
    );
    expect(answer.status).toBe(-1);
    expect(
      await count("SELECT count(*)::text AS n FROM orders WHERE role_id = $1 AND product_id = 'starfall.gems.680'", [role.role_id]),
    ).toBe(1);
  });

  it("cardPay: the card spent once, one exchange, the first answer (not 'card used')", async () => {
    const clientId = clientOf(h.platform, "jade").clientIds.web;
    const login = await h.call("googleAuth", { authorization_code: "sbx_idemcard", client_id: clientId });
    const session = { token: login.content.oauth_token, clientId };
    const role = await firstRole(h, session);
    const card = cardNumber("jade", 3);
    const answer = await lossyClient(session.token).call("cardPay", {
      client_id: clientId,
      ...role,
      platform: "web",
      card_info: encodeCardInfo(card, cardPassword(3), Math.floor(at / 1000)),
    });
    expect(answer.status).toBe(-1);
    expect(await count("SELECT count(*)::text AS n FROM orders WHERE product_id = $1", [`card.${card}`])).toBe(1);
  });

  it("receiveCoupons: the coupon claimed once, the first answer (not 'claim failed')", async () => {
    const session = await h.login("aurora", "vip");
    const list = await h.call("couponList", { client_id: session.clientId, oauth_token: session.token, use_category: "claim" });
    const month = list.content.coupons.find((c) => c.kind === "month");
    if (!month) throw new Error("no monthly coupon to claim");
    const answer = await lossyClient(session.token).call("receiveCoupons", { client_id: session.clientId, code: month.code });
    expect(answer.coupons.map((c) => c.code)).toEqual([month.code]);
    expect(await count("SELECT count(*)::text AS n FROM coupons WHERE code = $1 AND claimed", [month.code])).toBe(1);
  });

  it("exchangePoints: the points spent once, the first answer", async () => {
    const session = await h.login("jade", "vip");
    const role = await firstRole(h, session);
    const before = await h.call("vipInfo", { client_id: session.clientId, oauth_token: session.token });
    const answer = await lossyClient(session.token).call("exchangePoints", { client_id: session.clientId, points: 300, ...role });
    expect(answer.exchangeable_points).toBe(before.content.exchangeable_points - 300);
    const after = await h.call("vipInfo", { client_id: session.clientId, oauth_token: session.token });
    expect(after.content.exchangeable_points).toBe(before.content.exchangeable_points - 300);
    expect(await count("SELECT count(*)::text AS n FROM point_exchanges WHERE role_id = $1", [role.role_id])).toBe(1);
  });

  it("receiveActivityGift: the reward received once, the first answer (not 'already received')", async () => {
    const session = await h.login("aurora");
    const pay = await buy(h, session, { product: "starfall.gems.680", country: "US" });
    expect(await decide(h, pay.content.url ?? "", "approved")).toBe(200);
    const info = await h.call("activityInfo", { client_id: session.clientId, oauth_token: session.token });
    const event = info.content.activities.find((a) => a.type === "cumulative");
    const reward = event?.rewards.find((r) => r.state === "claimable");
    if (!event || !reward) throw new Error("no claimable reward");
    const answer = await lossyClient(session.token).call("receiveActivityGift", {
      client_id: session.clientId,
      activity_id: event.activity_id,
      reward_id: reward.reward_id,
    });
    expect(answer.state).toBe("received");
    expect(
      await count("SELECT count(*)::text AS n FROM activity_claims WHERE activity_id = $1 AND reward_id = $2 AND user_id = $3", [
        event.activity_id,
        reward.reward_id,
        session.suid,
      ]),
    ).toBe(1);
  });

  it("realNameVerify: verified once with the 6001 ticket, the first answer (not 'redo real-name')", async () => {
    const clientId = clientOf(h.platform, "hanbit").clientIds.web;
    const refused = await h.call("auth", {
      username: encodeCredential("hanbit_realname"),
      password: encodeCredential(SANDBOX_PASSWORD),
      client_id: clientId,
    });
    expect(refused.code).toBe(6001);
    const ticket = (refused.content as unknown as { ticket: string }).ticket;
    const answer = await lossyClient().call("realNameVerify", {
      client_id: clientId,
      ticket,
      name: "김민준",
      id_number: "11010519491231002X",
    });
    expect(answer).toEqual({ real_name: true });
    expect(await count("SELECT count(*)::text AS n FROM sessions WHERE token = $1", [ticket])).toBe(0);
  });

  it("logout: the session ended once, the first answer (not 'not logged in')", async () => {
    const session = await h.login("aurora");
    expect(await lossyClient(session.token).call("logout", { client_id: session.clientId })).toEqual({ logged_out: true });
    expect((await h.call("userInfo", { client_id: session.clientId, oauth_token: session.token })).code).toBe(-600);
  });
});

describe("Idempotency-Key rules", () => {
  const post = (url: string, payload: Record<string, unknown>, key: string) =>
    h.app.inject({ method: "POST", url, payload, headers: { "idempotency-key": key } });

  it("refuses a key used with other parameters (-409) and a malformed key (-400), and keeps a key 24 hours", async () => {
    const session = await h.login("jade", "vip");
    const role = await firstRole(h, session);
    const spend = (points: number, key: string) =>
      post("/api/coupons/exchangePoints", { client_id: session.clientId, oauth_token: session.token, points, ...role }, key);
    const first = (await spend(10, "key-rules-1")).json();
    expect(first.code).toBe(1);
    expect((await spend(10, "key-rules-1")).json()).toEqual(first);
    expect((await spend(20, "key-rules-1")).json()).toMatchObject({ code: -409 });
    const bad = await spend(10, "no spaces allowed");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: -400 });
    // Another session's key of the same name is its own.
    const other = await h.login("jade", "vip");
    const again = (
      await post(
        "/api/coupons/exchangePoints",
        { client_id: session.clientId, oauth_token: other.token, points: 10, ...role },
        "key-rules-1",
      )
    ).json();
    expect(again.code).toBe(1);
    expect(again.content.exchangeable_points).toBe(first.content.exchangeable_points - 10);
    // 24 hours later by the platform's clock the key is forgotten: the same call is a new action.
    at += 24 * 3600_000 + 1000;
    const later = (await spend(10, "key-rules-1")).json();
    expect(later.code).toBe(1);
    expect(later.content.exchangeable_points).toBe(first.content.exchangeable_points - 20);
  });

  it("keeps a business error as the first answer, and lets a call without a key run as sent", async () => {
    const session = await h.login("aurora");
    const role = await firstRole(h, session);
    const body = { client_id: session.clientId, oauth_token: session.token, points: 999_999, ...role };
    const refused = (await post("/api/coupons/exchangePoints", body, "key-refused")).json();
    expect(refused).toMatchObject({ code: -3303 });
    expect((await post("/api/coupons/exchangePoints", body, "key-refused")).json()).toEqual(refused);
    // Reads ignore the header.
    const read = await h.app.inject({
      method: "GET",
      url: `/api/coupons/vipInfo?client_id=${session.clientId}&oauth_token=${session.token}`,
      headers: { "idempotency-key": "x" },
    });
    expect(read.json()).toMatchObject({ code: 1 });
  });
});
