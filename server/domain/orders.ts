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
import { E, fail } from "./errors.ts";
import { expireUnpaid, expiryOf } from "./expiry.ts";
import { limitState } from "./limits.ts";
import { onDb, type Platform } from "./platform.ts";
import type { Account } from "./sessions.ts";

export const STATUS = { success: 1, pending: -1, fail: -2, repeat: 10 } as const;

/** The game's goods of a product id; -3101 when none. */
export function goodsOf(game: CatalogGame, productId: string): CatalogGoods {
  const goods = game.goods.find((g) => g.productId === productId);
  if (!goods) fail(E.goodsNotFound);
  return goods;
}

const newBillingNo = (d: Date) => {
  const day = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}${String(d.getUTCDate()).padStart(2, "0")}`;
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
async function findUnpaid(tx: Queryable, o: NewOrder): Promise<PayResult | undefined> {
  const [pending] = await tx.query<{ billing_no: string; pay_url: string | null; amount_minor: string; currency: string; user_id: string }>(
    `SELECT billing_no, pay_url, amount_minor::text, currency, user_id::text FROM orders
      WHERE gp_id = $1 AND role_id = $2 AND product_id = $3 AND status = -1 AND coalesce(replenish_id, '') = $4`,
    [o.game.gpId, o.roleId, o.goods.productId, o.replenishId ?? ""],
  );
  if (!pending || pending.user_id !== o.user.user_id) return undefined;
  const url = pending.pay_url ? o.payUrl(pending.billing_no) : null;
  return payResult(pending.billing_no, STATUS.repeat, url, Number(pending.amount_minor), pending.currency);
}

/** The unpaid order a new one met (Repeat, 10), or -3103 when it is not the caller's to see. */
async function unpaidOrder(tx: Queryable, o: NewOrder): Promise<PayResult> {
  return (await findUnpaid(tx, o)) ?? fail(E.unpaidOrder);
}

/** The checks of a player's own order (not a make-up link's): not blocked, real name when asked, the character theirs. */
async function checkOwn(tx: Queryable, o: NewOrder, now: Date): Promise<void> {
  if (!o.ownOrder) return;
  const [check] = await tx.query<{ blocked: boolean; verified: boolean; has_role: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM account_blocks WHERE user_id = $1 AND (lift_at IS NULL OR lift_at > $5)) AS blocked,
            (SELECT real_name FROM accounts WHERE user_id = $1) AS verified,
            EXISTS (SELECT 1 FROM roles WHERE gp_id = $2 AND role_id = $3 AND user_id = $1 AND server_id = $4) AS has_role`,
    [o.user.user_id, o.game.gpId, o.roleId, o.serverId, now],
  );
  if (check?.blocked) fail(E.forbidden, "this account is blocked until its make-up payment is paid");
  if (o.game.brand.features.realName && !check?.verified) fail(E.notRealName);
  if (!check?.has_role) fail(E.roleNotFound);
}

/** Why the guarded INSERT wrote nothing: a check of the player's own order that failed, else the unpaid order (Repeat). */
async function refused(tx: Queryable, o: NewOrder, now: Date): Promise<PayResult> {
  await checkOwn(tx, o, now);
  return unpaidOrder(tx, o);
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
async function insertOrder(tx: Queryable, platform: Platform, o: NewOrder, row: OrderRow): Promise<boolean> {
  const { game, goods } = o;
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
      o.user.user_id,
      o.payer?.user_id ?? null,
      game.brand.id,
      game.gpId,
      game.clientIds.web,
      o.serverId,
      o.roleId,
      goods.productId,
      goods.display,
      row.amount,
      row.base,
      game.currency,
      o.paywayId,
      o.channelId,
      o.region,
      o.couponCode ?? null,
      platform.catalog.money.toBaseCents(row.amount, game.currency),
      o.gems ?? null,
      row.payUrl,
      o.replenishId ?? null,
      o.platform,
      JSON.stringify(o.meta),
      row.now,
      o.ownOrder,
      o.ownOrder && game.brand.features.realName,
      expiryOf(row.now, o.expires === false ? undefined : (methodById.get(o.paywayId)?.kind ?? "wallet")),
    ],
  );
  return inserted.length > 0;
}

/**
 * Creates an order in one transaction. The same goods for the same role while an order is unpaid
 * answers that order with Repeat (10); limits and the coupon are checked under a lock per role and
 * goods, so concurrent requests cannot overspend either. Unpaid orders of the goods and character
 * whose time is up expire first (expiry.ts), giving back what they held.
 */
export async function createOrder(platform: Platform, o: NewOrder): Promise<PayResult> {
  const { game, goods } = o;
  const now = platform.now();
  // Most orders touch one row: a single INSERT is atomic on its own, no transaction round trips.
  const oneRow = !goods.limit && !o.couponCode && !o.reserve;
  const inOrder = <T>(fn: (tx: Queryable) => Promise<T>) => (oneRow ? fn(platform.db) : platform.db.transaction(fn));
  return inOrder(async (tx) => {
    // PostgreSQL runs transactions side by side: a lock per role and goods (and per account for
    // 'game' limits) puts competing orders in line. PGlite runs one transaction at a time anyway.
    if (platform.db.kind === "postgres" && !oneRow) {
      await tx.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [game.gpId, `${o.roleId}/${goods.productId}`]);
      if (goods.limit?.type === "game")
        await tx.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [game.gpId, `user:${o.user.user_id}/${goods.productId}`]);
    }
    await expireUnpaid(onDb(platform, within(platform.db, tx)), {
      gpId: game.gpId,
      productId: goods.productId,
      roleId: o.roleId,
      userId: o.user.user_id,
    });
    // The same goods again while its order is unpaid answers that order (Repeat) before any coupon
    // or limit is weighed: the coupon it holds is no reason to refuse showing it.
    if (o.couponCode || goods.limit) {
      const pending = await findUnpaid(tx, o);
      if (pending) {
        await checkOwn(tx, o, now);
        return pending;
      }
    }
    if (goods.limit) {
      const state = await limitState(tx, game, goods, o.user.user_id, o.roleId, now, o.replenishId ?? "");
      // An unpaid order of this scope on another character (a once-per-account goods): pay that one first.
      if (state.pending) fail(E.unpaidOrder);
      // Unpaid orders of other scopes (a make-up link's, or the player's own for a link) hold their share of the limit.
      if (state.used + state.held >= goods.limit.frequency) fail(E.limitReached);
    }
    const base = o.amount ?? priceOf(platform.catalog, game, goods).price;
    const { money } = platform.catalog;
    const quote = o.couponCode
      ? await couponForOrder(tx, { game, goods, userId: o.user.user_id, code: o.couponCode, price: base, now, money })
      : undefined;
    const amount = quote?.price ?? base;
    const billingNo = newBillingNo(now);
    const payUrl = o.payUrl(billingNo);
    if (!(await insertOrder(tx, platform, o, { billingNo, amount, base, payUrl, now }))) return refused(tx, o, now);
    // Taken only now that the order exists; a coupon or card another order took rolls this one back.
    if (o.couponCode) await takeCoupon(tx, o.couponCode, billingNo, now);
    await o.reserve?.(tx, billingNo);
    return payResult(billingNo, STATUS.pending, payUrl, amount, game.currency);
  });
}
