// Two platform processes on one PostgreSQL database, as behind a load balancer: both started
// together (one seed, one migration), a session and an order made through one are seen and paid
// through the other, and purchases racing through both against a limit or a single-use coupon never
// spend twice. Needs DATABASE_URL: `npm run test:postgres` runs it on a throwaway cluster.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE } from "../../core/browser/generated/api-errors.ts";
import type { CallName } from "../../core/browser/generated/api-types.ts";
import { encodeCredential } from "../../server/domain/crypto.ts";
import { SANDBOX_PASSWORD } from "../../server/domain/seed.ts";
import { type Envelope, type Side, type Sides, startSides } from "./sides.ts";

if (!process.env.DATABASE_URL) {
  throw new Error("tests/platform/two-processes.test.ts needs a PostgreSQL server in DATABASE_URL: run `npm run test:postgres`.");
}

type Platform = Side;
let platform: Sides;
let a: Platform;
let b: Platform;

/** One call of the contract (its path and method from schema/api/) on one of the processes. */
const call = (p: Platform, name: CallName, params: Record<string, unknown>, path?: string): Promise<Envelope> =>
  platform.call(p === a ? 0 : 1, name, params, path ? { path } : {});

/** A count from the database both processes share. */
const count = async (sql: string, params: unknown[] = []) => (await platform.db.query<{ n: number }>(sql, params))[0]?.n;

async function login(p: Platform, username: string, clientId: string): Promise<string> {
  const res = await call(p, "auth", {
    username: encodeCredential(username),
    password: encodeCredential(SANDBOX_PASSWORD),
    client_id: clientId,
  });
  expect(res.code, `${username} logs in through ${p.name}`).toBe(1);
  return String(res.content.oauth_token);
}

async function roles(p: Platform, token: string, clientId: string): Promise<{ role_id: string; server_id: string }[]> {
  const res = await call(p, "allRoleList", { client_id: clientId, oauth_token: token });
  expect(res.code).toBe(1);
  return res.content.roles;
}

/** The player's decision on the sandbox checkout page of `payUrl`, posted to the given process. */
async function decide(p: Platform, payUrl: string, outcome: "approved" | "declined"): Promise<number> {
  const link = new URL(payUrl);
  const res = await fetch(new URL(link.pathname, p.base), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `outcome=${outcome}&sig=${encodeURIComponent(link.searchParams.get("sig") ?? "")}`,
  });
  return res.status;
}

/** Each process opens its pool's connections before a race, so the race is not decided by who connects first. */
async function warmUp(): Promise<void> {
  await Promise.all([a, b].flatMap((p) => Array.from({ length: 20 }, () => fetch(new URL("/api/health", p.base)).then((r) => r.text()))));
}

// Aurora's Starfall on the web, bought with PayPal in the US.
const STARFALL = "1001003";
const paypal = { platform: "web", country: "US", payway_id: 10201, channel_id: "paypal" };
const PAYPAL_PATH = "/api/pay/paypal_pay";

beforeAll(async () => {
  // Started together, as two replicas of a deploy are: each migrates and seeds the same database.
  platform = await startSides({ secret: "two-processes-secret-of-32-characters-at-least" });
  [a, b] = platform.sides;
}, 120_000);

afterAll(async () => {
  await platform?.close();
}, 30_000);

describe("two platform processes on one PostgreSQL database", () => {
  it("both answer on their own port, on the same database, seeded once", async () => {
    expect(a.base).not.toBe(b.base);
    for (const p of [a, b]) {
      const health = (await (await fetch(new URL("/api/health", p.base))).json()) as Envelope;
      expect(health.content.database, p.name).toBe("postgres");
    }
    expect(await count("SELECT count(*)::int AS n FROM accounts WHERE username = 'aurora_vip'")).toBe(1);
    // The VIP's 6,000 growth points, granted once though two processes seeded at the same time.
    const token = await login(b, "aurora_vip", STARFALL);
    const vip = await call(a, "vipInfo", { client_id: STARFALL, oauth_token: token });
    expect(vip.content).toMatchObject({ vip_level_name: "Gold", total_points: 6000 });
  });

  it("an order made through one is seen, paid and listed through the other", async () => {
    const token = await login(a, "aurora_player", STARFALL);
    // The session made by A is valid on B.
    const [role] = await roles(b, token, STARFALL);
    if (!role) throw new Error("aurora_player has no character");
    const pay = await call(
      a,
      "payStart",
      { ...paypal, client_id: STARFALL, oauth_token: token, ...role, product_id: "starfall.gems.300" },
      PAYPAL_PATH,
    );
    expect(pay.code).toBe(1);
    const billingNo = String(pay.content.billing_no);
    const status = async (p: Platform) =>
      (await call(p, "orderInfo", { billing_no: billingNo, simple: 1, oauth_token: token })).content?.status as number;
    // Both see it unpaid (A, which made it, may keep it for polling: it must still see B's payment).
    expect([await status(a), await status(b)]).toEqual([-1, -1]);
    expect(await decide(b, String(pay.content.url), "approved")).toBe(200);
    expect([await status(a), await status(b)]).toEqual([1, 1]);
    const listed = await call(a, "orderList", { client_id: STARFALL, oauth_token: token });
    expect(listed.content.orders.map((o: { billing_no: string }) => o.billing_no)).toContain(billingNo);
  });

  it("purchases racing through both processes against a once-per-account limit make one order, and none once it is paid", async () => {
    // A new account with two characters; the Starter Bundle is once per account in 30 days.
    const google = await call(a, "googleAuth", { authorization_code: "sbx_twoproc", client_id: STARFALL });
    expect(google.code).toBe(1);
    const token = String(google.content.oauth_token);
    const characters = await roles(a, token, STARFALL);
    expect(characters.length).toBeGreaterThanOrEqual(2);
    const product = "starfall.bundle.starter";
    await warmUp();
    const attempt = (i: number) =>
      call(
        i % 2 ? b : a,
        "payStart",
        { ...paypal, client_id: STARFALL, oauth_token: token, ...characters[Math.floor(i / 2) % 2], product_id: product },
        PAYPAL_PATH,
      );
    const first = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(i)));
    const made = first.filter((r) => r.code === 1 && r.content.status === -1);
    expect(made).toHaveLength(1);
    const billingNo = made[0]?.content.billing_no;
    // The rest: the same order again (same character) or "an unpaid order is waiting" (the other one).
    for (const r of first.filter((x) => x !== made[0])) {
      if (r.code === 1) expect(r.content).toMatchObject({ status: CODE.repeat, billing_no: billingNo });
      else expect(r.code).toBe(CODE.unpaidOrder);
    }
    const orders = () =>
      count("SELECT count(*)::int AS n FROM orders o JOIN accounts u USING (user_id) WHERE u.username = $1 AND product_id = $2", [
        "google:twoproc",
        product,
      ]);
    expect(await orders()).toBe(1);

    expect(await decide(a, String(made[0]?.content.url), "approved")).toBe(200);
    const second = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(i)));
    expect(second.map((r) => r.code)).toEqual(Array(20).fill(CODE.limitReached));
    expect(await orders()).toBe(1);
  });

  it("orders racing through both processes with one single-use coupon: exactly one gets it", async () => {
    const jade = "4001003";
    const token = await login(a, "jade_vip", jade);
    const characters = await roles(b, token, jade);
    const coupons = await call(a, "couponList", { client_id: jade, oauth_token: token, use_category: "avail" });
    const coupon = coupons.content.coupons.find((c: { name: string }) => c.name.includes("5% off"));
    expect(coupon, "jade_vip's 5% coupon").toBeDefined();
    // Different characters and goods, so only the coupon is contended.
    const goods = ["dragonsoul.gems.60", "dragonsoul.gems.300", "dragonsoul.gems.680", "dragonsoul.gems.1280", "dragonsoul.gems.3280"];
    const pairs = characters.flatMap((role) => goods.map((product_id) => ({ ...role, product_id })));
    expect(pairs.length).toBeGreaterThanOrEqual(10);
    await warmUp();
    const results = await Promise.all(
      pairs.map((pair, i) =>
        call(
          i % 2 ? b : a,
          "payStart",
          {
            client_id: jade,
            oauth_token: token,
            platform: "web",
            country: "TW",
            payway_id: 10302,
            channel_id: "billing",
            coupon_code: coupon.code,
            ...pair,
          },
          "/api/pay/payMyCardBilling",
        ),
      ),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.code === CODE.illegalCoupon)).toHaveLength(pairs.length - 1);
    expect(await count("SELECT count(*)::int AS n FROM orders WHERE coupon_code = $1", [coupon.code])).toBe(1);
  });
});
