// A model-based test of the platform (fast-check's model-based commands): random sequences of calls
// by several players of one brand — sign-ins of every kind, wrong and right card passwords with and
// without keys, orders with and without coupons, retries with the same key, provider notifications
// in and out of order, make-up links paid by anonymous payers, points exchanges, event claims,
// logout, the clock moving on — run against a small model of the rules. Each command says what the
// platform must answer; after every step the invariants are checked against the database: points
// conserved (every credit traces to exactly one approved payment of the right amount), every
// order, coupon, card and link where the model says, and (through the harness) every answer an
// envelope, never a 5xx. A failure prints the shortest sequence of commands that reproduces it.
//
// Used by tests/platform/model.test.ts (a fixed seed, bounded) and `npm run test:model -- --runs N
// --seed S` (scripts/test-model.ts). docs/security.md, "Where features meet", says what it covers.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { CODE } from "../../core/browser/generated/api-errors.ts";
import type { CallName } from "../../core/browser/generated/api-types.ts";
import { type AttemptSubject, subjects } from "../../server/domain/attempts.ts";
import { signNotification } from "../../server/domain/checkout.ts";
import { hashPassword } from "../../server/domain/crypto.ts";
import { UNPAID_ORDER_MS } from "../../server/domain/expiry.ts";
import { SANDBOX_PASSWORD } from "../../server/domain/seed.ts";
import { CARD_SETTLE_MS } from "../../server/domain/settlement.ts";
import { sweep } from "../../server/domain/sweeps.ts";
import { demoConfig } from "../demo-config.ts";
import { type Envelope, encodeCardInfo, encodeCredential, type Harness, startHarness } from "./harness.ts";

const SECRET = "model-based-test-secret-of-32-chars";
const BRAND = "jade";
const CLIENT = "4001003";
const CURRENCY = "TWD";
/** The coupon each player is given: 8 % off, no minimum spend. */
const COUPON_RATE = 0.92;
/** A card's value in the game's currency (seed.ts: 4.99 US dollars, here in TWD minor units). */
const CARD_PRICE = 16_000;
const MAKE_UP_GOODS = "dragonsoul.gems.680";

interface Goods {
  id: string;
  price: number;
  coupon: boolean;
  limit?: { frequency: number; days: number };
}
const GOODS: Goods[] = [
  { id: "dragonsoul.gems.60", price: 3_200, coupon: true },
  { id: MAKE_UP_GOODS, price: 32_000, coupon: true },
  { id: "dragonsoul.pass.weekly", price: 6_400, coupon: true, limit: { frequency: 2, days: 7 } },
];

/** The goods make-up links are made for: one without a limit, one twice a week. */
const LINK_GOODS: Goods[] = GOODS.filter((g) => g.id === MAKE_UP_GOODS || g.limit);

// ---------------------------------------------------------------------------------------------
// The model

interface ModelPlayer {
  name: string;
  kind: "password" | "google";
  session: boolean;
  /** The coupon given to this player: undefined while unused, else the order holding it. */
  couponUsedBy: string | undefined;
  credited: number;
  spent: number;
  claimed: Set<string>;
}

interface ModelCard {
  spentBy: string | undefined;
}

interface ModelOrder {
  billingNo: string;
  /** The account credited: a player index (make-up links here are the players' own). */
  owner: number;
  /** Who may read it with a session: the owner, or anyone for a make-up order. */
  link: string | undefined;
  goods: string;
  amount: number;
  coupon: boolean;
  card: string | undefined;
  status: -1 | 1 | -2;
  expired: boolean;
  createdAt: number;
  expiresAt: number | undefined;
  paidAt: number | undefined;
}

interface ModelLink {
  id: string;
  target: number;
  goods: Goods;
  expiresAt: number;
  paidBy: string | undefined;
}

/** A call as sent, so a Retry can send it again: its key, parameters and where from. */
interface SentCall {
  name: CallName;
  scope: string;
  key: string;
  params: Record<string, unknown>;
  ip: string;
  path?: string;
  host?: string;
}

interface Keyed {
  params: string;
  answer: Envelope;
  call: SentCall;
}

export interface Model {
  now: number;
  /** Attempts counted per subject (a card, an account, a client) and window: `<key>@<window start>`. */
  counters: Map<string, number>;
  players: ModelPlayer[];
  cards: ModelCard[];
  orders: ModelOrder[];
  links: ModelLink[];
  /** Answers stored per (owner scope, key). */
  keyed: Map<string, Keyed>;
}

// ---------------------------------------------------------------------------------------------
// The platform under test, shared by every run: each run has players, cards and links of its own.

export interface Real {
  h: Harness;
  run: number;
  players: {
    name: string;
    userId: string;
    role: { role_id: string; server_id: string };
    token: string | undefined;
    coupon: string;
    initial: { total: number; spent: number };
  }[];
  cards: { no: string; password: string }[];
  /** Two addresses make-up payers call from, and their keys. */
  payers: string[];
  /** An address guesses may share, so its own attempt limit is played too. */
  shared: string;
  keys: string[];
}

let clock = Date.parse("2026-11-18T10:00:05Z");
let addresses = 0;
const nextAddress = () => {
  addresses++;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

/** A platform of the tests' demo config with its one brand the model plays (its seed, and so its start, stays quick). */
export async function startPlatform(): Promise<Harness> {
  const config = await demoConfig();
  const brand = config.brands.find((b) => b.id === BRAND) ?? fail(`the demo config has no brand ${BRAND}`);
  return startHarness({ now: () => new Date(clock), secret: SECRET, config: { ...config, brands: [brand] } });
}

const fail = (what: string): never => {
  throw new Error(what);
};
const expectCode = (what: string, answer: Envelope, code: number) => {
  if (answer.code !== code) fail(`${what}: expected code ${code}, got ${answer.code} (${answer.message})`);
};
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const windowOf = (now: number, ms: number) => Math.floor(now / ms) * ms;
const discounted = (price: number) => Math.floor((price * Math.round(COUPON_RATE * 1000) + 500) / 1000);

/** A run's own players, cards and clock: a day after the last run, so no window or period carries over. */
export async function newRun(h: Harness, run: number): Promise<{ model: Model; real: Real }> {
  clock += 86_400_000;
  const tag = `m${run}${randomUUID().slice(0, 6)}`;
  const made = async (kind: "player" | "vip") => {
    const res = await h.app.inject({ method: "POST", url: "/sandbox/account", payload: { brand: BRAND, kind } });
    return (res.json() as { content: { username: string } }).content.username;
  };
  const names = [await made("vip"), await made("player")];
  // A provider account is made at its first sign-in.
  const google = await h.call("googleAuth", { authorization_code: `sbx_${tag}`, client_id: CLIENT });
  expectCode("setup: google sign-in", google, 1);
  names.push(`google:${tag}`);
  const players: Real["players"] = [];
  for (const name of names) {
    const [account] = await h.db.query<{ user_id: string }>("SELECT user_id::text FROM accounts WHERE brand_id = $1 AND username = $2", [
      BRAND,
      name,
    ]);
    const userId = account?.user_id ?? fail(`setup: no account ${name}`);
    const [role] = await h.db.query<{ role_id: string; server_id: string }>(
      "SELECT role_id, server_id FROM roles WHERE user_id = $1 AND gp_id = $2 ORDER BY role_id LIMIT 1",
      [userId, h.platform.catalog.byClientId.get(CLIENT)?.gpId],
    );
    const coupon = `CPM${tag.toUpperCase()}${players.length}`;
    await h.db.query(
      `INSERT INTO coupons (code, user_id, brand_id, name, kind, discount_rate, claimed, period, valid_end_time)
       VALUES ($1, $2, $3, '8% off', 'permanent', $4, true, $1, $5)`,
      [coupon, userId, BRAND, COUPON_RATE, new Date(clock + 365 * 86_400_000)],
    );
    const [vip] = await h.db.query<{ total_points: number; spent_points: number }>(
      "SELECT total_points, spent_points FROM vip_accounts WHERE user_id = $1 AND brand_id = $2",
      [userId, BRAND],
    );
    players.push({
      name,
      userId,
      role: role ?? fail(`setup: ${name} has no character`),
      token: undefined,
      coupon,
      initial: { total: vip?.total_points ?? 0, spent: vip?.spent_points ?? 0 },
    });
  }
  // Each run starts with every player signed in (a sign-in is a command too, as are wrong passwords and logout).
  for (const player of players) {
    const answer = player.name.startsWith("google:")
      ? await h.call("googleAuth", { authorization_code: `sbx_${tag}`, client_id: CLIENT })
      : await h.call(
          "auth",
          { username: encodeCredential(player.name), password: encodeCredential(SANDBOX_PASSWORD), client_id: CLIENT },
          { ip: nextAddress() },
        );
    expectCode(`setup: ${player.name} signs in`, answer, 1);
    player.token = (answer.content as { oauth_token: string }).oauth_token;
  }
  const cards = [0, 1].map((i) => ({ no: `4300-JADE-${tag.toUpperCase()}${i}`, password: `pw-${tag}-${i}` }));
  for (const card of cards)
    await h.db.query(
      "INSERT INTO prepaid_cards (card_no, brand_id, password_hash, card_points, price_minor, currency, gems, extra_gems) VALUES ($1, $2, $3, 43, $4, $5, 430, 0)",
      [card.no, BRAND, await hashPassword(card.password, "card"), CARD_PRICE, CURRENCY],
    );
  const model: Model = {
    now: clock,
    players: names.map((name, i) => ({
      name,
      kind: i < 2 ? "password" : "google",
      session: true,
      couponUsedBy: undefined,
      credited: 0,
      spent: 0,
      claimed: new Set(),
    })),
    cards: cards.map(() => ({ spentBy: undefined })),
    counters: new Map(),
    orders: [],
    links: [],
    keyed: new Map(),
  };
  return {
    model,
    real: { h, run, players, cards, payers: [nextAddress(), nextAddress()], shared: nextAddress(), keys: [`${tag}-a`, `${tag}-b`] },
  };
}

/** The points an amount in the game's currency earns (the platform's own conversion: US cents). */
const pointsOf = (real: Real, amount: number) => real.h.platform.catalog.money.toBaseCents(amount, CURRENCY);

/** A keyed call: the stored answer is expected when the (scope, key) was used with the same parameters, -409 with others. */
async function keyedCall(
  model: Model,
  real: Real,
  call: SentCall,
  expect: () => Envelope | undefined,
  apply: (answer: Envelope) => void,
): Promise<void> {
  const { name, scope, key, params, ip, path, host } = call;
  const stored = model.keyed.get(`${name}|${scope}|${key}`);
  const answer = (await real.h.call(name, params as never, { key, ip, ...(path ? { path } : {}), ...(host ? { host } : {}) })) as Envelope;
  const { oauth_token: _t, ...rest } = params;
  if (stored) {
    if (stored.params === JSON.stringify(rest)) {
      if (!same(answer, stored.answer))
        fail(`${name} retried with key ${key}: expected the stored answer ${JSON.stringify(stored.answer)}, got ${JSON.stringify(answer)}`);
    } else expectCode(`${name} with key ${key} and other parameters`, answer, CODE.idempotencyKeyReused);
    return;
  }
  const expected = expect();
  if (expected) {
    if (answer.code !== expected.code)
      fail(`${name}: expected code ${expected.code}, got ${answer.code} (${answer.message}) ${JSON.stringify(answer.content)}`);
    if (expected.content !== undefined && expected.content !== null && !matches(answer.content, expected.content))
      fail(`${name}: expected ${JSON.stringify(expected.content)}, got ${JSON.stringify(answer.content)}`);
  }
  model.keyed.set(`${name}|${scope}|${key}`, { params: JSON.stringify(rest), answer, call });
  apply(answer);
}

/** Whether `actual` has every field of `expected` (a partial match). */
function matches(actual: unknown, expected: unknown): boolean {
  if (typeof expected !== "object" || expected === null) return actual === expected;
  if (typeof actual !== "object" || actual === null) return false;
  return Object.entries(expected).every(([k, v]) => matches((actual as Record<string, unknown>)[k], v));
}

const envelope = (code: number, content?: unknown): Envelope => ({ code, message: "", content });

// ---------------------------------------------------------------------------------------------
// Commands

type Cmd = fc.AsyncCommand<Model, Real>;

/** Expires what is due and settles due card exchanges, as the platform's sweep does. */
function sweepModel(model: Model, real: Real): void {
  for (const order of model.orders) {
    if (order.card && order.status === -1 && order.createdAt <= model.now - CARD_SETTLE_MS) settle(model, real, order);
  }
  for (const order of model.orders) {
    if (!order.card && order.status === -1 && order.expiresAt !== undefined && order.expiresAt <= model.now) {
      order.status = -2;
      order.expired = true;
      const owner = model.players[order.owner];
      if (owner && order.coupon && owner.couponUsedBy === order.billingNo) owner.couponUsedBy = undefined;
    }
  }
}

function settle(model: Model, real: Real, order: ModelOrder): void {
  order.status = 1;
  order.paidAt = model.now;
  const owner = model.players[order.owner];
  if (owner) owner.credited += pointsOf(real, order.amount);
  if (order.coupon && owner && owner.couponUsedBy === undefined) owner.couponUsedBy = order.billingNo;
  const link = model.links.find((l) => l.id === order.link);
  if (link && !link.paidBy) link.paidBy = order.billingNo;
}

/**
 * A secret checked under the attempt limits, as the model has it: every subject counts the attempt;
 * one over its limit refuses it (counting nothing); a right one gives it back; a wrong one that
 * reaches a subject's limit answers "locked".
 */
function guess(m: Model, subjectsOf: AttemptSubject[], right: boolean): "right" | "wrong" | "locked" {
  const keys = subjectsOf.map((s) => `${s.key}@${windowOf(m.now, s.windowMs)}`);
  const counts = keys.map((k) => (m.counters.get(k) ?? 0) + 1);
  if (subjectsOf.some((s, i) => (counts[i] ?? 0) > s.limit)) return "locked";
  if (right) return "right";
  for (const [i, k] of keys.entries()) m.counters.set(k, counts[i] ?? 0);
  return subjectsOf.some((s, i) => (counts[i] ?? 0) >= s.limit) ? "locked" : "wrong";
}

/** The address a guess comes from: one of its own, or the run's shared one (whose own limit then counts too). */
const guessAddress = (r: Real, shared: boolean) => (shared ? r.shared : nextAddress());

class SignIn implements Cmd {
  constructor(
    readonly p: number,
    readonly right: boolean,
    readonly shared: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.players[this.p]?.kind === "password" || this.right;
  async run(m: Model, r: Real) {
    const player = m.players[this.p] ?? fail("no player");
    const real = r.players[this.p] ?? fail("no player");
    if (player.kind === "google") {
      const answer = await r.h.call(
        "googleAuth",
        { authorization_code: `sbx_${real.name.split(":")[1]}`, client_id: CLIENT },
        { ip: nextAddress() },
      );
      expectCode("google sign-in", answer, 1);
      real.token = answer.content.oauth_token;
      player.session = true;
      return;
    }
    const ip = guessAddress(r, this.shared);
    const answer = await r.h.call(
      "auth",
      {
        username: encodeCredential(player.name),
        password: encodeCredential(this.right ? SANDBOX_PASSWORD : "wrong-password"),
        client_id: CLIENT,
      },
      { ip },
    );
    const verdict = guess(m, [subjects.account(BRAND, player.name), subjects.address(ip)], this.right);
    const code = verdict === "locked" ? CODE.tooManyRequests : verdict === "wrong" ? CODE.loginFailed : 1;
    expectCode(`${player.name} signs in (${this.right ? "right" : "wrong"}, ${verdict})`, answer, code);
    if (code === 1) {
      real.token = (answer.content as { oauth_token: string }).oauth_token;
      player.session = true;
    }
  }
  toString = () => `SignIn(p${this.p}, ${this.right ? "right" : "wrong"}${this.shared ? ", shared address" : ""})`;
}

type Provider = "google" | "apple" | "facebook" | "vk" | "huawei" | "twitter";
const PROVIDER_CALLS = {
  google: ["googleAuth", "authorization_code"],
  apple: ["appleAuth", "authorization_code"],
  facebook: ["facebookAuth", "fb_access_token"],
  vk: ["vkAuth", "vk_access_token"],
  huawei: ["huaweiAuth", "authorization_code"],
} as const;
let providerAccounts = 0;

/** A first sign-in with a provider (a new account each time): it works where the brand offers the provider. */
class ProviderSignIn implements Cmd {
  constructor(readonly provider: Provider) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const brand = r.h.platform.catalog.brands.get(BRAND) ?? fail("no brand");
    const offered = this.provider === "huawei" ? brand.login.huawei : brand.login[this.provider] !== undefined;
    const code = `sbx_r${r.run}n${providerAccounts++}`;
    let answer: Envelope;
    if (this.provider === "twitter") {
      const start = await r.h.call("twitterAuth", { client_id: CLIENT, callback: "http://jade.localhost/twitterRedirect.html" });
      if (!offered) return expectCode("twitter sign-in where the brand does not offer it", start, CODE.loginFailed);
      expectCode("twitter sign-in starts", start, 1);
      answer = await r.h.call("twitterRedirect", { client_id: CLIENT, oauth_token: code, oauth_verifier: "approved" });
    } else {
      const [name, field] = PROVIDER_CALLS[this.provider];
      answer = (await r.h.call(name, {
        client_id: CLIENT,
        [field]: code,
        ...(this.provider === "vk" ? { uid: code } : {}),
      } as never)) as Envelope;
    }
    expectCode(`${this.provider} sign-in`, answer, offered ? 1 : CODE.loginFailed);
  }
  toString = () => `ProviderSignIn(${this.provider})`;
}

class CardGuess implements Cmd {
  constructor(
    readonly c: number,
    readonly path: "pay" | "info" | "login",
    readonly right: boolean,
    readonly keyed: boolean,
    readonly p: number,
    readonly shared: boolean,
  ) {}
  check = (m: Readonly<Model>) => this.path !== "pay" || Boolean(m.players[this.p]?.session);
  async run(m: Model, r: Real) {
    const card = m.cards[this.c] ?? fail("no card");
    const realCard = r.cards[this.c] ?? fail("no card");
    const password = this.right ? realCard.password : "wrong-password";
    const ip = guessAddress(r, this.shared);
    const info = encodeCardInfo(realCard.no, password, Math.floor(m.now / 1000));
    const lockedCode = this.path === "login" ? CODE.tooManyRequests : CODE.cardLocked;
    const wrongCode = this.path === "login" ? CODE.loginFailed : CODE.cardInvalid;
    // The guess is counted once, when the call is made (a retry of a kept answer counts nothing).
    let outcome: ReturnType<typeof guess> | undefined;
    const counted = () => {
      outcome ??= guess(m, [subjects.card(realCard.no), subjects.address(ip)], this.right);
      return outcome;
    };
    /** What a guess answers by the lockout's rule; undefined when the right password passes. */
    const verdict = (): number | undefined => {
      const v = counted();
      return v === "locked" ? lockedCode : v === "wrong" ? wrongCode : undefined;
    };
    if (this.path === "info") {
      const answer = await r.h.call("cardInfo", { client_id: CLIENT, card_info: info }, { ip });
      return expectCode(
        `card ${this.c} checked (${this.right ? "right" : "wrong"})`,
        answer,
        verdict() ?? (card.spentBy ? CODE.cardUsed : 1),
      );
    }
    if (this.path === "login") {
      const answer = await r.h.call(
        "auth",
        { username: encodeCredential(realCard.no), password: encodeCredential(password), client_id: CLIENT, login_type: "card" },
        { ip },
      );
      return expectCode(`card ${this.c} signs in (${this.right ? "right" : "wrong"})`, answer, verdict() ?? 1);
    }
    const player = r.players[this.p] ?? fail("no player");
    const params = { client_id: CLIENT, oauth_token: player.token, ...player.role, platform: "web", card_info: info };
    const expected = (): Envelope => {
      const code = verdict() ?? (card.spentBy ? CODE.cardUsed : 1);
      return envelope(code, code === 1 ? { status: -1, amount: CARD_PRICE / 100, currency: CURRENCY } : undefined);
    };
    const apply = (answer: Envelope) => {
      if (answer.code !== 1) return;
      const billingNo = (answer.content as { billing_no: string }).billing_no;
      card.spentBy = billingNo;
      m.orders.push({
        billingNo,
        owner: this.p,
        link: undefined,
        goods: `card.${realCard.no}`,
        amount: CARD_PRICE,
        coupon: false,
        card: realCard.no,
        status: -1,
        expired: false,
        createdAt: m.now,
        expiresAt: undefined,
        paidAt: undefined,
      });
    };
    if (!this.keyed) {
      const answer = (await r.h.call("cardPay", params as never, { ip })) as Envelope;
      const want = expected();
      expectCode(`card ${this.c} paid (${this.right ? "right" : "wrong"})`, answer, want.code);
      return apply(answer);
    }
    await keyedCall(m, r, { name: "cardPay", scope: player.token ?? "", key: randomUUID(), params, ip }, expected, apply);
  }
  toString = () =>
    `CardGuess(card${this.c}, ${this.path}, ${this.right ? "right" : "wrong"}${this.keyed ? ", keyed" : ""}${this.path === "pay" ? `, p${this.p}` : ""}${this.shared ? ", shared address" : ""})`;
}

/** The hosts a caller may call the platform on (the brand's preview host, loopback), any port. */
const HOSTS = ["127.0.0.1", "jade.localhost:8080", "127.0.0.1:5173"];

/** A pay order's link must be to the host its caller called. */
function checkPayLink(answer: Envelope, host: string): void {
  const content = answer.content as { status?: number; url?: string } | null;
  if (answer.code !== 1 || (content?.status !== -1 && content?.status !== 10)) return;
  if (!content.url?.startsWith(`http://${host}/sandbox/checkout/`)) fail(`a pay link for a caller of ${host}: ${content.url}`);
}

/** A limited goods' share for an account: paid within its window, and held by unpaid orders of the other scope. */
function limitReached(m: Model, goods: Goods, owner: number, link: string | undefined): boolean {
  if (!goods.limit) return false;
  const since = m.now - goods.limit.days * 86_400_000;
  const mine = m.orders.filter((o) => o.owner === owner && o.goods === goods.id);
  const used = mine.filter((o) => o.status === 1 && (o.paidAt ?? 0) > since).length;
  const held = mine.filter((o) => o.status === -1 && o.link !== link).length;
  return used + held >= goods.limit.frequency;
}

const newOrder = (m: Model, o: Pick<ModelOrder, "billingNo" | "owner" | "link" | "goods" | "amount" | "coupon">): ModelOrder => ({
  ...o,
  card: undefined,
  status: -1,
  expired: false,
  createdAt: m.now,
  expiresAt: m.now + UNPAID_ORDER_MS,
  paidAt: undefined,
});

class Order implements Cmd {
  constructor(
    readonly p: number,
    readonly g: number,
    /** Whose coupon it names: none, the player's own, or another player's. */
    readonly coupon: "none" | "own" | "other's",
    readonly keyed: boolean,
    readonly host: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const player = m.players[this.p] ?? fail("no player");
    const real = r.players[this.p] ?? fail("no player");
    const goods = GOODS[this.g] ?? fail("no goods");
    const host = HOSTS[this.host] ?? fail("no host");
    const couponCode =
      this.coupon === "own"
        ? real.coupon
        : this.coupon === "other's"
          ? (r.players[(this.p + 1) % r.players.length]?.coupon ?? "")
          : undefined;
    const params = {
      client_id: CLIENT,
      ...(real.token ? { oauth_token: real.token } : {}),
      platform: "web",
      country: "TW",
      ...real.role,
      product_id: goods.id,
      payway_id: 10201,
      channel_id: "paypal",
      ...(couponCode ? { coupon_code: couponCode } : {}),
    };
    const discount = this.coupon === "own";
    const expected = (): Envelope => {
      if (!player.session) return envelope(CODE.notLoggedIn);
      // The same goods while its order is unpaid: that order, before any coupon or limit is weighed.
      const pending = m.orders.find((o) => o.owner === this.p && !o.link && o.goods === goods.id && o.status === -1);
      if (pending) return envelope(1, { billing_no: pending.billingNo, status: 10, amount: pending.amount / 100 });
      if (limitReached(m, goods, this.p, undefined)) return envelope(CODE.limitReached);
      if (this.coupon === "other's" || (discount && (!goods.coupon || player.couponUsedBy !== undefined)))
        return envelope(CODE.illegalCoupon);
      return envelope(1, { status: -1, amount: (discount ? discounted(goods.price) : goods.price) / 100, currency: CURRENCY });
    };
    const apply = (answer: Envelope) => {
      checkPayLink(answer, host);
      const content = answer.content as { status?: number; billing_no?: string } | null;
      if (answer.code !== 1 || content?.status !== -1 || !content.billing_no) return;
      const amount = discount ? discounted(goods.price) : goods.price;
      m.orders.push(
        newOrder(m, { billingNo: content.billing_no, owner: this.p, link: undefined, goods: goods.id, amount, coupon: discount }),
      );
      if (discount) player.couponUsedBy = content.billing_no;
    };
    const ip = nextAddress();
    const call: SentCall = {
      name: "payStart",
      scope: real.token ?? `address:${ip}`,
      key: randomUUID(),
      params,
      ip,
      path: "/api/pay/paypal_pay",
      host,
    };
    if (this.keyed) return keyedCall(m, r, call, expected, apply);
    const answer = (await r.h.call("payStart", params as never, { ip, path: "/api/pay/paypal_pay", host })) as Envelope;
    const want = expected();
    expectCode(`p${this.p} orders ${goods.id} (coupon: ${this.coupon})`, answer, want.code);
    if (want.content && !matches(answer.content, want.content))
      fail(`order: expected ${JSON.stringify(want.content)}, got ${JSON.stringify(answer.content)}`);
    apply(answer);
  }
  toString = () =>
    `Order(p${this.p}, ${GOODS[this.g]?.id}${this.coupon !== "none" ? `, ${this.coupon} coupon` : ""}${this.keyed ? ", keyed" : ""}, ${HOSTS[this.host]})`;
}

class Retry implements Cmd {
  constructor(readonly n: number) {}
  check = (m: Readonly<Model>) => m.keyed.size > 0;
  async run(m: Model, r: Real) {
    // Any call sent with a key before, however the state has moved on since.
    const stored = [...m.keyed.values()][this.n % m.keyed.size] ?? fail("no stored answer");
    const { name, key, params, ip, path, host } = stored.call;
    const answer = (await r.h.call(name, params as never, { key, ip, ...(path ? { path } : {}), ...(host ? { host } : {}) })) as Envelope;
    if (!same(answer, stored.answer))
      fail(`a retry of ${name} with its key: expected ${JSON.stringify(stored.answer)}, got ${JSON.stringify(answer)}`);
  }
  toString = () => `Retry(call${this.n})`;
}

class Notify implements Cmd {
  constructor(
    readonly o: number,
    readonly approve: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.orders.some((o) => !o.card);
  async run(m: Model, r: Real) {
    const orders = m.orders.filter((o) => !o.card);
    const order = orders[this.o % orders.length] ?? fail("no order");
    const body = JSON.stringify({
      event_id: randomUUID(),
      billing_no: order.billingNo,
      outcome: this.approve ? "approved" : "declined",
      provider: "10201",
      amount: order.amount / 100,
      currency: CURRENCY,
    });
    const res = await r.h.app.inject({
      method: "POST",
      url: "/sandbox/notify",
      headers: { "content-type": "application/json", "x-sandbox-signature": signNotification(SECRET, body), host: "127.0.0.1" },
      payload: body,
    });
    const answer = res.json() as Envelope<{ applied: boolean }>;
    let applied = false;
    if (order.status === -1) {
      applied = true;
      if (this.approve) settle(m, r, order);
      else {
        order.status = -2;
        const owner = m.players[order.owner];
        if (owner && order.coupon && owner.couponUsedBy === order.billingNo) owner.couponUsedBy = undefined;
      }
    } else if (order.status === -2 && order.expired && order.paidAt === undefined && this.approve) {
      applied = true;
      settle(m, r, order);
    }
    if (res.statusCode !== 200 || answer.code !== 1 || answer.content.applied !== applied)
      fail(
        `notification ${this.approve ? "approved" : "declined"} of ${order.billingNo}: expected applied=${applied}, got ${res.statusCode} ${res.body}`,
      );
  }
  toString = () => `Notify(order${this.o}, ${this.approve ? "approved" : "declined"})`;
}

class MakeLink implements Cmd {
  constructor(
    readonly p: number,
    readonly g: number,
  ) {}
  check = (m: Readonly<Model>) => Boolean(m.players[this.p]?.session);
  async run(m: Model, r: Real) {
    const real = r.players[this.p] ?? fail("no player");
    const goods = LINK_GOODS[this.g] ?? fail("no goods");
    const res = await r.h.app.inject({
      method: "POST",
      url: "/sandbox/replenish",
      payload: { brand: BRAND, oauth_token: real.token, valid_seconds: 3600, product_id: goods.id },
      headers: { host: "127.0.0.1" },
    });
    const answer = res.json() as Envelope<{ replenish_id: string }>;
    expectCode(`p${this.p} makes a make-up link for their own account`, answer, 1);
    m.links.push({ id: answer.content.replenish_id, target: this.p, goods, expiresAt: m.now + 3600_000, paidBy: undefined });
  }
  toString = () => `MakeLink(p${this.p}, ${LINK_GOODS[this.g]?.id})`;
}

class MakeUpPay implements Cmd {
  constructor(
    readonly l: number,
    readonly withCoupon: boolean,
    readonly payer: number,
    readonly key: number,
    readonly host: number,
  ) {}
  check = (m: Readonly<Model>) => m.links.length > 0;
  async run(m: Model, r: Real) {
    const link = m.links[this.l % m.links.length] ?? fail("no link");
    const target = r.players[link.target] ?? fail("no target");
    const ip = r.payers[this.payer] ?? fail("no payer");
    const host = HOSTS[this.host] ?? fail("no host");
    const params = {
      client_id: CLIENT,
      product_id: "ignored",
      platform: "web",
      country: "TW",
      payway_id: 10201,
      channel_id: "paypal",
      replenish_id: link.id,
      ...(this.withCoupon ? { coupon_code: target.coupon } : {}),
    };
    const expected = (): Envelope => {
      if (this.withCoupon) return envelope(CODE.illegalCoupon);
      if (link.paidBy || link.expiresAt <= m.now) return envelope(CODE.replenishError);
      const pending = m.orders.find((o) => o.link === link.id && o.status === -1);
      if (pending) return envelope(1, { billing_no: pending.billingNo, status: 10 });
      if (limitReached(m, link.goods, link.target, link.id)) return envelope(CODE.limitReached);
      return envelope(1, { status: -1, amount: link.goods.price / 100, currency: CURRENCY });
    };
    const apply = (answer: Envelope) => {
      checkPayLink(answer, host);
      const content = answer.content as { status?: number; billing_no?: string } | null;
      if (answer.code !== 1 || content?.status !== -1 || !content.billing_no) return;
      const order = {
        billingNo: content.billing_no,
        owner: link.target,
        link: link.id,
        goods: link.goods.id,
        amount: link.goods.price,
        coupon: false,
      };
      m.orders.push(newOrder(m, order));
    };
    // Anonymous: the key is the payer's, among the keys of this link and address (routes/calls.ts keyOwner).
    const key = r.keys[this.key] ?? fail("no key");
    await keyedCall(
      m,
      r,
      { name: "payStart", scope: `link:${link.id}@${ip}`, key, params, ip, path: "/api/pay/paypal_pay", host },
      expected,
      apply,
    );
  }
  toString = () =>
    `MakeUpPay(link${this.l}, payer${this.payer}, key${this.key}${this.withCoupon ? ", target's coupon" : ""}, ${HOSTS[this.host]})`;
}

class Exchange implements Cmd {
  constructor(
    readonly p: number,
    readonly points: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const player = m.players[this.p] ?? fail("no player");
    const real = r.players[this.p] ?? fail("no player");
    const params = { client_id: CLIENT, oauth_token: real.token, points: this.points, ...real.role };
    const expected = (): Envelope => {
      if (!player.session) return envelope(CODE.notLoggedIn);
      const balance = real.initial.total + player.credited - real.initial.spent - player.spent;
      if (balance < this.points) return envelope(CODE.notEnoughPoints);
      return envelope(1, { exchangeable_points: balance - this.points });
    };
    await keyedCall(
      m,
      r,
      { name: "exchangePoints", scope: real.token ?? "", key: randomUUID(), params, ip: nextAddress() },
      expected,
      (answer) => {
        if (answer.code === 1) player.spent += this.points;
      },
    );
  }
  toString = () => `Exchange(p${this.p}, ${this.points})`;
}

class ClaimEvent implements Cmd {
  constructor(
    readonly p: number,
    readonly reward: number,
  ) {}
  check = (m: Readonly<Model>) => Boolean(m.players[this.p]?.session);
  async run(m: Model, r: Real) {
    const player = m.players[this.p] ?? fail("no player");
    const real = r.players[this.p] ?? fail("no player");
    const info = await r.h.call("activityInfo", { client_id: CLIENT, oauth_token: real.token });
    expectCode("activityInfo", info, 1);
    const rewards = info.content.activities.flatMap((a) =>
      a.rewards.map((w) => ({ activity: a.activity_id, id: w.reward_id, state: w.state })),
    );
    for (const w of rewards)
      if ((w.state === "received") !== player.claimed.has(`${w.activity}/${w.id}`))
        fail(
          `p${this.p}'s reward ${w.activity}/${w.id} shows ${w.state}, the model says ${player.claimed.has(`${w.activity}/${w.id}`) ? "received" : "not received"}`,
        );
    const chosen = rewards[this.reward % Math.max(1, rewards.length)];
    if (!chosen) return;
    const answer = await r.h.call(
      "receiveActivityGift",
      { client_id: CLIENT, oauth_token: real.token, activity_id: chosen.activity, reward_id: chosen.id },
      { key: randomUUID() },
    );
    if (chosen.state === "claimable") {
      expectCode(`p${this.p} claims ${chosen.activity}/${chosen.id}`, answer, 1);
      player.claimed.add(`${chosen.activity}/${chosen.id}`);
    } else expectCode(`p${this.p} claims ${chosen.state} ${chosen.activity}/${chosen.id}`, answer, CODE.claimFailed);
  }
  toString = () => `ClaimEvent(p${this.p}, reward${this.reward})`;
}

class Logout implements Cmd {
  constructor(readonly p: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const player = m.players[this.p] ?? fail("no player");
    const real = r.players[this.p] ?? fail("no player");
    const params = { client_id: CLIENT, oauth_token: real.token };
    await keyedCall(
      m,
      r,
      { name: "logout", scope: real.token ?? "", key: randomUUID(), params, ip: nextAddress() },
      () => envelope(player.session ? 1 : CODE.notLoggedIn),
      () => {
        player.session = false;
      },
    );
  }
  toString = () => `Logout(p${this.p})`;
}

class ReadOrder implements Cmd {
  constructor(
    readonly p: number,
    readonly o: number,
  ) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model, r: Real) {
    const order = m.orders[this.o % m.orders.length] ?? fail("no order");
    const player = m.players[this.p] ?? fail("no player");
    const real = r.players[this.p] ?? fail("no player");
    const answer = await r.h.call("orderInfo", {
      billing_no: order.billingNo,
      simple: 1,
      ...(real.token ? { oauth_token: real.token } : {}),
    });
    const readable = order.link !== undefined || (player.session && order.owner === this.p);
    if (!readable) {
      expectCode(`p${this.p} reads another's order`, answer, player.session ? CODE.forbidden : CODE.notLoggedIn);
      return;
    }
    expectCode(`p${this.p} reads order ${order.billingNo}`, answer, 1);
    if (answer.content.status !== order.status)
      fail(`order ${order.billingNo}: status ${answer.content.status}, the model says ${order.status}`);
  }
  toString = () => `ReadOrder(p${this.p}, order${this.o})`;
}

class Coupons implements Cmd {
  constructor(readonly p: number) {}
  check = (m: Readonly<Model>) => Boolean(m.players[this.p]?.session);
  async run(m: Model, r: Real) {
    const player = m.players[this.p] ?? fail("no player");
    const real = r.players[this.p] ?? fail("no player");
    const answer = await r.h.call("couponList", { client_id: CLIENT, oauth_token: real.token, use_category: "avail,lock,history" });
    expectCode("couponList", answer, 1);
    const codes = new Set(answer.content.coupons.map((c) => c.code));
    for (const other of r.players)
      if (other !== real && codes.has(other.coupon)) fail(`p${this.p}'s coupon list shows ${other.name}'s coupon`);
    const avail = answer.content.coupons.some((c) => c.code === real.coupon && c.use_category === "avail");
    if (avail !== (player.couponUsedBy === undefined))
      fail(`p${this.p}'s coupon is ${avail ? "" : "not "}available; the model says it is held by ${player.couponUsedBy ?? "nobody"}`);
  }
  toString = () => `Coupons(p${this.p})`;
}

class Advance implements Cmd {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    clock += this.ms;
    m.now = clock;
    await sweep(r.h.platform, false);
    sweepModel(m, r);
  }
  toString = () => `Advance(${this.ms / 1000} s)`;
}

const P = fc.integer({ min: 0, max: 2 });
/** Every command, some more than once (a lockout takes five guesses in a minute to show), each followed by the invariants. */
export const commands = [
  fc.tuple(P, fc.boolean(), fc.boolean()).map(([p, right, shared]) => new SignIn(p, right, shared)),
  fc.constantFrom<Provider>("google", "apple", "facebook", "vk", "huawei", "twitter").map((p) => new ProviderSignIn(p)),
  fc
    .tuple(
      fc.integer({ min: 0, max: 1 }),
      fc.constantFrom<"pay" | "info" | "login">("pay", "info", "login"),
      fc.boolean(),
      fc.boolean(),
      P,
      fc.boolean(),
    )
    .map(([c, path, right, keyed, p, shared]) => new CardGuess(c, path, right, keyed, p, shared)),
  fc
    .tuple(fc.integer({ min: 0, max: 1 }), fc.constantFrom<"pay" | "info" | "login">("pay", "info", "login"), fc.boolean(), P, fc.boolean())
    .map(([c, path, keyed, p, shared]) => new CardGuess(c, path, false, keyed, p, shared)),
  // Wrong passwords on the storefront's own path (card_pay with a fresh key), thrice as often.
  ...[1, 2, 3].map(() =>
    fc.tuple(fc.integer({ min: 0, max: 1 }), P, fc.boolean()).map(([c, p, shared]) => new CardGuess(c, "pay", false, true, p, shared)),
  ),
  fc
    .tuple(
      P,
      fc.integer({ min: 0, max: GOODS.length - 1 }),
      fc.constantFrom<"none" | "own" | "other's">("none", "own", "own", "other's"),
      fc.boolean(),
      fc.integer({ min: 0, max: HOSTS.length - 1 }),
    )
    .map(([p, g, coupon, keyed, host]) => new Order(p, g, coupon, keyed, host)),
  fc.nat(30).map((n) => new Retry(n)),
  fc.tuple(fc.nat(20), fc.boolean()).map(([o, approve]) => new Notify(o, approve)),
  fc.nat(20).map((o) => new Notify(o, true)),
  fc.tuple(P, fc.integer({ min: 0, max: LINK_GOODS.length - 1 })).map(([p, g]) => new MakeLink(p, g)),
  fc
    .tuple(
      fc.nat(5),
      fc.boolean(),
      fc.integer({ min: 0, max: 1 }),
      fc.integer({ min: 0, max: 1 }),
      fc.integer({ min: 0, max: HOSTS.length - 1 }),
    )
    .map(([l, coupon, payer, key, host]) => new MakeUpPay(l, coupon, payer, key, host)),
  fc
    .tuple(fc.nat(5), fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: HOSTS.length - 1 }))
    .map(([l, payer, key, host]) => new MakeUpPay(l, false, payer, key, host)),
  fc.tuple(P, fc.constantFrom(50, 500, 5000)).map(([p, points]) => new Exchange(p, points)),
  fc.tuple(P, fc.nat(5)).map(([p, reward]) => new ClaimEvent(p, reward)),
  P.map((p) => new Logout(p)),
  fc.tuple(P, fc.nat(20)).map(([p, o]) => new ReadOrder(p, o)),
  P.map((p) => new Coupons(p)),
  fc.constantFrom(3_000, 61_000, 16 * 60_000, 31 * 60_000).map((ms) => new Advance(ms)),
].map((arbitrary) => (arbitrary as fc.Arbitrary<Cmd>).map((cmd) => checked(cmd)));

// ---------------------------------------------------------------------------------------------
// Invariants, after every step

export async function checkInvariants(m: Model, r: Real): Promise<void> {
  const { db } = r.h;
  for (const [i, player] of m.players.entries()) {
    const real = r.players[i] ?? fail("no player");
    const [vip] = await db.query<{ total_points: number; spent_points: number }>(
      "SELECT total_points, spent_points FROM vip_accounts WHERE user_id = $1 AND brand_id = $2",
      [real.userId, BRAND],
    );
    const total = (vip?.total_points ?? 0) - real.initial.total;
    const spent = (vip?.spent_points ?? 0) - real.initial.spent;
    if (total !== player.credited) fail(`p${i} was credited ${total} points, the model says ${player.credited}`);
    if (spent !== player.spent) fail(`p${i} spent ${spent} points, the model says ${player.spent}`);
    const [coupon] = await db.query<{ used_billing_no: string | null }>("SELECT used_billing_no FROM coupons WHERE code = $1", [
      real.coupon,
    ]);
    if ((coupon?.used_billing_no ?? undefined) !== player.couponUsedBy)
      fail(`p${i}'s coupon is held by ${coupon?.used_billing_no ?? "nobody"}, the model says ${player.couponUsedBy ?? "nobody"}`);
  }
  const rows = await db.query<{
    billing_no: string;
    status: number;
    amount_minor: string;
    user_id: string;
    replenish_id: string | null;
    coupon_code: string | null;
  }>(
    "SELECT billing_no, status, amount_minor::text, user_id::text, replenish_id, coupon_code FROM orders WHERE user_id = ANY($1::bigint[])",
    [r.players.map((p) => p.userId)],
  );
  if (rows.length !== m.orders.length) fail(`the players have ${rows.length} orders, the model ${m.orders.length}`);
  for (const order of m.orders) {
    const row = rows.find((o) => o.billing_no === order.billingNo) ?? fail(`order ${order.billingNo} is missing`);
    if (row.status !== order.status) fail(`order ${order.billingNo} has status ${row.status}, the model says ${order.status}`);
    if (Number(row.amount_minor) !== order.amount)
      fail(`order ${order.billingNo} is for ${row.amount_minor}, the model says ${order.amount}`);
    if (row.user_id !== r.players[order.owner]?.userId) fail(`order ${order.billingNo} credits another account`);
    if (row.replenish_id && row.coupon_code) fail(`make-up order ${order.billingNo} took coupon ${row.coupon_code}`);
  }
  // Every paid order that is not a card exchange was paid by exactly one approved notification of its amount.
  const paid = await db.query<{ billing_no: string; notes: number; right: number }>(
    `SELECT o.billing_no,
            count(n.event_id)::int AS notes,
            count(n.event_id) FILTER (WHERE n.amount_minor = o.amount_minor AND n.currency = o.currency)::int AS right
       FROM orders o LEFT JOIN payment_notifications n ON n.billing_no = o.billing_no AND n.applied AND n.outcome = 'approved'
      WHERE o.user_id = ANY($1::bigint[]) AND o.status = 1 AND o.channel_id <> 'card'
      GROUP BY o.billing_no`,
    [r.players.map((p) => p.userId)],
  );
  for (const p of paid)
    if (p.notes !== 1 || p.right !== 1) fail(`paid order ${p.billing_no} has ${p.notes} applied approvals (${p.right} of its amount)`);
  for (const [i, card] of m.cards.entries()) {
    const [row] = await db.query<{ used_billing_no: string | null }>("SELECT used_billing_no FROM prepaid_cards WHERE card_no = $1", [
      r.cards[i]?.no,
    ]);
    if ((row?.used_billing_no ?? undefined) !== card.spentBy)
      fail(`card ${i} is spent by ${row?.used_billing_no ?? "nobody"}, the model says ${card.spentBy ?? "nobody"}`);
  }
  for (const link of m.links) {
    const [row] = await db.query<{ billing_no: string | null }>("SELECT billing_no FROM replenish_links WHERE replenish_id = $1", [
      link.id,
    ]);
    if ((row?.billing_no ?? undefined) !== link.paidBy)
      fail(`link ${link.id} is paid by ${row?.billing_no ?? "nobody"}, the model says ${link.paidBy ?? "nobody"}`);
  }
}

/** How many commands of each kind ran (their check passed), over every run of this process. */
export const executed = new Map<string, number>();

/** Each command followed by the invariants. */
function checked(cmd: Cmd): Cmd {
  return {
    check: (m) => cmd.check(m),
    run: async (m, r) => {
      const kind = cmd.constructor.name;
      executed.set(kind, (executed.get(kind) ?? 0) + 1);
      await cmd.run(m, r);
      await checkInvariants(m, r);
    },
    toString: () => cmd.toString(),
  };
}

export interface ModelRunOptions {
  runs: number;
  seed: number;
  maxCommands: number;
  /** A failing run's path (printed by a failure) to replay it alone. */
  path?: string;
}

/** Runs the model: a failure throws fast-check's report with the shortest failing sequence of commands. */
export async function runModel(h: Harness, options: ModelRunOptions): Promise<void> {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: options.maxCommands, size: "max" }), async (cmds) => {
      const setup = await newRun(h, run++);
      await fc.asyncModelRun(() => setup, cmds);
    }),
    { numRuns: options.runs, seed: options.seed, ...(options.path ? { path: options.path } : {}), verbose: 1 },
  );
}
