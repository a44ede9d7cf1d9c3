// Counters and balances under concurrency: settlements of one player, points exchanges, coupon
// claims and use, card use and wrong passwords, limits, event claims and a repeated
// Idempotency-Key, each raced through the platform. On PGlite (plain `npm run test:unit`) the
// race is many requests on one process; with DATABASE_URL (`npm run test:postgres`) it is two
// platform processes on one PostgreSQL, requests alternating between them, as behind a load balancer.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE } from "../../core/browser/generated/api-errors.ts";
import { cardNumber, cardPassword } from "../../server/domain/seed.ts";
import { encodeCardInfo } from "./harness.ts";
import { type Sides, startSides } from "./sides.ts";

const onPostgres = Boolean(process.env.DATABASE_URL);
const SECRET = "races-secret-of-thirty-two-characters-or-more";
const ROUNDS = 50;
// Five seconds into a minute: the card test's guesses all fall in one lockout window.
const CLOCK = "2026-11-18T10:00:05Z";
let platform: Sides;

beforeAll(async () => {
  platform = await startSides({ secret: SECRET, clock: CLOCK });
}, 120_000);

afterAll(async () => {
  await platform?.close();
}, 30_000);

const call: Sides["call"] = (...args) => platform.call(...args);
const approve: Sides["approve"] = (...args) => platform.approve(...args);

const STARFALL = "1001003";
const JADE = "4001003";
const paypal = { platform: "web", country: "US", payway_id: 10201, channel_id: "paypal" };

/** A new account on a client (a provider sign-in) with its characters there. */
async function newPlayer(clientId: string, name: string) {
  const login = await call(0, "googleAuth", { authorization_code: `sbx_${name}`, client_id: clientId });
  expect(login.code).toBe(1);
  const token = String(login.content.oauth_token);
  const roles = (await call(1, "allRoleList", { client_id: clientId, oauth_token: token })).content.roles as {
    role_id: string;
    server_id: string;
  }[];
  return { token, userId: String(login.content.suid), roles };
}

const n = async (sql: string, params: unknown[]) => Number((await platform.db.query<{ n: string }>(sql, params))[0]?.n ?? Number.NaN);

describe(`races (${onPostgres ? "two platform processes on PostgreSQL" : "one process on PGlite"})`, () => {
  let player: Awaited<ReturnType<typeof newPlayer>>;
  beforeAll(async () => {
    player = await newPlayer(STARFALL, "racer");
  });

  it(`concurrent settlements of one player credit exactly the sum of their points: ${ROUNDS} rounds, no update lost, each level's coupons once`, async () => {
    const goods = ["gems.60", "gems.300", "gems.680", "gems.1280", "gems.3280", "gems.6480"].map((g) => `starfall.${g}`);
    const lost: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Up to 8 unpaid orders of one player at once: each character × some goods.
      const pairs = player.roles.flatMap((role, r) =>
        goods.slice((round + r) % 3, ((round + r) % 3) + 4).map((product_id) => ({ ...role, product_id })),
      );
      const orders = await Promise.all(
        pairs.map((pair, i) =>
          call(i, "payStart", { ...paypal, client_id: STARFALL, oauth_token: player.token, ...pair }, { path: "/api/pay/paypal_pay" }),
        ),
      );
      for (const o of orders) expect(o.content?.status, o.message).toBe(-1);
      const before = await n("SELECT coalesce(sum(total_points), 0)::text AS n FROM vip_accounts WHERE user_id = $1", [player.userId]);
      const notes = await Promise.all(orders.map((o, i) => approve(i, o.content)));
      expect(notes.map((x) => x.code)).toEqual(notes.map(() => 1));
      const credited = await n(`SELECT coalesce(sum(points), 0)::text AS n FROM orders WHERE billing_no = ANY($1::text[])`, [
        orders.map((o) => o.content.billing_no),
      ]);
      const after = await n("SELECT total_points::text AS n FROM vip_accounts WHERE user_id = $1", [player.userId]);
      if (after - before !== credited) lost.push(`round ${round}: ${after - before} of ${credited}`);
    }
    expect(lost).toEqual([]);
    const total = await n("SELECT sum(points)::text AS n FROM orders WHERE user_id = $1 AND status = 1", [player.userId]);
    expect(await n("SELECT total_points::text AS n FROM vip_accounts WHERE user_id = $1", [player.userId])).toBe(total);
    // Diamond is reached; levels 1 to 4 each granted their one permanent coupon, once.
    expect(await n("SELECT level_reached::text AS n FROM vip_accounts WHERE user_id = $1", [player.userId])).toBe(4);
    expect(await n("SELECT count(*)::text AS n FROM coupons WHERE user_id = $1 AND period LIKE 'level-%'", [player.userId])).toBe(4);
  });

  it("concurrent points exchanges never spend more than the balance", async () => {
    const role = player.roles[0];
    for (let round = 0; round < 10; round++) {
      const vip = await call(0, "vipInfo", { client_id: STARFALL, oauth_token: player.token });
      const balance = Number(vip.content.exchangeable_points);
      // Twelve asks, of which the balance covers seven.
      const each = Math.max(1, Math.floor(balance / 7.5));
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          call(i, "exchangePoints", { client_id: STARFALL, oauth_token: player.token, points: each, ...role }),
        ),
      );
      const done = answers.filter((a) => a.code === 1).length;
      expect(done).toBe(Math.floor(balance / each));
      expect(answers.filter((a) => a.code !== 1).every((a) => a.code === CODE.notEnoughPoints)).toBe(true);
      const left = await call(1, "vipInfo", { client_id: STARFALL, oauth_token: player.token });
      expect(left.content.exchangeable_points).toBe(balance - done * each);
      // Give the points back for the next round, as an order would.
      await platform.db.query("UPDATE vip_accounts SET total_points = total_points + $2 WHERE user_id = $1", [player.userId, done * each]);
    }
  });

  it("a period coupon claimed concurrently is claimed once; a coupon used by concurrent orders goes to one", async () => {
    const claim = await call(0, "couponList", { client_id: STARFALL, oauth_token: player.token, use_category: "claim" });
    const grant = claim.content.coupons[0];
    expect(grant).toBeDefined();
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(i, "receiveCoupons", { client_id: STARFALL, oauth_token: player.token, code: grant.code })),
    );
    expect(claims.filter((c) => c.code === 1)).toHaveLength(1);
    expect(claims.filter((c) => c.code !== 1).every((c) => c.code === CODE.claimFailed)).toBe(true);
    expect(await n("SELECT count(*)::text AS n FROM coupons WHERE code = $1", [grant.code])).toBe(1);

    const goods = ["gems.60", "gems.300", "gems.680", "gems.1280", "gems.3280"].map((g) => `starfall.${g}`);
    const pairs = player.roles.flatMap((role) => goods.map((product_id) => ({ ...role, product_id })));
    const orders = await Promise.all(
      pairs.map((pair, i) =>
        call(
          i,
          "payStart",
          { ...paypal, client_id: STARFALL, oauth_token: player.token, coupon_code: grant.code, ...pair },
          { path: "/api/pay/paypal_pay" },
        ),
      ),
    );
    expect(orders.filter((o) => o.code === 1)).toHaveLength(1);
    expect(orders.filter((o) => o.code !== 1).every((o) => o.code === CODE.illegalCoupon)).toBe(true);
    expect(await n("SELECT count(*)::text AS n FROM orders WHERE coupon_code = $1", [grant.code])).toBe(1);
  });

  it("purchases against a once-per-account limit make one order", async () => {
    const buyer = await newPlayer(STARFALL, "racelimit");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(
          i,
          "payStart",
          {
            ...paypal,
            client_id: STARFALL,
            oauth_token: buyer.token,
            ...buyer.roles[i % buyer.roles.length],
            product_id: "starfall.bundle.starter",
          },
          { path: "/api/pay/paypal_pay" },
        ),
      ),
    );
    expect(answers.filter((a) => a.code === 1 && a.content.status === -1)).toHaveLength(1);
    expect(await n("SELECT count(*)::text AS n FROM orders WHERE user_id = $1", [buyer.userId])).toBe(1);
  });

  it("an event reward claimed concurrently is received once", async () => {
    const info = await call(0, "activityInfo", { client_id: STARFALL, oauth_token: player.token });
    const event = info.content.activities.find((a: { type: string }) => a.type === "cumulative");
    const reward = event.rewards.find((r: { state: string }) => r.state === "claimable");
    expect(reward).toBeDefined();
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(i, "receiveActivityGift", {
          client_id: STARFALL,
          oauth_token: player.token,
          activity_id: event.activity_id,
          reward_id: reward.reward_id,
        }),
      ),
    );
    expect(claims.filter((c) => c.code === 1)).toHaveLength(1);
    expect(
      await n("SELECT count(*)::text AS n FROM activity_claims WHERE activity_id = $1 AND reward_id = $2 AND user_id = $3", [
        event.activity_id,
        reward.reward_id,
        player.userId,
      ]),
    ).toBe(1);
  });

  it("first sign-ins of one provider account racing through both processes make one account, and every one signs in", async () => {
    const logins = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(i, "googleAuth", { authorization_code: "sbx_twin_taps", client_id: STARFALL })),
    );
    expect(logins.map((l) => l.code)).toEqual(Array(10).fill(1));
    expect(new Set(logins.map((l) => String(l.content.suid))).size).toBe(1);
    expect(await n("SELECT count(*)::text AS n FROM accounts WHERE username = $1", ["google:twin_taps"])).toBe(1);
  });

  it("one Idempotency-Key sent concurrently to both processes has one effect and one answer", async () => {
    const role = player.roles[0];
    const before = (await call(0, "vipInfo", { client_id: STARFALL, oauth_token: player.token })).content.exchangeable_points;
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(i, "exchangePoints", { client_id: STARFALL, oauth_token: player.token, points: 10, ...role }, { key }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(answers.map(() => 1));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect((await call(1, "vipInfo", { client_id: STARFALL, oauth_token: player.token })).content.exchangeable_points).toBe(before - 10);
  });

  it("a card exchanged concurrently is spent once; concurrent wrong passwords are checked no more than the limit allows", async () => {
    const card = await newPlayer(JADE, "racecard");
    const at = () => Math.floor(platform.now().getTime() / 1000);
    const info = encodeCardInfo(cardNumber("jade", 4), cardPassword(4), at());
    const pays = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(i, "cardPay", { client_id: JADE, oauth_token: card.token, ...card.roles[0], platform: "web", card_info: info }),
      ),
    );
    const made = pays.filter((p) => p.code === 1 && p.content.status === -1);
    expect(made).toHaveLength(1);
    // The others: "card used"; that exchange again (same character, while it is unpaid); or, past
    // five checks in flight from one address at once, "locked" (attempts are counted before a check).
    for (const p of pays.filter((x) => x !== made[0])) {
      if (p.code === 1) expect(p.content).toMatchObject({ status: CODE.repeat, billing_no: made[0]?.content.billing_no });
      else expect([CODE.cardUsed, CODE.cardLocked]).toContain(p.code);
    }
    expect(await n("SELECT count(*)::text AS n FROM orders WHERE product_id = $1", [`card.${cardNumber("jade", 4)}`])).toBe(1);

    // Twenty guesses at once: attempts are counted before a password is checked, so at most five
    // are checked in the minute (the fifth failure answers "locked"), whichever process takes them.
    // The platform's clock started 5 s into a minute (CLOCK): the race falls inside one window.
    const guess = encodeCardInfo(cardNumber("jade", 6), "wrong-password", at());
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => call(i, "cardInfo", { client_id: JADE, card_info: guess })));
    expect(guesses.filter((g) => g.code === CODE.cardInvalid)).toHaveLength(4);
    expect(guesses.filter((g) => g.code === CODE.cardLocked)).toHaveLength(16);
  });
});
