// Coupons: stored per account and brand, listed by category, priced into an order, taken and given back.
import { randomBytes } from "node:crypto";
import type { Coupon } from "../../core/browser/generated/api-types.ts";
import { ratio, times } from "../../core/browser/money/minor.ts";
import { timeZoneOf } from "../../core/node/config/areas.ts";
import { type Catalog, type CatalogGame, type CatalogGoods, isVipGame, usdCents } from "../catalog/catalog.ts";
import type { VipData } from "../catalog/data.ts";
import type { SandboxMoney } from "../catalog/money.ts";
import { type Texts, type TextsData, textId, textsFor } from "../catalog/texts.ts";
import type { Queryable } from "../db.ts";
import { CODE, fail } from "./errors.ts";
import { unixSeconds } from "./time.ts";

const couponCode = () => `CP${randomBytes(6).toString("hex").toUpperCase()}`;

/** A coupon name as the platform stores it: a JSON map locale → text for the permanent ones. */
function couponName(name: string, kind: string): string {
  if (kind !== "permanent") return name;
  const off = /(\d+)%/.exec(name)?.[1] ?? "";
  return JSON.stringify({
    en: name,
    ja: `${off}%オフ`,
    ko: `${off}% 할인`,
    "zh-tw": `${100 - Number(off)}折`,
    "zh-cn": `${100 - Number(off)}折`,
  });
}

export interface NewCoupon {
  /** A code of its own (period grants have one derived from what they are); a random one otherwise. */
  code?: string;
  type: string;
  name: string;
  rate: number;
  /** Minimum spend in US dollars (whole cents). */
  minUsd: number;
  /** One coupon per account, brand, kind, period and name: granting again changes nothing. */
  period: string;
  claimed: boolean;
  validDays?: number;
  validUntil?: Date;
  now: Date;
  minLevel: number;
}

const endOf = (coupon: NewCoupon) => coupon.validUntil ?? new Date(coupon.now.getTime() + (coupon.validDays ?? 30) * 86_400_000);

/**
 * Stores a coupon; the code stored, or undefined when it is there already: the same kind, period
 * and name for the account, or the same code. Any unique key is a conflict here: two claims racing
 * on PostgreSQL can meet on the code's key first, which a conflict target naming only the other key
 * turned into an error (a 500).
 */
export async function insertCoupon(db: Queryable, game: CatalogGame, userId: string, coupon: NewCoupon): Promise<string | undefined> {
  const [row] = await db.query<{ code: string }>(
    `INSERT INTO coupons (code, user_id, brand_id, name, kind, discount_rate, min_level, min_spend_minor, min_spend_currency, claimed, period,
                          valid_end_time, time_zone, created_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'USD',$9,$10,$11,$12,$13) ON CONFLICT DO NOTHING RETURNING code`,
    [
      coupon.code ?? couponCode(),
      userId,
      game.brand.id,
      couponName(coupon.name, coupon.type),
      coupon.type,
      coupon.rate,
      coupon.minLevel,
      usdCents(coupon.minUsd),
      coupon.claimed,
      coupon.period,
      endOf(coupon),
      timeZoneOf(game.area),
      coupon.now,
    ],
  );
  return row?.code;
}

export interface CouponRow {
  code: string;
  name: string;
  kind: string;
  discount_rate: string;
  min_level: number;
  min_spend_minor: string;
  claimed: boolean;
  valid_end_time: string;
  time_zone: string;
  used_billing_no: string | null;
  used_at: string | null;
}

/** A coupon not stored yet (a period's grant, claimable), as the list shows it. */
export const unstoredRow = (game: CatalogGame, coupon: NewCoupon & { code: string }): CouponRow => ({
  code: coupon.code,
  name: couponName(coupon.name, coupon.type),
  kind: coupon.type,
  discount_rate: String(coupon.rate),
  min_level: coupon.minLevel,
  min_spend_minor: String(usdCents(coupon.minUsd)),
  claimed: false,
  valid_end_time: endOf(coupon).toISOString(),
  time_zone: timeZoneOf(game.area),
  used_billing_no: null,
  used_at: null,
});

/** What a coupon list says in the caller's language: the VIP levels' coupon names and why a coupon is locked. */
export interface CouponWords {
  texts: Texts;
  vip: VipData;
  lockReasons: TextsData["lockReasons"];
}

export const couponWords = (catalog: Catalog, specLang: string | undefined): CouponWords => ({
  texts: textsFor(catalog.translations, specLang),
  vip: catalog.vip,
  lockReasons: catalog.texts.lockReasons,
});

/** A stored name: plain text, or a JSON map locale → text (the two forms of docs/api.md#type-coupon). */
function storedName(name: string): { english: string; map?: Record<string, string> } {
  if (!name.startsWith("{")) return { english: name };
  try {
    const map = JSON.parse(name) as Record<string, string>;
    return { english: map.en ?? Object.values(map)[0] ?? name, map };
  } catch {
    return { english: name };
  }
}

/**
 * A coupon's name in the caller's language. A VIP level's coupon is found by its level, kind and
 * English name (stored names stay English: they key the grants, vip.ts); a stored map answers the
 * caller's language when it has it, else goes out whole for the storefront to choose; any other
 * name (an operator's) as stored.
 */
function shownName(row: CouponRow, words: CouponWords): string {
  const { english, map } = storedName(row.name);
  const copy = / #\d+$/.exec(english)?.[0] ?? "";
  const base = english.slice(0, english.length - copy.length);
  const level = words.vip.levels.find((l) => l.level === row.min_level);
  const coupon = level?.coupons.find((c) => c.type === row.kind && c.name === base);
  if (level && coupon) return `${words.texts.text(textId.vipCoupon(level.level, coupon.type), coupon.name)}${copy}`;
  return map?.[words.texts.lang] ?? row.name;
}

function couponView(row: CouponRow, category: Coupon["use_category"], words: CouponWords, lockReason?: LockReason): Coupon {
  return {
    code: row.code,
    name: shownName(row, words),
    use_category: category,
    is_used: row.used_billing_no !== null,
    used_time: unixSeconds(row.used_at),
    valid_end_time: unixSeconds(row.valid_end_time),
    time_zone: row.time_zone,
    discount_rate: Number(row.discount_rate),
    kind: row.kind as Coupon["kind"],
    min_level: row.min_level,
    ...(lockReason ? { lock_reason: words.texts.text(textId.lockReason(lockReason), words.lockReasons[lockReason]) } : {}),
  };
}

/** A goods at a price (minor units of the game's currency) a coupon is weighed against. */
export interface Pricing {
  goods: CatalogGoods;
  price: number;
  currency: string;
  money: SandboxMoney;
}

type LockReason = keyof TextsData["lockReasons"];

/** Why a coupon cannot apply to this goods at this price, or undefined when it can. */
function lockReason(row: CouponRow, at: Pricing | undefined): LockReason | undefined {
  if (!at) return undefined;
  if (!at.goods.isCoupon) return "noCoupon";
  // The minimum spend is US cents, compared with the price's exact value: no rounding decides it.
  if (!at.money.reachesBase(at.price, at.currency, Number(row.min_spend_minor))) return "minSpend";
  return undefined;
}

/**
 * The account's coupons of the asked categories (claim, avail, lock, history), for a goods at a
 * price when given; `unstored` are claimable grants of the period not stored yet (a read writes nothing).
 */
export async function listCoupons(
  db: Queryable,
  game: CatalogGame,
  userId: string,
  categories: Set<string>,
  now: Date,
  words: CouponWords,
  at?: Pricing,
  unstored: readonly CouponRow[] = [],
): Promise<Coupon[]> {
  const stored = await db.query<CouponRow>(
    `SELECT code, name, kind, discount_rate::text, min_level, min_spend_minor::text, claimed, valid_end_time, time_zone, used_billing_no, used_at
       FROM coupons WHERE user_id = $1 AND brand_id = $2`,
    [userId, game.brand.id],
  );
  const codes = new Set(stored.map((r) => r.code));
  const rows = [...stored, ...unstored.filter((r) => !codes.has(r.code))].sort(
    (a, b) =>
      Number(a.discount_rate) - Number(b.discount_rate) ||
      new Date(a.valid_end_time).getTime() - new Date(b.valid_end_time).getTime() ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
  const out: Coupon[] = [];
  for (const row of rows) {
    const expired = new Date(row.valid_end_time) <= now;
    if (row.used_billing_no !== null || expired) {
      if (categories.has("history") && row.claimed) out.push(couponView(row, "history", words));
      continue;
    }
    if (!row.claimed) {
      if (categories.has("claim")) out.push(couponView(row, "claim", words));
      continue;
    }
    const reason = lockReason(row, at);
    if (reason) {
      if (categories.has("lock")) out.push(couponView(row, "lock", words, reason));
    } else if (categories.has("avail")) out.push(couponView(row, "avail", words));
  }
  return out;
}

/**
 * The price with a coupon: the account's, claimed, unused, unexpired, for a goods that takes coupons
 * at a price that reaches its minimum; -3062 otherwise.
 */
export async function couponForOrder(
  tx: Queryable,
  order: { game: CatalogGame; goods: CatalogGoods; userId: string; code: string; price: number; now: Date; money: SandboxMoney },
): Promise<{ price: number }> {
  if (!isVipGame(order.game) || !order.goods.isCoupon) fail(CODE.illegalCoupon);
  const [row] = await tx.query<CouponRow>(
    `SELECT code, name, kind, discount_rate::text, min_level, min_spend_minor::text, claimed, valid_end_time, time_zone, used_billing_no, used_at
       FROM coupons WHERE code = $1 AND user_id = $2 AND brand_id = $3 AND claimed AND used_billing_no IS NULL AND valid_end_time > $4`,
    [order.code, order.userId, order.game.brand.id, order.now],
  );
  if (!row || lockReason(row, { goods: order.goods, price: order.price, currency: order.game.currency, money: order.money }))
    fail(CODE.illegalCoupon);
  // The stored rate (numeric, e.g. 0.950) as an exact ratio: the discounted price is rounded once, half up.
  return { price: times(order.price, ratio(row.discount_rate)) };
}

/** Takes the coupon for an order, atomically: of concurrent orders using one coupon exactly one gets it. */
export async function takeCoupon(tx: Queryable, code: string, billingNo: string, now: Date): Promise<void> {
  const taken = await tx.query(
    "UPDATE coupons SET used_billing_no = $2, used_at = $3 WHERE code = $1 AND used_billing_no IS NULL RETURNING code",
    [code, billingNo, now],
  );
  if (taken.length !== 1) fail(CODE.illegalCoupon);
}

/** A failed or declined order gives its coupon back. */
export async function releaseCoupon(tx: Queryable, billingNo: string): Promise<void> {
  await tx.query("UPDATE coupons SET used_billing_no = NULL, used_at = NULL WHERE used_billing_no = $1", [billingNo]);
}
