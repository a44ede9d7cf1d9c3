// Creating orders: one per goods and character while unpaid (the Repeat answer); the account's
// block, its real name, the character's owner, limits and the coupon checked where the order is
// written, in its transaction; the browser's numbers are never used. Amounts are minor units.
import { randomInt } from "node:crypto";
import type { PayResult } from "../../core/generated/api-types.ts";
import { type CatalogGame, type CatalogGoods, priceOf } from "../catalog/catalog.ts";
import { toWire } from "../catalog/money.ts";
import type { Queryable } from "../db.ts";
import { couponForOrder, takeCoupon } from "./coupons.ts";
import { E, fail } from "./errors.ts";
import { limitState } from "./limits.ts";
import type { Platform } from "./platform.ts";
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
}

/**
 * Creates an order in one transaction. The same goods for the same role while an order is unpaid
 * answers that order with Repeat (10); limits and the coupon are checked under a lock per role and
 * goods, so concurrent requests cannot overspend either.
 */
export async function createOrder(platform: Platform, o: NewOrder): Promise<PayResult> {
  const { game, goods } = o;
  const now = platform.now();
  // Most orders touch one row: a single INSERT is atomic on its own, no transaction round trips.
  const simple = !goods.limit && !o.couponCode && !o.reserve;
  const run = <T>(fn: (tx: Queryable) => Promise<T>) => (simple ? fn(platform.db) : platform.db.transaction(fn));
  const realName = o.ownOrder && game.brand.features.realName;
  return run(async (tx) => {
    const repeat = async (): Promise<PayResult> => {
      const [pending] = await tx.query<{
        billing_no: string;
        pay_url: string | null;
        amount_minor: string;
        currency: string;
        user_id: string;
      }>(
        "SELECT billing_no, pay_url, amount_minor::text, currency, user_id::text FROM orders WHERE gp_id = $1 AND role_id = $2 AND product_id = $3 AND status = -1",
        [game.gpId, o.roleId, goods.productId],
      );
      if (!pending) fail(E.unpaidOrder);
      if (pending.user_id !== o.user.user_id) fail(E.unpaidOrder);
      const url = pending.pay_url;
      return {
        billing_no: pending.billing_no,
        status: STATUS.repeat,
        ...(url ? { url } : {}),
        amount: toWire(Number(pending.amount_minor), pending.currency),
        currency: pending.currency,
      };
    };
    /** Why the guarded INSERT wrote nothing: a check that failed, else the unpaid order (Repeat). */
    const refused = async (): Promise<PayResult> => {
      if (o.ownOrder) {
        const [check] = await tx.query<{ blocked: boolean; verified: boolean; has_role: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM account_blocks WHERE user_id = $1 AND (lift_at IS NULL OR lift_at > $5)) AS blocked,
                  (SELECT real_name FROM accounts WHERE user_id = $1) AS verified,
                  EXISTS (SELECT 1 FROM roles WHERE gp_id = $2 AND role_id = $3 AND user_id = $1 AND server_id = $4) AS has_role`,
          [o.user.user_id, game.gpId, o.roleId, o.serverId, now],
        );
        if (check?.blocked) fail(E.forbidden, "this account is blocked until its make-up payment is paid");
        if (realName && !check?.verified) fail(E.notRealName);
        if (!check?.has_role) fail(E.roleNotFound);
      }
      return repeat();
    };
    // PostgreSQL runs transactions side by side: a lock per role and goods (and per account for
    // 'game' limits) puts competing orders in line. PGlite runs one transaction at a time anyway.
    if (platform.db.kind === "postgres" && !simple) {
      await tx.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [game.gpId, `${o.roleId}/${goods.productId}`]);
      if (goods.limit?.type === "game")
        await tx.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [game.gpId, `user:${o.user.user_id}/${goods.productId}`]);
    }
    if (goods.limit) {
      const state = await limitState(tx, game, goods, o.user.user_id, o.roleId, now);
      if (state.pending) return repeat();
      if (state.used >= goods.limit.frequency) fail(E.limitReached);
    }
    const base = o.amount ?? priceOf(platform.catalog, game, goods).price;
    const quote = o.couponCode
      ? await couponForOrder(tx, {
          game,
          goods,
          userId: o.user.user_id,
          code: o.couponCode,
          price: base,
          now,
          money: platform.catalog.money,
        })
      : undefined;
    const amount = quote?.price ?? base;
    const billingNo = newBillingNo(now);
    const payUrl = o.payUrl(billingNo);
    // One statement writes the order only while the player's checks hold (not blocked, real name
    // when asked, the character theirs), and the partial unique index allows one unpaid order per
    // role and goods: nothing written is a failed check or the Repeat, told apart by refused().
    const inserted = await tx.query(
      `INSERT INTO orders (billing_no, user_id, payer_user_id, brand_id, gp_id, client_id, server_id, role_id, product_id, product_name,
                           amount_minor, original_amount_minor, currency, payway_id, channel_id, region, coupon_code, points, gems, status,
                           pay_url, replenish_id, platform, request_meta, created_at)
       SELECT $1::text, $2::bigint, $3::bigint, $4::text, $5::integer, $6::text, $7::text, $8::text, $9::text, $10::text, $11::bigint,
              $12::bigint, $13::text, $14::integer, $15::text, $16::text, $17::text, $18::integer, $19::integer, -1, $20::text, $21::text,
              $22::text, $23::jsonb, $24::timestamptz
        WHERE NOT $25::boolean
           OR (NOT EXISTS (SELECT 1 FROM account_blocks b WHERE b.user_id = $2::bigint AND (b.lift_at IS NULL OR b.lift_at > $24::timestamptz))
               AND (NOT $26::boolean OR EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = $2::bigint AND a.real_name))
               AND EXISTS (SELECT 1 FROM roles r WHERE r.gp_id = $5::integer AND r.role_id = $8::text AND r.user_id = $2::bigint AND r.server_id = $7::text))
       ON CONFLICT (gp_id, role_id, product_id) WHERE status = -1 DO NOTHING RETURNING billing_no`,
      [
        billingNo,
        o.user.user_id,
        o.payer?.user_id ?? null,
        game.brand.id,
        game.gpId,
        game.clientIds.web,
        o.serverId,
        o.roleId,
        goods.productId,
        goods.display,
        amount,
        base,
        game.currency,
        o.paywayId,
        o.channelId,
        o.region,
        o.couponCode ?? null,
        platform.catalog.money.toBaseCents(amount, game.currency),
        o.gems ?? null,
        payUrl,
        o.replenishId ?? null,
        o.platform,
        JSON.stringify(o.meta),
        now,
        o.ownOrder,
        realName,
      ],
    );
    if (inserted.length === 0) return refused();
    // Taken only now that the order exists; a coupon or card another order took rolls this one back.
    if (o.couponCode) await takeCoupon(tx, o.couponCode, billingNo, now);
    await o.reserve?.(tx, billingNo);
    return {
      billing_no: billingNo,
      status: STATUS.pending,
      ...(payUrl ? { url: payUrl } : {}),
      amount: toWire(amount, game.currency),
      currency: game.currency,
    };
  });
}
