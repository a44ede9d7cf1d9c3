// VIP growth points, levels and coupons: grants, claims, listing, and the coupon of an order.
import { randomBytes } from "node:crypto";
import type { Coupon } from "../../core/generated/api-types.ts";
import { convert, roundMoney, toUsd } from "../../core/money/money.ts";
import type { Queryable } from "../db.ts";
import { type CatalogGame, type CatalogGoods, POINT_TO_COIN, VIP_LEVELS } from "./catalog.ts";
import { E, fail } from "./errors.ts";
import { gameOf, type Handlers, type Platform, requireUser } from "./platform.ts";

const AREA_TIME_ZONES: Record<string, string> = {
  ja: "+09:00",
  kr: "+09:00",
  twhk: "+08:00",
  hk: "+08:00",
  dragon: "+08:00",
  sea: "+08:00",
  codapay: "+08:00",
  ru: "+03:00",
  mea: "+03:00",
  eru: "+01:00",
};
export const timeZoneOf = (game: CatalogGame) => AREA_TIME_ZONES[game.area] ?? "+00:00";

/** VIP version = the brand's switch AND the game's is_open_coupon (SPEC-NOTES). */
export const isVipGame = (game: CatalogGame) => game.vip && game.parentGpId === undefined;

type Level = (typeof VIP_LEVELS)[number];
const BASE_LEVEL = VIP_LEVELS[0] as Level;

export function levelFor(points: number): Level {
  return [...VIP_LEVELS].reverse().find((l) => points >= l.points) ?? BASE_LEVEL;
}

const couponCode = () => `CP${randomBytes(6).toString("hex").toUpperCase()}`;

function isoWeek(d: Date): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const yearStart = new Date(Date.UTC(t.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((t.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
  return `${t.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

function periodEnd(kind: "week" | "month", now: Date): Date {
  if (kind === "month") return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 1000);
  const day = now.getUTCDay() || 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + (8 - day)) - 1000);
}

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

interface VipRow {
  total_points: number;
  spent_points: number;
  level_reached: number;
}

export async function vipAccount(db: Queryable, userId: string, brandId: string): Promise<VipRow> {
  await db.query("INSERT INTO vip_accounts (user_id, brand_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", [userId, brandId]);
  const [row] = await db.query<VipRow>(
    "SELECT total_points, spent_points, level_reached FROM vip_accounts WHERE user_id = $1 AND brand_id = $2",
    [userId, brandId],
  );
  return row ?? { total_points: 0, spent_points: 0, level_reached: 0 };
}

/** Adds growth points; each level reached for the first time grants its permanent coupons. */
export async function addGrowthPoints(db: Queryable, game: CatalogGame, userId: string, points: number, now: Date): Promise<void> {
  if (!isVipGame(game) || points <= 0) return;
  const brandId = game.brand.id;
  const before = await vipAccount(db, userId, brandId);
  const total = before.total_points + points;
  const level = levelFor(total).level;
  await db.query(
    "UPDATE vip_accounts SET total_points = $3, level_reached = GREATEST(level_reached, $4) WHERE user_id = $1 AND brand_id = $2",
    [userId, brandId, total, level],
  );
  for (const l of VIP_LEVELS.filter((x) => x.level > before.level_reached && x.level <= level)) {
    for (const c of l.coupons.filter((x) => x.type === "permanent")) {
      for (let i = 0; i < c.count; i++) {
        await insertCoupon(db, game, userId, {
          ...c,
          name: c.name,
          period: `level-${l.level}-${i}`,
          claimed: true,
          validDays: 365,
          now,
          minLevel: l.level,
        });
      }
    }
  }
}

async function insertCoupon(
  db: Queryable,
  game: CatalogGame,
  userId: string,
  c: {
    type: string;
    name: string;
    rate: number;
    minUsd: number;
    period: string;
    claimed: boolean;
    validDays?: number;
    validUntil?: Date;
    now: Date;
    minLevel: number;
  },
) {
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
      timeZoneOf(game),
    ],
  );
}

/** Weekly and monthly coupons of the account's level for the current period, claimable. */
export async function ensurePeriodGrants(db: Queryable, game: CatalogGame, userId: string, now: Date): Promise<void> {
  if (!isVipGame(game)) return;
  const vip = await vipAccount(db, userId, game.brand.id);
  const level = levelFor(vip.total_points);
  for (const c of level.coupons.filter((x) => x.type !== "permanent")) {
    const kind = c.type as "week" | "month";
    const period = kind === "week" ? isoWeek(now) : now.toISOString().slice(0, 7);
    for (let i = 0; i < c.count; i++) {
      await insertCoupon(db, game, userId, {
        ...c,
        name: c.count > 1 ? `${c.name} #${i + 1}` : c.name,
        period,
        claimed: false,
        validUntil: periodEnd(kind, now),
        now,
        minLevel: level.level,
      });
    }
  }
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

const secondsOf = (d: string | null) => (d ? Math.floor(new Date(d).getTime() / 1000) : 0);

function couponView(row: CouponRow, category: Coupon["use_category"], lockReason?: string): Coupon {
  return {
    code: row.code,
    name: row.name,
    use_category: category,
    is_used: row.used_billing_no !== null,
    used_time: secondsOf(row.used_at),
    valid_end_time: secondsOf(row.valid_end_time),
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

export async function listCoupons(
  db: Queryable,
  game: CatalogGame,
  userId: string,
  categories: Set<string>,
  now: Date,
  goods?: CatalogGoods,
  price?: number,
) {
  await ensurePeriodGrants(db, game, userId, now);
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

function vipGame(platform: Platform, clientId: string): CatalogGame {
  const game = gameOf(platform, clientId);
  if (!isVipGame(game)) fail(E.vipOff);
  return game;
}

export const couponHandlers: Handlers = {
  async vipBasicInfo({ params, platform }) {
    vipGame(platform, params.client_id);
    return {
      point_to_coin: POINT_TO_COIN,
      faq_title: "About VIP",
      faq_content:
        "<p>Every purchase earns growth points: <b>1 point per US cent</b> (or its equivalent).</p><p>Reaching a level grants its coupons at once; weekly and monthly coupons can be claimed each period.</p>",
      levels: VIP_LEVELS.map((l) => ({
        level_id: l.level,
        level_name: l.name,
        need_points: l.points,
        coupons_list: l.coupons.map((c) => ({ type: c.type, name: c.name, discount_rate: c.rate, count: c.count })),
        ...(l.first ? { first_reward: l.first } : {}),
      })),
    };
  },
  async vipInfo(ctx) {
    const game = vipGame(ctx.platform, ctx.params.client_id);
    const user = requireUser(ctx, game);
    const vip = await vipAccount(ctx.platform.db, user.user_id, game.brand.id);
    const level = levelFor(vip.total_points);
    const next = VIP_LEVELS.find((l) => l.level === level.level + 1);
    return {
      vip_level: level.level,
      vip_level_name: level.name,
      total_points: vip.total_points,
      next_level_points: next?.points ?? 0,
      exchangeable_points: vip.total_points - vip.spent_points,
      real_name: !game.brand.features.realName ? "not_required" : user.real_name ? "verified" : "not_verified",
    };
  },
  async couponList(ctx) {
    const game = vipGame(ctx.platform, ctx.params.client_id);
    const user = requireUser(ctx, game);
    const goods = ctx.params.product_id ? game.goods.find((g) => g.productId === ctx.params.product_id) : undefined;
    const price = goods ? convert(goods.usd, game.currency) : undefined;
    const categories = new Set(ctx.params.use_category.split(","));
    return { coupons: await listCoupons(ctx.platform.db, game, user.user_id, categories, ctx.platform.now(), goods, price) };
  },
  async receiveCoupons(ctx) {
    const game = vipGame(ctx.platform, ctx.params.client_id);
    const user = requireUser(ctx, game);
    const now = ctx.platform.now();
    await ensurePeriodGrants(ctx.platform.db, game, user.user_id, now);
    const claimed = await ctx.platform.db.query<{ code: string }>(
      `UPDATE coupons SET claimed = true WHERE user_id = $1 AND brand_id = $2 AND NOT claimed AND valid_end_time > $3 ${ctx.params.code ? "AND code = $4" : ""} RETURNING code`,
      ctx.params.code ? [user.user_id, game.brand.id, now, ctx.params.code] : [user.user_id, game.brand.id, now],
    );
    if (claimed.length === 0) fail(E.claimFailed);
    const codes = new Set(claimed.map((c) => c.code));
    const all = await listCoupons(ctx.platform.db, game, user.user_id, new Set(["avail", "lock"]), now);
    return { coupons: all.filter((c) => codes.has(c.code)) };
  },
  async exchangePoints(ctx) {
    const game = vipGame(ctx.platform, ctx.params.client_id);
    const user = requireUser(ctx, game);
    return ctx.platform.db.transaction(async (tx) => {
      await vipAccount(tx, user.user_id, game.brand.id);
      const updated = await tx.query<{ total_points: number; spent_points: number }>(
        `UPDATE vip_accounts SET spent_points = spent_points + $3
          WHERE user_id = $1 AND brand_id = $2 AND total_points - spent_points >= $3 RETURNING total_points, spent_points`,
        [user.user_id, game.brand.id, ctx.params.points],
      );
      const row = updated[0];
      if (!row) fail(E.notEnoughPoints);
      const coins = Math.floor(ctx.params.points * POINT_TO_COIN);
      await tx.query("INSERT INTO point_exchanges (user_id, brand_id, points, coins, role_id) VALUES ($1, $2, $3, $4, $5)", [
        user.user_id,
        game.brand.id,
        ctx.params.points,
        coins,
        ctx.params.role_id,
      ]);
      return { coins, exchangeable_points: row.total_points - row.spent_points };
    });
  },
};
