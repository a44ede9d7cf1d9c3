// Creating orders: one per goods and character while unpaid (the Repeat answer); the account's
// block, its real name, the character's owner, limits and the coupon checked where the order is
// written, in its transaction; the browser's numbers are never used. Amounts are minor units.
import { randomInt } from "node:crypto";
import type { PayResult } from "../../core/browser/generated/api-types.ts";
import { methodById } from "../../core/node/payments/methods.ts";
import { type CatalogGame, type CatalogGoods, priceOf } from "../catalog/catalog.ts";
import { toWire } from "../catalog/money.ts";
import { type Queryable, within } from "../db.ts";
import { couponForOrder, takeCoupon } from "./coupons.ts";
import { CODE, fail } from "./errors.ts";
import { expireUnpaid, expiryOf } from "./expiry.ts";
import { limitState } from "./limits.ts";
import { onDb, type Platform } from "./platform.ts";
import type { Account } from "./sessions.ts";

export const STATUS = { success: 1, pending: -1, fail: -2, repeat: 10 } as const;

/** The game's goods of a product id; -3101 when none. */
export function goodsOf(game: CatalogGame, productId: string): CatalogGoods {
  const goods = game.goods.find((candidate) => candidate.productId === productId);
  if (!goods) fail(CODE.goodsNotFound);
  return goods;
}

const newBillingNo = (now: Date) => {
  const day = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, "0")}${String(now.getUTCDate()).padStart(2, "0")}`;
  return `SB${day}${String(randomInt(0, 1e10)).padStart(10, "0")}`;
};

export interface NewOrder {
  game: CatalogGame;
  goods: CatalogGoods;
  user: Account;
  payer?: Account;
  roleId: string;
  serverId: string;
  paywayId: number;
  channelId: string;
  region: string | null;
  couponCode?: string;
  replenishId?: string;
  platform: string;
  payUrl: (billingNo: string) => string | null;
  meta: Record<string, unknown>;
  /**
   * The order is the player's own (not a make-up link's): the account must not be blocked, must
   * have its real name verified when the brand asks, and must own the character when it is written.
   */
  ownOrder: boolean;
  /** The price to charge instead of the catalogue's, in the game currency's minor units (a card's value). */
  amount?: number;
  gems?: number;
  /** Takes what the order consumes (a prepaid card) inside the order's transaction. */
  reserve?: (tx: Queryable, billingNo: string) => Promise<void>;
  /** Whether it expires unpaid (expiry.ts); not a prepaid-card exchange, which the platform completes. Default true. */
  expires?: boolean;
}

/** An order's answer as the pay calls give it. */
const payResult = (
  billingNo: string,
  status: PayResult["status"],
  url: string | null,
  amountMinor: number,
  currency: string,
): PayResult => ({
  billing_no: billingNo,
  status,
  ...(url ? { url } : {}),
  amount: toWire(amountMinor, currency),
  currency,
});

/**
 * The unpaid order of this goods for the character in the new order's own scope: the player's own
 * orders for their own order, the link's own for a make-up payment; never anyone else's. Its pay link
 * is made again for this caller (the host they called), never the one stored for whoever made it.
 */
async function findUnpaid(tx: Queryable, order: NewOrder): Promise<PayResult | undefined> {
  const [pending] = await tx.query<{ billing_no: string; pay_url: string | null; amount_minor: string; currency: string; user_id: string }>(
    `SELECT billing_no, pay_url, amount_minor::text, currency, user_id::text FROM orders
      WHERE gp_id = $1 AND role_id = $2 AND product_id = $3 AND status = -1 AND coalesce(replenish_id, '') = $4`,
    [order.game.gpId, order.roleId, order.goods.productId, order.replenishId ?? ""],
  );
  if (!pending || pending.user_id !== order.user.user_id) return undefined;
  const url = pending.pay_url ? order.payUrl(pending.billing_no) : null;
  return payResult(pending.billing_no, STATUS.repeat, url, Number(pending.amount_minor), pending.currency);
}

/** The unpaid order a new one met (Repeat, 10), or -3103 when it is not the caller's to see. */
async function unpaidOrder(tx: Queryable, order: NewOrder): Promise<PayResult> {
  return (await findUnpaid(tx, order)) ?? fail(CODE.unpaidOrder);
}

/** The checks of a player's own order (not a make-up link's): not blocked, real name when asked, the character theirs. */
async function checkOwn(tx: Queryable, order: NewOrder, now: Date): Promise<void> {
  if (!order.ownOrder) return;
  const [check] = await tx.query<{ blocked: boolean; verified: boolean; has_role: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM account_blocks WHERE user_id = $1 AND (lift_at IS NULL OR lift_at > $5)) AS blocked,
            (SELECT real_name FROM accounts WHERE user_id = $1) AS verified,
            EXISTS (SELECT 1 FROM roles WHERE gp_id = $2 AND role_id = $3 AND user_id = $1 AND server_id = $4) AS has_role`,
    [order.user.user_id, order.game.gpId, order.roleId, order.serverId, now],
  );
  if (check?.blocked) fail(CODE.forbidden, "this account is blocked until its make-up payment is paid");
  if (order.game.brand.features.realName && !check?.verified) fail(CODE.notRealName);
  if (!check?.has_role) fail(CODE.roleNotFound);
}

/** Why the guarded INSERT wrote nothing: a check of the player's own order that failed, else the unpaid order (Repeat). */
async function refused(tx: Queryable, order: NewOrder, now: Date): Promise<PayResult> {
  await checkOwn(tx, order, now);
  return unpaidOrder(tx, order);
}

/** An order as written: its number, amounts in minor units of the game's currency, and when it expires. */
interface OrderRow {
  billingNo: string;
  amount: number;
  base: number;
  payUrl: string | null;
  now: Date;
}

/**
 * Writes the order only while the player's checks hold (not blocked, real name when the brand asks,
 * the character theirs), in one statement; the partial unique index allows one unpaid order per
 * goods and character (and link): whether a row was written.
 */
async function insertOrder(tx: Queryable, platform: Platform, order: NewOrder, row: OrderRow): Promise<boolean> {
  const { game, goods } = order;
  const inserted = await tx.query(
    `INSERT INTO orders (billing_no, user_id, payer_user_id, brand_id, gp_id, client_id, server_id, role_id, product_id, product_name,
                         amount_minor, original_amount_minor, currency, payway_id, channel_id, region, coupon_code, points, gems, status,
                         pay_url, replenish_id, platform, request_meta, created_at, expires_at)
     SELECT $1::text, $2::bigint, $3::bigint, $4::text, $5::integer, $6::text, $7::text, $8::text, $9::text, $10::text, $11::bigint,
            $12::bigint, $13::text, $14::integer, $15::text, $16::text, $17::text, $18::integer, $19::integer, -1, $20::text, $21::text,
            $22::text, $23::jsonb, $24::timestamptz, $27::timestamptz
      WHERE NOT $25::boolean
         OR (NOT EXISTS (SELECT 1 FROM account_blocks b WHERE b.user_id = $2::bigint AND (b.lift_at IS NULL OR b.lift_at > $24::timestamptz))
             AND (NOT $26::boolean OR EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = $2::bigint AND a.real_name))
             AND EXISTS (SELECT 1 FROM roles r WHERE r.gp_id = $5::integer AND r.role_id = $8::text AND r.user_id = $2::bigint AND r.server_id = $7::text))
     ON CONFLICT (gp_id, role_id, product_id, (coalesce(replenish_id, ''))) WHERE status = -1 DO NOTHING RETURNING billing_no`,
    [
      row.billingNo,
      order.user.user_id,
      order.payer?.user_id ?? null,
      game.brand.id,
      game.gpId,
      game.clientIds.web,
      order.serverId,
      order.roleId,
      goods.productId,
      goods.display,
      row.amount,
      row.base,
      game.currency,
      order.paywayId,
      order.channelId,
      order.region,
      order.couponCode ?? null,
      platform.catalog.money.toBaseCents(row.amount, game.currency),
      order.gems ?? null,
      row.payUrl,
      order.replenishId ?? null,
      order.platform,
      JSON.stringify(order.meta),
      row.now,
      order.ownOrder,
      order.ownOrder && game.brand.features.realName,
      expiryOf(row.now, order.expires === false ? undefined : (methodById.get(order.paywayId)?.kind ?? "wallet")),
    ],
  );
  return inserted.length > 0;
}

/**
 * PostgreSQL runs transactions side by side: a lock per role and goods (and per account for 'game'
 * limits) puts competing orders in line. PGlite runs one transaction at a time anyway.
 */
async function lockRoleAndGoods(tx: Queryable, order: NewOrder): Promise<void> {
  const { game, goods } = order;
  await tx.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [game.gpId, `${order.roleId}/${goods.productId}`]);
  if (goods.limit?.type === "game")
    await tx.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [game.gpId, `user:${order.user.user_id}/${goods.productId}`]);
}

/**
 * The same goods again while its order is unpaid answers that order (Repeat) before any coupon or
 * limit is weighed: the coupon it holds is no reason to refuse showing it. Without either, the
 * guarded INSERT finds the unpaid order itself (refused).
 */
async function repeatBeforeRules(tx: Queryable, order: NewOrder, now: Date): Promise<PayResult | undefined> {
  if (!order.couponCode && !order.goods.limit) return undefined;
  const pending = await findUnpaid(tx, order);
  if (pending) await checkOwn(tx, order, now);
  return pending;
}

/** The goods' purchase limit, counted in the order's transaction (limits.ts). */
async function checkLimit(tx: Queryable, order: NewOrder, now: Date): Promise<void> {
  const { game, goods } = order;
  if (!goods.limit) return;
  const state = await limitState(tx, game, goods, order.user.user_id, order.roleId, now, order.replenishId ?? "");
  // An unpaid order of this scope on another character (a once-per-account goods): pay that one first.
  if (state.pending) fail(CODE.unpaidOrder);
  // Unpaid orders of other scopes (a make-up link's, or the player's own for a link) hold their share of the limit.
  if (state.used + state.held >= goods.limit.frequency) fail(CODE.limitReached);
}

/** The price before and after the coupon, in minor units: the catalogue's (or the card's value), never the browser's. */
async function priceOfOrder(tx: Queryable, platform: Platform, order: NewOrder, now: Date): Promise<{ base: number; amount: number }> {
  const { game, goods } = order;
  const base = order.amount ?? priceOf(platform.catalog, game, goods).price;
  if (!order.couponCode) return { base, amount: base };
  const { money } = platform.catalog;
  const quote = await couponForOrder(tx, { game, goods, userId: order.user.user_id, code: order.couponCode, price: base, now, money });
  return { base, amount: quote.price };
}

/**
 * Creates an order in one transaction. The same goods for the same role while an order is unpaid
 * answers that order with Repeat (10); limits and the coupon are checked under a lock per role and
 * goods, so concurrent requests cannot overspend either. Unpaid orders of the goods and character
 * whose time is up expire first (expiry.ts), giving back what they held.
 */
export async function createOrder(platform: Platform, order: NewOrder): Promise<PayResult> {
  const { game, goods } = order;
  const now = platform.now();
  // Most orders touch one row: a single INSERT is atomic on its own, no transaction round trips.
  const oneRow = !goods.limit && !order.couponCode && !order.reserve;
  const inOrder = <T>(write: (tx: Queryable) => Promise<T>) => (oneRow ? write(platform.db) : platform.db.transaction(write));
  return inOrder(async (tx) => {
    if (platform.db.kind === "postgres" && !oneRow) await lockRoleAndGoods(tx, order);
    const scope = { gpId: game.gpId, productId: goods.productId, roleId: order.roleId, userId: order.user.user_id };
    await expireUnpaid(onDb(platform, within(platform.db, tx)), scope);
    const repeat = await repeatBeforeRules(tx, order, now);
    if (repeat) return repeat;
    await checkLimit(tx, order, now);
    const { base, amount } = await priceOfOrder(tx, platform, order, now);
    const billingNo = newBillingNo(now);
    const payUrl = order.payUrl(billingNo);
    if (!(await insertOrder(tx, platform, order, { billingNo, amount, base, payUrl, now }))) return refused(tx, order, now);
    // Taken only now that the order exists; a coupon or card another order took rolls this one back.
    if (order.couponCode) await takeCoupon(tx, order.couponCode, billingNo, now);
    await order.reserve?.(tx, billingNo);
    return payResult(billingNo, STATUS.pending, payUrl, amount, game.currency);
  });
}
