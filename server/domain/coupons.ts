// Coupons: stored per account and brand, listed by category, priced into an order, taken and given back.
import { randomBytes } from "node:crypto";
import { timeZoneOf } from "../../core/config/areas.ts";
import type { Coupon } from "../../core/generated/api-types.ts";
import { roundMoney, toUsd } from "../../core/money/money.ts";
import { type CatalogGame, type CatalogGoods, isVipGame } from "../catalog/catalog.ts";
import type { Queryable } from "../db.ts";
import { E, fail } from "./errors.ts";
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
  type: string;
  name: string;
  rate: number;
  minUsd: number;
  /** One coupon per account, brand, kind, period and name: granting again changes nothing. */
  period: string;
  claimed: boolean;
  validDays?: number;
  validUntil?: Date;
  now: Date;
  minLevel: number;
}

export async function insertCoupon(db: Queryable, game: CatalogGame, userId: string, c: NewCoupon): Promise<void> {
  const end = c.validUntil ?? new Date(c.now.getTime() + (c.validDays ?? 30) * 86_400_000);
  await db.query(
    `INSERT INTO coupons (code, user_id, brand_id, name, kind, discount_rate, min_level, min_amount_usd, claimed, period, valid_end_time, time_zone)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) ON CONFLICT (user_id, brand_id, kind, period, name) DO NOTHING`,
    [
      couponCode(),
      userId,
      game.brand.id,
      couponName(c.name, c.type),
      c.type,
      c.rate,
      c.minLevel,
      c.minUsd,
      c.claimed,
      c.period,
      end,
      timeZoneOf(game.area),
    ],
  );
}

interface CouponRow {
  code: string;
  name: string;
  kind: string;
  discount_rate: string;
  min_level: number;
  min_amount_usd: string;
  claimed: boolean;
  valid_end_time: string;
  time_zone: string;
  used_billing_no: string | null;
  used_at: string | null;
}

function couponView(row: CouponRow, category: Coupon["use_category"], lockReason?: string): Coupon {
  return {
    code: row.code,
    name: row.name,
    use_category: category,
    is_used: row.used_billing_no !== null,
    used_time: unixSeconds(row.used_at),
    valid_end_time: unixSeconds(row.valid_end_time),
    time_zone: row.time_zone,
    discount_rate: Number(row.discount_rate),
    kind: row.kind as Coupon["kind"],
    min_level: row.min_level,
    ...(lockReason ? { lock_reason: lockReason } : {}),
  };
}

/** Why a coupon cannot apply to this goods at this price, or undefined when it can. */
function lockReason(row: CouponRow, goods: CatalogGoods | undefined, price: number | undefined, currency: string): string | undefined {
  if (!goods) return undefined;
  if (!goods.isCoupon) return "no coupon supported for this goods";
  if (price !== undefined && toUsd(price, currency) + 1e-9 < Number(row.min_amount_usd)) return `minimum spend not reached`;
  return undefined;
}

/** The account's coupons of the asked categories (claim, avail, lock, history), for a goods at a price when given. */
export async function listCoupons(
  db: Queryable,
  game: CatalogGame,
  userId: string,
  categories: Set<string>,
  now: Date,
  goods?: CatalogGoods,
  price?: number,
): Promise<Coupon[]> {
  const rows = await db.query<CouponRow>(
    `SELECT code, name, kind, discount_rate::text, min_level, min_amount_usd::text, claimed, valid_end_time, time_zone, used_billing_no, used_at
       FROM coupons WHERE user_id = $1 AND brand_id = $2 ORDER BY discount_rate, valid_end_time, code`,
    [userId, game.brand.id],
  );
  const out: Coupon[] = [];
  for (const row of rows) {
    const expired = new Date(row.valid_end_time) <= now;
    if (row.used_billing_no !== null || expired) {
      if (categories.has("history") && row.claimed) out.push(couponView(row, "history"));
      continue;
    }
    if (!row.claimed) {
      if (categories.has("claim")) out.push(couponView(row, "claim"));
      continue;
    }
    const reason = lockReason(row, goods, price, game.currency);
    if (reason) {
      if (categories.has("lock")) out.push(couponView(row, "lock", reason));
    } else if (categories.has("avail")) out.push(couponView(row, "avail"));
  }
  return out;
}

/**
 * The price with a coupon: the account's, claimed, unused, unexpired, for a goods that takes coupons
 * at a price that reaches its minimum; -3062 otherwise.
 */
export async function couponForOrder(
  tx: Queryable,
  o: { game: CatalogGame; goods: CatalogGoods; userId: string; code: string; price: number; now: Date },
): Promise<{ price: number; rate: number }> {
  if (!isVipGame(o.game) || !o.goods.isCoupon) fail(E.illegalCoupon);
  const [row] = await tx.query<CouponRow>(
    `SELECT code, name, kind, discount_rate::text, min_level, min_amount_usd::text, claimed, valid_end_time, time_zone, used_billing_no, used_at
       FROM coupons WHERE code = $1 AND user_id = $2 AND brand_id = $3 AND claimed AND used_billing_no IS NULL AND valid_end_time > $4`,
    [o.code, o.userId, o.game.brand.id, o.now],
  );
  if (!row || lockReason(row, o.goods, o.price, o.game.currency)) fail(E.illegalCoupon);
  const rate = Number(row.discount_rate);
  return { price: roundMoney(o.price * rate, o.game.currency), rate };
}

/** Takes the coupon for an order, atomically: of concurrent orders using one coupon exactly one gets it. */
export async function takeCoupon(tx: Queryable, code: string, billingNo: string, now: Date): Promise<void> {
  const taken = await tx.query(
    "UPDATE coupons SET used_billing_no = $2, used_at = $3 WHERE code = $1 AND used_billing_no IS NULL RETURNING code",
    [code, billingNo, now],
  );
  if (taken.length !== 1) fail(E.illegalCoupon);
}

/** A failed or declined order gives its coupon back. */
export async function releaseCoupon(tx: Queryable, billingNo: string): Promise<void> {
  await tx.query("UPDATE coupons SET used_billing_no = NULL, used_at = NULL WHERE used_billing_no = $1", [billingNo]);
}
