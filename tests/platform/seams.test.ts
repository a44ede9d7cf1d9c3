// Where two features meet: one describe per finding of the review of the platform's seams, each
// test named after what it holds. On PGlite in `npm run test:unit`; with DATABASE_URL
// (`npm run test:postgres`) on PostgreSQL, the rules that must hold across processes raced through
// two platform processes. docs/security.md ("Where features meet") maps each test to its control.
import { AsyncLocalStorage } from "node:async_hooks";
import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CODE } from "../../core/browser/generated/api-errors.ts";
import { loadContract } from "../../core/node/contract/contract.ts";
import { buildApp } from "../../server/app.ts";
import { subjects } from "../../server/domain/attempts.ts";
import { signNotification } from "../../server/domain/checkout.ts";
import { UNPAID_BANK_ORDER_MS, UNPAID_ORDER_MS } from "../../server/domain/expiry.ts";
import { cardNumber, cardPassword } from "../../server/domain/seed.ts";
import { sweep } from "../../server/domain/sweeps.ts";
import { TRACKING_EVENT_BYTES, TRACKING_KEEP_MS, TRACKING_LIMITS } from "../../server/domain/tracking.ts";
import { DEMO_CONFIG } from "../demo-config.ts";
import { buy, decide, encodeCardInfo, encodeCredential, firstRole, type Harness, startHarness } from "./harness.ts";
import { type Sides, startSides } from "./sides.ts";

/** What the password checks saw: whether a transaction was open, and a gate a test may hold them at. */
const checks = vi.hoisted(() => ({
  /** Whether the code running is inside a transaction of the in-process platform (set in beforeAll). */
  inside: (): boolean => false,
  insideTransaction: [] as boolean[],
  gate: undefined as Promise<void> | undefined,
  entered: undefined as (() => void) | undefined,
}));

vi.mock("../../server/domain/crypto.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../server/domain/crypto.ts")>();
  return {
    ...real,
    verifyPassword: async (...args: Parameters<typeof real.verifyPassword>) => {
      checks.insideTransaction.push(checks.inside());
      checks.entered?.();
      if (checks.gate) await checks.gate;
      return real.verifyPassword(...args);
    },
  };
});

const MINUTE = 60_000;
// Five seconds into a minute: a race of guesses falls inside one lockout window.
const CLOCK = "2026-11-18T10:00:05Z";
let at = Date.parse(CLOCK);
const move = (ms: number) => {
  at += ms;
};
/** To five seconds into the next minute: a new lockout window. */
const nextMinute = () => move(MINUTE - (at % MINUTE) + 5000);
const seconds = () => Math.floor(at / 1000);

let h: Harness;
let two: Sides;
beforeAll(async () => {
  [h, two] = await Promise.all([
    startHarness({ now: () => new Date(at), trustProxy: "loopback" }),
    startSides({ secret: "seams-suite-secret-of-32-characters-at-least", clock: CLOCK }),
  ]);
  // The code each transaction of the in-process platform runs is marked, awaits included: a password
  // check can tell whether it runs inside one (and not merely while another call's is open).
  const marked = new AsyncLocalStorage<true>();
  checks.inside = () => marked.getStore() === true;
  const transaction = h.db.transaction.bind(h.db);
  h.db.transaction = (fn) => marked.run(true, () => transaction(fn));
}, 180_000);
afterAll(async () => {
  await Promise.all([h?.close(), two?.close()]);
}, 60_000);

const JADE = "4001003";
const STARFALL = "1001003";

/** Each test's own client address, so that one test's guesses never lock another's. */
let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;

const cardInfo = (card: string, password: string) => encodeCardInfo(card, password, seconds());

/** A card payment by a signed-in jade player, with a fresh Idempotency-Key unless one is given. */
async function cardPayer() {
  const session = await h.login("jade", "player");
  const role = await firstRole(h, session);
  return (card: string, password: string, opts: { ip: string; key?: string }) =>
    h.call(
      "cardPay",
      { client_id: JADE, oauth_token: session.token, ...role, platform: "web", card_info: cardInfo(card, password) },
      { ip: opts.ip, key: opts.key ?? randomUUID() },
    );
}

describe("1. an Idempotency-Key rolled the card lockout's count back", () => {
  it("five wrong card passwords on card_pay, each with a fresh Idempotency-Key, lock the card; the right password is then refused", async () => {
    nextMinute();
    const pay = await cardPayer();
    const card = cardNumber("jade", 1);
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await pay(card, `wrong-${i}`, { ip: newAddress() })).code);
    const limit = subjects.card("").limit;
    expect(codes.slice(0, limit - 1)).toEqual(Array(limit - 1).fill(CODE.cardInvalid));
    expect(codes.slice(limit - 1)).toEqual(Array(30 - limit + 1).fill(CODE.cardLocked));
    expect((await pay(card, cardPassword(1), { ip: newAddress() })).code).toBe(CODE.cardLocked);
    const [spent] = await h.db.query("SELECT 1 FROM prepaid_cards WHERE card_no = $1 AND used_billing_no IS NOT NULL", [card]);
    expect(spent).toBeUndefined();
  });

  it("a refusal kept for a key repeats its answer, and neither counts nor gives back an attempt", async () => {
    nextMinute();
    const pay = await cardPayer();
    const card = cardNumber("jade", 2);
    const attempts = async () =>
      (
        await h.db.query<{ n: number }>("SELECT coalesce(max(attempts), 0)::int AS n FROM attempt_counters WHERE subject = $1", [
          `card:${card}`,
        ])
      )[0]?.n;
    const key = randomUUID();
    const first = await pay(card, "wrong", { ip: newAddress(), key });
    expect(first.code).toBe(CODE.cardInvalid);
    expect(await attempts()).toBe(1);
    // The same call again (a lost answer, a backup host): the same answer, no second guess counted.
    const again = await pay(card, "wrong", { ip: newAddress(), key });
    expect({ code: again.code, message: again.message }).toEqual({ code: first.code, message: first.message });
    expect(await attempts()).toBe(1);
  });

  it(`100 wrong card passwords spread over card_pay with fresh keys, card_info and card sign-in check at most 5 (${"across processes on PostgreSQL"}); the right one is then refused`, async () => {
    const card = cardNumber("jade", 3);
    const info = cardInfo(card, "wrong-password");
    // The payer signs in through one process; its session is good on both.
    const login = await two.call(0, "auth", {
      username: encodeCredential("jade_player"),
      password: encodeCredential("sandbox-pass"),
      client_id: JADE,
    });
    const token = login.content.oauth_token as string;
    const roles = await two.call(1, "allRoleList", { client_id: JADE, oauth_token: token });
    const role = roles.content.roles[0] as { role_id: string; server_id: string };
    // Each guess from an address of its own: only the card's own limit can stop them.
    const guess = (i: number) => {
      const ip = `198.18.${Math.floor(i / 200)}.${i % 200}`;
      if (i % 3 === 0)
        return two.call(
          i,
          "cardPay",
          { client_id: JADE, oauth_token: token, ...role, platform: "web", card_info: info },
          { ip, key: randomUUID() },
        );
      if (i % 3 === 1) return two.call(i, "cardInfo", { client_id: JADE, card_info: info }, { ip });
      return two.call(
        i,
        "auth",
        { username: encodeCredential(card), password: encodeCredential("wrong-password"), client_id: JADE, login_type: "card" },
        { ip },
      );
    };
    const codes = (await Promise.all(Array.from({ length: 100 }, (_, i) => guess(i)))).map((a) => a.code);
    const wrong = codes.filter((c) => c === CODE.cardInvalid || c === CODE.loginFailed);
    const locked = codes.filter((c) => c === CODE.cardLocked || c === CODE.tooManyRequests);
    const limit = subjects.card("").limit;
    // The fifth check answers "locked"; every other guess is refused before its password is checked.
    expect(wrong).toHaveLength(limit - 1);
    expect(locked).toHaveLength(100 - (limit - 1));
    const [row] = await two.db.query<{ n: number }>("SELECT max(attempts)::int AS n FROM attempt_counters WHERE subject = $1", [
      `card:${card}`,
    ]);
    expect(row?.n).toBe(limit);
    // The right password, through either process and either path, is refused while the lock lasts.
    const right = cardInfo(card, cardPassword(3));
    const rightPay = await two.call(
      1,
      "cardPay",
      { client_id: JADE, oauth_token: token, ...role, platform: "web", card_info: right },
      { ip: "198.18.9.1", key: randomUUID() },
    );
    expect(rightPay.code).toBe(CODE.cardLocked);
    expect((await two.call(0, "cardInfo", { client_id: JADE, card_info: right }, { ip: "198.18.9.2" })).code).toBe(CODE.cardLocked);
  });
});

describe("2. a password hash ran inside the keyed transaction", () => {
  it("a keyed card payment checks its password before its transaction: /api/health answers while the check runs", async () => {
    nextMinute();
    const pay = await cardPayer();
    let release = () => {};
    checks.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const entered = new Promise<void>((resolve) => {
      checks.entered = resolve;
    });
    try {
      const paying = pay(cardNumber("jade", 3), cardPassword(3), { ip: newAddress() });
      await entered;
      // PGlite has one connection: inside a transaction the check would hold it, and this would wait.
      const health = await h.app.inject({ method: "GET", url: "/api/health", headers: { host: "127.0.0.1" } });
      expect(health.statusCode).toBe(200);
      release();
      expect((await paying).code).toBe(1);
    } finally {
      checks.gate = undefined;
      checks.entered = undefined;
      release();
    }
  });

  it("no password check runs inside a database transaction, on any path, with a key or without", async () => {
    nextMinute();
    checks.insideTransaction.length = 0;
    const pay = await cardPayer();
    await pay(cardNumber("jade", 4), "wrong", { ip: newAddress() });
    await pay(cardNumber("jade", 4), cardPassword(4), { ip: newAddress() });
    await h.call("cardInfo", { client_id: JADE, card_info: cardInfo(cardNumber("jade", 5), cardPassword(5)) }, { ip: newAddress() });
    await h.call(
      "auth",
      {
        username: encodeCredential(cardNumber("jade", 6)),
        password: encodeCredential(cardPassword(6)),
        client_id: JADE,
        login_type: "card",
      },
      { ip: newAddress() },
    );
    await h.login("aurora", "player");
    expect(checks.insideTransaction.length).toBeGreaterThanOrEqual(6);
    expect(checks.insideTransaction.filter(Boolean)).toEqual([]);
  });
});

/** A new make-up link for the sandbox's make-up target of a brand. */
async function newLink(brand = "aurora", validSeconds = 3600): Promise<string> {
  const res = await h.app.inject({ method: "POST", url: "/sandbox/replenish", payload: { brand, valid_seconds: validSeconds } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { content: { replenish_id: string } }).content.replenish_id;
}

/** A new make-up link for a brand's make-up target and a goods of its own. */
async function newLinkFor(brand: string, productId: string): Promise<string> {
  const res = await h.app.inject({
    method: "POST",
    url: "/sandbox/replenish",
    payload: { brand, valid_seconds: 3600, product_id: productId },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { content: { replenish_id: string } }).content.replenish_id;
}

/** A make-up payment with PayPal by someone not signed in (or signed in as `token`). */
const payLink = (replenishId: string, opts: { ip?: string; key?: string; token?: string; coupon?: string; host?: string } = {}) =>
  h.call(
    "payStart",
    {
      client_id: STARFALL,
      product_id: "ignored",
      platform: "web",
      country: "US",
      payway_id: 10201,
      channel_id: "paypal",
      replenish_id: replenishId,
      ...(opts.token ? { oauth_token: opts.token } : {}),
      ...(opts.coupon ? { coupon_code: opts.coupon } : {}),
    },
    {
      path: "/api/pay/paypal_pay",
      ...(opts.ip ? { ip: opts.ip } : {}),
      ...(opts.key ? { key: opts.key } : {}),
      ...(opts.host ? { host: opts.host } : {}),
    },
  );

const userIdOf = async (username: string) =>
  (await h.db.query<{ user_id: string }>("SELECT user_id::text FROM accounts WHERE username = $1", [username]))[0]?.user_id ?? "";

/** A claimed coupon of the account's, 8 % off, no minimum spend. */
async function giveCoupon(username: string, brand: string): Promise<string> {
  const code = `CPTEST${randomUUID().slice(0, 8).toUpperCase()}`;
  await h.db.query(
    `INSERT INTO coupons (code, user_id, brand_id, name, kind, discount_rate, claimed, period, valid_end_time)
     VALUES ($1, $2, $3, '8% off', 'permanent', 0.92, true, $1, $4)`,
    [code, await userIdOf(username), brand, new Date(at + 30 * 86_400_000)],
  );
  return code;
}

const couponState = async (code: string) =>
  (await h.db.query<{ used_billing_no: string | null }>("SELECT used_billing_no FROM coupons WHERE code = $1", [code]))[0];

describe("3. a make-up link spent the target account's coupon", () => {
  it("a make-up payment with the target's coupon is refused with -3062, and the coupon stays the target's, unused", async () => {
    const code = await giveCoupon("aurora_target", "aurora");
    const link = await newLink();
    const paid = await payLink(link, { coupon: code, key: randomUUID() });
    expect(paid.code).toBe(CODE.illegalCoupon);
    expect(await couponState(code)).toEqual({ used_billing_no: null });
    // Signed in as someone else, the same.
    const payer = await h.login("aurora", "player");
    expect((await payLink(link, { coupon: code, token: payer.token })).code).toBe(CODE.illegalCoupon);
    // The link itself is still payable, at the full price.
    const full = await payLink(link);
    expect(full.content).toMatchObject({ status: -1, amount: 9.99 });
  });

  it("weekly and monthly coupon codes cannot be computed from public values", async () => {
    const vip = await h.login("aurora", "vip");
    const list = await h.call("couponList", { client_id: STARFALL, oauth_token: vip.token, use_category: "claim" });
    const grants = list.content.coupons.filter((c) => c.kind === "week" || c.kind === "month");
    expect(grants.length).toBeGreaterThan(0);
    const userId = await userIdOf("aurora_vip");
    const now = new Date(at);
    const week = isoWeek(now);
    const month = now.toISOString().slice(0, 7);
    for (const grant of grants) {
      const period = grant.kind === "week" ? week : month;
      // The code a grant once had: a digest of the account, brand, kind, period and name, all known to others.
      for (const name of [grant.name, grant.name.replace(/ #\d+$/, "")]) {
        const digest = createHash("sha256").update(`${userId}\naurora\n${grant.kind}\n${period}\n${name}`).digest("hex");
        expect(grant.code).not.toContain(digest.slice(0, 14).toUpperCase());
      }
    }
    // Keyed with the platform's secret: another platform's secret gives other codes for the same account and period.
    const other = await startHarness({ now: () => new Date(at), secret: "another-platform-secret-of-32-chars" });
    try {
      const session = await other.login("aurora", "vip");
      const theirs = await other.call("couponList", { client_id: STARFALL, oauth_token: session.token, use_category: "claim" });
      const sameAccount = (
        await other.db.query<{ user_id: string }>("SELECT user_id::text FROM accounts WHERE username = 'aurora_vip'")
      )[0];
      expect(sameAccount?.user_id).toBe(userId);
      const codes = new Set(grants.map((g) => g.code));
      expect(theirs.content.coupons.filter((c) => codes.has(c.code))).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("an unpaid order expires after 30 minutes on the platform's clock and gives back its coupon, its purchase-limit count and its unpaid-order slot", async () => {
    const { token, clientId } = await h.login("aurora", "player");
    const code = await giveCoupon("aurora_player", "aurora");
    const role = await firstRole(h, { token, clientId });
    const order = (coupon?: string) =>
      h.call(
        "payStart",
        {
          client_id: clientId,
          oauth_token: token,
          platform: "web",
          country: "US",
          ...role,
          product_id: "starfall.pass.weekly",
          payway_id: 10201,
          channel_id: "paypal",
          ...(coupon ? { coupon_code: coupon } : {}),
        },
        { path: "/api/pay/paypal_pay", key: randomUUID() },
      );
    const first = await order(code);
    expect(first.content.status).toBe(-1);
    expect(await couponState(code)).toEqual({ used_billing_no: first.content.billing_no });
    // Within the 30 minutes the same goods answers the unpaid order (Repeat).
    move(29 * MINUTE);
    await sweep(h.platform, false);
    expect((await order()).content).toMatchObject({ status: 10, billing_no: first.content.billing_no });
    move(2 * MINUTE);
    await sweep(h.platform, false);
    const expired = await h.call("orderInfo", { billing_no: first.content.billing_no, oauth_token: token });
    expect(expired.content.status).toBe(-2);
    expect(expired.content.history?.map((e) => e.event)).toContain("expired");
    expect(expired.content.pay_url).toBeUndefined();
    // The coupon is the player's again, and usable.
    expect(await couponState(code)).toEqual({ used_billing_no: null });
    const limits = await h.call("limitProductInfo", { client_id: clientId, oauth_token: token, ...role });
    expect(limits.content.limits.find((l) => l.product_id === "starfall.pass.weekly")).toMatchObject({ extra_pay_times: 2 });
    // The slot is free: a new order, with the same coupon.
    const second = await order(code);
    expect(second.content.status).toBe(-1);
    expect(second.content.billing_no).not.toBe(first.content.billing_no);
    expect(await couponState(code)).toEqual({ used_billing_no: second.content.billing_no });
    // Its checkout link says the order expired.
    const page = await h.app.inject({
      method: "GET",
      url: new URL(first.content.url ?? "").pathname + new URL(first.content.url ?? "").search,
    });
    expect(page.body).toMatch(/expired/i);
    expect(page.body).not.toMatch(/Approve payment/);
  });

  it("a payment approved after its order expired is delivered at the amount it was created with; its coupon is spent then if still unused, and the discount stands if not", async () => {
    const { token, clientId } = await h.login("aurora", "vip");
    const role = await firstRole(h, { token, clientId });
    const order = (product: string, coupon?: string) =>
      h.call(
        "payStart",
        {
          client_id: clientId,
          oauth_token: token,
          platform: "web",
          country: "US",
          ...role,
          product_id: product,
          payway_id: 10201,
          channel_id: "paypal",
          ...(coupon ? { coupon_code: coupon } : {}),
        },
        { path: "/api/pay/paypal_pay", key: randomUUID() },
      );
    const approveLate = (billingNo: string, amount: number) => {
      const note = signed(billingNo, amount);
      return h.app.inject({
        method: "POST",
        url: "/sandbox/notify",
        headers: { "content-type": "application/json", "x-sandbox-signature": note.signature, host: "127.0.0.1" },
        payload: note.body,
      });
    };
    // A: its coupon still unused at the approval: spent then.
    const kept = await giveCoupon("aurora_vip", "aurora");
    const a = await order("starfall.gems.680", kept);
    expect(a.content.amount).toBe(9.19);
    // B: its coupon taken by another order while B was expired: B keeps its discount, the other its coupon.
    const reused = await giveCoupon("aurora_vip", "aurora");
    const b = await order("starfall.gems.1280", reused);
    move(31 * MINUTE);
    await sweep(h.platform, false);
    expect(await couponState(kept)).toEqual({ used_billing_no: null });
    const other = await order("starfall.gems.3280", reused);
    expect(other.content.status).toBe(-1);
    expect((await approveLate(a.content.billing_no, 9.19)).statusCode).toBe(200);
    expect((await approveLate(b.content.billing_no, b.content.amount ?? 0)).statusCode).toBe(200);
    for (const billingNo of [a.content.billing_no, b.content.billing_no]) {
      const info = await h.call("orderInfo", { billing_no: billingNo, oauth_token: token });
      expect(info.content.status, billingNo).toBe(1);
    }
    expect((await h.call("orderInfo", { billing_no: b.content.billing_no, oauth_token: token })).content.amount).toBe(b.content.amount);
    expect(await couponState(kept)).toEqual({ used_billing_no: a.content.billing_no });
    expect(await couponState(reused)).toEqual({ used_billing_no: other.content.billing_no });
  });
});

/** A provider's signed notification that the order was paid (signed with the harness's secret). */
function signed(billingNo: string, amount: number) {
  const body = JSON.stringify({
    event_id: randomUUID(),
    billing_no: billingNo,
    outcome: "approved",
    provider: "10201",
    amount,
    currency: "USD",
  });
  return { body, signature: signNotification("test-secret", body) };
}

/** ISO 8601 week of a date (2026-W47). */
function isoWeek(d: Date): string {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = new Date(Date.UTC(day.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((day.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

describe("3b. expiry and late approvals across processes", () => {
  it(`orders whose time runs out while approvals arrive (${"through two processes on PostgreSQL"}) are each paid once, each coupon held by its own order`, async () => {
    const login = await two.call(0, "auth", {
      username: encodeCredential("aurora_vip"),
      password: encodeCredential("sandbox-pass"),
      client_id: STARFALL,
    });
    const token = login.content.oauth_token as string;
    const role = (await two.call(1, "allRoleList", { client_id: STARFALL, oauth_token: token })).content.roles[0] as {
      role_id: string;
      server_id: string;
    };
    const [vip] = await two.db.query<{ user_id: string }>("SELECT user_id::text FROM accounts WHERE username = 'aurora_vip'");
    const points = async () =>
      (
        await two.db.query<{ n: number }>("SELECT total_points AS n FROM vip_accounts WHERE user_id = $1 AND brand_id = 'aurora'", [
          vip?.user_id,
        ])
      )[0]?.n ?? 0;
    const goods = ["60", "300", "680", "1280", "3280", "6480"].map((g) => `starfall.gems.${g}`);
    const orders: { billing_no: string; amount: number; currency: string; coupon: string }[] = [];
    for (const [i, product] of goods.entries()) {
      const coupon = `CPRACE${randomUUID().slice(0, 8).toUpperCase()}`;
      await two.db.query(
        `INSERT INTO coupons (code, user_id, brand_id, name, kind, discount_rate, claimed, period, valid_end_time)
         VALUES ($1, $2, 'aurora', '8% off', 'permanent', 0.92, true, $1, $3)`,
        [coupon, vip?.user_id, new Date(two.now().getTime() + 86_400_000)],
      );
      const made = await two.call(
        i,
        "payStart",
        {
          client_id: STARFALL,
          oauth_token: token,
          platform: "web",
          country: "US",
          ...role,
          product_id: product,
          payway_id: 10201,
          channel_id: "paypal",
          coupon_code: coupon,
        },
        { path: "/api/pay/paypal_pay", key: randomUUID() },
      );
      expect(made.content.status, product).toBe(-1);
      orders.push({ billing_no: made.content.billing_no, amount: made.content.amount, currency: made.content.currency, coupon });
    }
    const before = await points();
    // Their time is up now: both processes' sweeps (every half second) expire them while the
    // provider's approvals arrive, each twice, through both processes.
    await two.db.query("UPDATE orders SET expires_at = created_at WHERE billing_no = ANY($1::text[])", [orders.map((o) => o.billing_no)]);
    const answers = await Promise.all(
      orders.flatMap((o, i) => [
        two.approve(i, { billing_no: o.billing_no, amount: o.amount, currency: o.currency }),
        two.approve(i + 1, { ...o }),
      ]),
    );
    expect(answers.every((a) => a.code === 1)).toBe(true);
    expect(answers.filter((a) => a.content.applied)).toHaveLength(orders.length);
    for (const o of orders) {
      const [row] = await two.db.query<{ status: number; applied: number; coupon: string | null }>(
        `SELECT o.status,
                (SELECT count(*)::int FROM payment_notifications n WHERE n.billing_no = o.billing_no AND n.applied) AS applied,
                (SELECT c.used_billing_no FROM coupons c WHERE c.code = $2) AS coupon
           FROM orders o WHERE o.billing_no = $1`,
        [o.billing_no, o.coupon],
      );
      expect(row, o.billing_no).toEqual({ status: 1, applied: 1, coupon: o.billing_no });
    }
    // Each order's points credited once: the discounted amounts, in US cents.
    const [sum] = await two.db.query<{ n: number }>("SELECT sum(points)::int AS n FROM orders WHERE billing_no = ANY($1::text[])", [
      orders.map((o) => o.billing_no),
    ]);
    expect((await points()) - before).toBe(sum?.n);
  });
});

describe("4. a make-up payer was handed the target's own unpaid order", () => {
  it("a make-up payment sees only orders of its own link, and paying it marks the link paid", async () => {
    // The target signs in and leaves an order of the link's goods unpaid.
    const target = await h.login("aurora", "target");
    const link = await newLink();
    const [row] = await h.db.query<{ role_id: string; server_id: string; product_id: string }>(
      "SELECT role_id, server_id, product_id FROM replenish_links WHERE replenish_id = $1",
      [link],
    );
    await h.db.query("UPDATE account_blocks SET lift_at = $2 WHERE user_id = $1", [await userIdOf("aurora_target"), new Date(at - 1000)]);
    const own = await buy(h, target, {
      product: row?.product_id ?? "",
      country: "US",
      role: { role_id: row?.role_id ?? "", server_id: row?.server_id ?? "" },
    });
    expect(own.content.status).toBe(-1);
    // The make-up payer gets an order of the link, never the target's.
    const made = await payLink(link, { ip: newAddress() });
    expect(made.content.status).toBe(-1);
    expect(made.content.billing_no).not.toBe(own.content.billing_no);
    expect(made.content.url).not.toBe(own.content.url);
    // Asked again, the link's own unpaid order (Repeat), still not the target's.
    const again = await payLink(link, { ip: newAddress() });
    expect(again.content).toMatchObject({ status: 10, billing_no: made.content.billing_no });
    await decide(h, made.content.url ?? "", "approved");
    expect((await h.call("replenishInfo", { replenish_id: link })).content).toMatchObject({
      status: "paid",
      billing_no: made.content.billing_no,
    });
    // The target's own order is untouched.
    expect((await h.call("orderInfo", { billing_no: own.content.billing_no, oauth_token: target.token, simple: 1 })).content.status).toBe(
      -1,
    );
  });
});

describe("4b. an unpaid order of one scope against the other's limit and coupon", () => {
  it("a make-up link's unpaid order holds its share of a limited goods, and never stops the target buying", async () => {
    const target = await h.login("aurora", "target");
    await h.db.query("UPDATE account_blocks SET lift_at = $2 WHERE user_id = $1", [await userIdOf("aurora_target"), new Date(at - 1000)]);
    const link = await newLinkFor("aurora", "starfall.pass.weekly");
    const [row] = await h.db.query<{ role_id: string; server_id: string }>(
      "SELECT role_id, server_id FROM replenish_links WHERE replenish_id = $1",
      [link],
    );
    const role = { role_id: row?.role_id ?? "", server_id: row?.server_id ?? "" };
    // Twice a week: the link's unpaid order holds one, the target may still buy the other.
    const byLink = await payLink(link, { ip: newAddress() });
    expect(byLink.content.status).toBe(-1);
    const own = await buy(h, target, { product: "starfall.pass.weekly", country: "US", role });
    expect(own.content.status).toBe(-1);
    const limits = await h.call("limitProductInfo", { client_id: STARFALL, oauth_token: target.token, ...role });
    expect(limits.content.limits.find((l) => l.product_id === "starfall.pass.weekly")).toMatchObject({
      extra_pay_times: -1,
      pending_billing_no: own.content.billing_no,
    });
    // Both held: each side asking again gets its own order (Repeat); another link finds the limit reached.
    expect((await buy(h, target, { product: "starfall.pass.weekly", country: "US", role })).content).toMatchObject({
      status: 10,
      billing_no: own.content.billing_no,
    });
    expect((await payLink(link, { ip: newAddress() })).content).toMatchObject({ status: 10, billing_no: byLink.content.billing_no });
    const other = await newLinkFor("aurora", "starfall.pass.weekly");
    expect((await payLink(other, { ip: newAddress() })).code).toBe(CODE.limitReached);
  });

  it("the same goods asked again with the coupon its unpaid order holds answers that order, not -3062", async () => {
    const session = await h.login("aurora", "player");
    const role = await firstRole(h, session);
    const code = await giveCoupon("aurora_player", "aurora");
    const order = () =>
      h.call(
        "payStart",
        {
          client_id: STARFALL,
          oauth_token: session.token,
          platform: "web",
          country: "US",
          ...role,
          product_id: "starfall.gems.300",
          payway_id: 10201,
          channel_id: "paypal",
          coupon_code: code,
        },
        { path: "/api/pay/paypal_pay" },
      );
    const first = await order();
    expect(first.content.status).toBe(-1);
    expect((await order()).content).toMatchObject({ status: 10, billing_no: first.content.billing_no });
  });

  it("a bank payment's order waits 24 hours before it expires, any other 30 minutes", async () => {
    const session = await h.login("aurora", "vip");
    const role = await firstRole(h, session);
    const bank = await h.call(
      "payStart",
      {
        client_id: STARFALL,
        oauth_token: session.token,
        platform: "web",
        country: "BR",
        ...role,
        product_id: "starfall.gems.1280",
        payway_id: 10501,
        channel_id: "pix",
      },
      { path: "/api/pay/pagsmile_pay" },
    );
    expect(bank.content.status).toBe(-1);
    const wallet = await buy(h, session, { product: "starfall.gems.6480", country: "US", role });
    const expiresIn = async (billingNo: string) =>
      ((await h.call("orderInfo", { billing_no: billingNo, oauth_token: session.token })).content.expires_at ?? 0) - Math.floor(at / 1000);
    expect(await expiresIn(bank.content.billing_no)).toBe(UNPAID_BANK_ORDER_MS / 1000);
    expect(await expiresIn(wallet.content.billing_no)).toBe(UNPAID_ORDER_MS / 1000);
  });
});

describe("5. links built from raw Host header text", () => {
  const twitter = (opts: { host?: string; headers?: Record<string, string> }) =>
    h.call("twitterAuth", { client_id: STARFALL, callback: "http://aurora.localhost/twitterRedirect.html" }, opts);

  it("a Host or trusted X-Forwarded-Host that is not name[:port] or [v6][:port] is refused with 400 and the envelope, before anything else", async () => {
    for (const host of [
      "127.0.0.1:1@evil.example",
      "aurora.localhost:8080/evil",
      "aurora.localhost:99999",
      "a b",
      "[::1",
      "aurora.localhost:80:80",
      "[1.2.3.4]",
      "[:::::]",
      "999.1.1.1",
    ]) {
      const answer = await twitter({ host });
      expect({ host, status: answer.status, code: answer.code, content: answer.content }).toEqual({
        host,
        status: 400,
        code: CODE.badRequest,
        content: null,
      });
    }
    // Through the trusted proxy (loopback), its X-Forwarded-Host is the host, held to the same shape.
    const forwarded = await twitter({ headers: { "x-forwarded-host": "127.0.0.1:1@evil.example" } });
    expect({ status: forwarded.status, code: forwarded.code }).toEqual({ status: 400, code: CODE.badRequest });
    // A make-up order opened with such a host stores nothing.
    const link = await newLink();
    const bad = await payLink(link, { host: "127.0.0.1:1@evil.example" });
    expect(bad.status).toBe(400);
    const [stored] = await h.db.query("SELECT 1 FROM orders WHERE replenish_id = $1", [link]);
    expect(stored).toBeUndefined();
    // A site page too: the rule is the door's, not the API's.
    const page = await h.app.inject({ method: "GET", url: "/", headers: { host: "aurora.localhost@evil.example" } });
    expect(page.statusCode).toBe(400);
  });

  it("every link is built from the validated host with the port it was reached on, and the scheme the platform knows", async () => {
    for (const [headers, origin] of [
      [{ host: "aurora.localhost:8080" }, "http://aurora.localhost:8080"],
      [{ host: "AURORA.localhost" }, "http://aurora.localhost"],
      [{ host: "127.0.0.1:5173" }, "http://127.0.0.1:5173"],
      [{ host: "[::1]:5173" }, "http://[::1]:5173"],
      [{ "x-forwarded-host": "aurora.localhost", "x-forwarded-proto": "https" }, "https://aurora.localhost"],
    ] as const) {
      const { host, ...rest } = headers as Record<string, string>;
      const answer = await twitter({ ...(host ? { host } : {}), headers: rest });
      expect(answer.code, JSON.stringify(headers)).toBe(1);
      // The link as written, not as a URL parser would tidy it.
      expect(
        answer.content.url.startsWith(`${origin}/sandbox/provider/twitter?`),
        `${JSON.stringify(headers)}: ${answer.content.url}`,
      ).toBe(true);
    }
    const link = await newLink();
    const pay = await payLink(link, { host: "aurora.localhost:8443" });
    expect(pay.content.url?.startsWith("http://aurora.localhost:8443/sandbox/checkout/")).toBe(true);
  });

  it("a Repeat answer and an order's pay link are made for the host the caller called, never the one whoever made the order called", async () => {
    const link = await newLink();
    // Whoever opens the link first names a host (any of the platform's, any port)...
    const first = await payLink(link, { host: "127.0.0.1:31337", ip: newAddress() });
    expect(first.content.url?.startsWith("http://127.0.0.1:31337/")).toBe(true);
    // ...and the next payer of the link gets the order with a link to their own host.
    const again = await payLink(link, { host: "aurora.localhost", ip: newAddress() });
    expect(again.content).toMatchObject({ status: 10, billing_no: first.content.billing_no });
    expect(again.content.url?.startsWith("http://aurora.localhost/sandbox/checkout/")).toBe(true);
    const info = await h.call("orderInfo", { billing_no: first.content.billing_no }, { host: "aurora.localhost:8080" });
    expect(info.content.pay_url?.startsWith("http://aurora.localhost:8080/sandbox/checkout/")).toBe(true);
    // The same signed page either way.
    expect(new URL(again.content.url ?? "").search).toBe(new URL(first.content.url ?? "").search);
  });
});

describe("6. anonymous callers shared one idempotency scope", () => {
  it("two anonymous make-up payers using one key each get their own answer", async () => {
    const key = randomUUID();
    const [first, second] = [await newLink(), await newLink()];
    const a = await payLink(first, { key, ip: newAddress() });
    expect(a.content.status).toBe(-1);
    // Another link, the same key: another call, never -409 nor the first one's answer.
    const b = await payLink(second, { key, ip: newAddress() });
    expect(b.code).toBe(1);
    expect(b.content.billing_no).not.toBe(a.content.billing_no);
    // The same link from another address with the same key: its own answer (the link's unpaid order).
    const c = await payLink(first, { key, ip: newAddress() });
    expect(c.content).toMatchObject({ status: 10, billing_no: a.content.billing_no });
    // A token that is not a session's cannot stand for another caller's scope: the first payer's
    // stored answer is not handed to whoever names it.
    const ip0 = newAddress();
    const victim = await payLink(second, { key: "victim-key", ip: ip0 });
    const posing = await payLink(second, { key: "victim-key", ip: newAddress(), token: `link:${second}@${ip0}` });
    expect(posing.content.billing_no).toBe(victim.content.billing_no);
    expect(posing.content.status).toBe(10);
    // The same caller again: the stored first answer.
    const ip = newAddress();
    const d1 = await payLink(second, { key: "retry-key", ip });
    const d2 = await payLink(second, { key: "retry-key", ip });
    expect(d2).toEqual(d1);
  });
});

describe("7. preview hosts and sandbox tools in production", () => {
  it("in production mode CORS, return URLs and sign-in callbacks refuse <brand>.localhost hosts", async () => {
    const production = await startHarness({ mode: "production" });
    try {
      for (const [harness, allowed] of [
        [h, true],
        [production, false],
      ] as const) {
        const preflight = await harness.app.inject({
          method: "OPTIONS",
          url: "/api/pay/getServerList",
          headers: { host: "127.0.0.1", origin: "http://aurora.localhost:8080", "access-control-request-method": "GET" },
        });
        expect(preflight.headers["access-control-allow-origin"] === "http://aurora.localhost:8080", harness.platform.mode).toBe(allowed);
        const callback = await harness.call("twitterAuth", {
          client_id: STARFALL,
          callback: "http://aurora.localhost/twitterRedirect.html",
        });
        expect(callback.code === 1, harness.platform.mode).toBe(allowed);
        const returning = await harness.call(
          "payStart",
          {
            client_id: STARFALL,
            product_id: "starfall.gems.60",
            platform: "web",
            country: "US",
            payway_id: 10201,
            channel_id: "paypal",
            return_url: "http://aurora.localhost/result",
          },
          { path: "/api/pay/paypal_pay" },
        );
        expect(returning.message.includes("return_url"), harness.platform.mode).toBe(!allowed);
        // A preview host is not the platform's own in production: no link is built on it.
        const onPreview = await harness.call(
          "countryList",
          { client_id: STARFALL, product_id: "starfall.gems.60", platform: "web" },
          {
            host: "aurora.localhost",
          },
        );
        expect(onPreview.status === 421, harness.platform.mode).toBe(!allowed);
      }
      // The brand's own hosts are still a storefront's in production.
      const real = await production.call("twitterAuth", {
        client_id: STARFALL,
        callback: "https://pay.aurora.example/twitterRedirect.html",
      });
      expect(real.code).toBe(1);
    } finally {
      await production.close();
    }
  });

  it("POST /sandbox/replenish makes links only for the sandbox's make-up targets, or for the caller's own account when signed in", async () => {
    const make = (body: Record<string, unknown>) =>
      h.app.inject({ method: "POST", url: "/sandbox/replenish", payload: { brand: "aurora", ...body } }).then((r) => r.json());
    for (const username of ["aurora_player", "aurora_vip", "google:someone"])
      expect(await make({ username }), username).toEqual({ code: CODE.notFound, message: "unknown brand or account", content: null });
    expect((await make({})).code).toBe(1);
    expect((await make({ username: "aurora_target" })).code).toBe(1);
    // Signed in, a player makes a link for their own account, and only theirs.
    const player = await h.login("aurora", "player");
    const own = await make({ oauth_token: player.token });
    expect(own.code).toBe(1);
    expect((await h.call("replenishInfo", { replenish_id: own.content.replenish_id })).content.user_name).toBe("aurora_player");
    expect((await make({ oauth_token: player.token, username: "aurora_vip" })).code).toBe(CODE.notFound);
  });

  it("tracking writes are bounded in size and rate, and swept after the retention period", async () => {
    const dot = (payload: Record<string, unknown>, ip: string) =>
      h.app.inject({ method: "POST", url: "/service/recharge/dot.php", remoteAddress: ip, headers: { host: "127.0.0.1" }, payload });
    const ip = newAddress();
    // Within the schema (30 values of 500 characters), but over what the platform keeps of one event.
    const data = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, "x".repeat(500)]));
    const big = await dot({ event: "viewPage", data }, ip);
    expect(big.json()).toMatchObject({ code: CODE.badRequest, content: null });
    const codes: number[] = [];
    for (let i = 0; i < 150; i++) codes.push((await dot({ event: "viewPage", page: "/flood", data: { n: i } }, ip)).json().code);
    expect(codes.filter((c) => c === 1).length).toBeLessThanOrEqual(120);
    expect(codes.at(-1)).toBe(CODE.tooManyRequests);
    // Another address is not held back by this one.
    expect((await dot({ event: "viewPage" }, newAddress())).json().code).toBe(1);
    const [before] = await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tracking_events WHERE payload->>'page' = '/flood'");
    expect(before?.n).toBeGreaterThan(0);
    move(8 * 86_400_000);
    await sweep(h.platform, true);
    const [after] = await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tracking_events WHERE payload->>'page' = '/flood'");
    expect(after?.n).toBe(0);
  });

  it("an IPv6 /64 is one client to the tracking limit, and all clients together have a limit of their own", async () => {
    nextMinute();
    const dot = (ip: string) =>
      h.app
        .inject({
          method: "POST",
          url: "/service/recharge/dot.php",
          remoteAddress: ip,
          headers: { host: "127.0.0.1" },
          payload: { event: "viewPage" },
        })
        .then((r) => r.json().code as number);
    const saved = h.platform.trackingLimits;
    h.platform.trackingLimits = { perClient: 3, total: 5 };
    try {
      // Three addresses of one /64 (however written) are one client: the fourth event is refused.
      const sameNetwork = ["2001:db8:1:2::1", "2001:db8:1:2:ffff::9", "2001:0db8:0001:0002:0:0:0:7", "2001:db8:1:2::abcd"];
      const codes: number[] = [];
      for (const ip of sameNetwork) codes.push(await dot(ip));
      expect(codes).toEqual([1, 1, 1, CODE.tooManyRequests]);
      // Another /64 is another client, until all together reach theirs.
      expect([await dot("2001:db8:1:3::1"), await dot("2001:db8:1:4::1"), await dot("203.0.113.77")]).toEqual([1, 1, CODE.tooManyRequests]);
    } finally {
      h.platform.trackingLimits = saved;
    }
  });

  it("NODE_ENV=production without PLATFORM_MODE refuses to start and says which mode to choose", async () => {
    const proc = spawn(
      process.execPath,
      ["--import", "tsx", join(import.meta.dirname, "..", "..", "cli", "api-only.ts"), "--config", DEMO_CONFIG],
      {
        env: { ...process.env, NODE_ENV: "production", PLATFORM_MODE: "", SANDBOX_SECRET: "", DATABASE_URL: "", PORT: "0" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    // It either stops, or says it listens (then it started: stopped here, and the test fails below).
    const listening = new Promise<void>((resolve) =>
      proc.stdout.on("data", (d: Buffer) => {
        output += d.toString();
        if (output.includes("listening")) resolve();
      }),
    );
    proc.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const exited = once(proc, "exit").then(([code]) => code as number | null);
    const code = await Promise.race([exited, listening.then(() => "started" as const)]);
    if (code === "started") {
      proc.kill("SIGTERM");
      await exited;
    }
    expect(code).toBe(2);
    expect(output).toMatch(/PLATFORM_MODE=production/);
    expect(output).toMatch(/PLATFORM_MODE=sandbox/);
  });
});

describe("8. wrong methods on known paths", () => {
  it("every path of the contract answers a wrong method with 405, Allow and the envelope, beside the built sites too", async () => {
    const dist = mkdtempSync(join(tmpdir(), "sf-dist-"));
    const app = await buildApp({ db: h.db, platform: h.platform, distDir: dist });
    try {
      const { calls } = loadContract();
      let asked = 0;
      for (const call of calls)
        for (const path of call.paths)
          for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH"].filter((m) => m !== call.method)) {
            const res = await app.inject({ method: method as "GET", url: path, headers: { host: "127.0.0.1" } });
            asked++;
            const allow = call.method === "GET" ? "GET, HEAD" : call.method;
            expect({ method, path, status: res.statusCode, allow: res.headers.allow, code: res.json().code }).toEqual({
              method,
              path,
              status: 405,
              allow,
              code: CODE.methodNotAllowed,
            });
          }
      expect(asked).toBeGreaterThan(200);
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe("the docs of the seams", () => {
  it("state the figures the platform keeps to", () => {
    const api = readFileSync(join(import.meta.dirname, "..", "..", "docs", "api.md"), "utf8");
    expect(api).toContain(`within **${UNPAID_ORDER_MS / 60_000} minutes**`);
    expect(api).toContain(`**${UNPAID_BANK_ORDER_MS / 3_600_000} hours** for a bank payment`);
    expect(api).toContain(`at most ${TRACKING_EVENT_BYTES.toLocaleString("en")} bytes`);
    expect(api).toContain(`may store ${TRACKING_LIMITS.perClient} a minute`);
    expect(api).toContain(`${TRACKING_LIMITS.total.toLocaleString("en")} a minute in all`);
    expect(api).toContain(`kept ${TRACKING_KEEP_MS / 86_400_000} days`);
  });
});
