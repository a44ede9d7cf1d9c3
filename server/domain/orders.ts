// Creating orders: one per goods and character while unpaid (the Repeat answer), limits and the
// coupon checked in the order's transaction; the browser's numbers are never used.
import { randomInt } from "node:crypto";
import type { PayResult } from "../../core/generated/api-types.ts";
import { growthPoints } from "../../core/money/money.ts";
import { type CatalogGame, type CatalogGoods, priceOf } from "../catalog/catalog.ts";
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

const newBillingNo = () => {
  const d = new Date();
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
  /** The price to charge instead of the catalogue's (card exchanges carry the card's). */
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
  return run(async (tx) => {
    const repeat = async (): Promise<PayResult> => {
      const [pending] = await tx.query<{ billing_no: string; pay_url: string | null; amount: string; currency: string; user_id: string }>(
        "SELECT billing_no, pay_url, amount::text, currency, user_id::text FROM orders WHERE gp_id = $1 AND role_id = $2 AND product_id = $3 AND status = -1",
        [game.gpId, o.roleId, goods.productId],
      );
      if (!pending) fail(E.unpaidOrder);
      if (pending.user_id !== o.user.user_id) fail(E.unpaidOrder);
      const url = pending.pay_url;
      return {
        billing_no: pending.billing_no,
        status: STATUS.repeat,
        ...(url ? { url } : {}),
        amount: Number(pending.amount),
        currency: pending.currency,
      };
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
    const base = o.amount ?? priceOf(game, goods).price;
    const quote = o.couponCode
      ? await couponForOrder(tx, { game, goods, userId: o.user.user_id, code: o.couponCode, price: base, now })
      : undefined;
    const amount = quote?.price ?? base;
    const billingNo = newBillingNo();
    const payUrl = o.payUrl(billingNo);
    // The partial unique index allows one unpaid order per role and goods: a second is the Repeat.
    const inserted = await tx.query(
      `INSERT INTO orders (billing_no, user_id, payer_user_id, brand_id, gp_id, client_id, server_id, role_id, product_id, product_name,
                           amount, original_amount, currency, payway_id, channel_id, region, coupon_code, points, gems, status, pay_url,
                           replenish_id, platform, request_meta)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,-1,$20,$21,$22,$23)
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
        growthPoints(amount, game.currency),
        o.gems ?? null,
        payUrl,
        o.replenishId ?? null,
        o.platform,
        JSON.stringify(o.meta),
      ],
    );
    if (inserted.length === 0) return repeat();
    // Taken only now that the order exists; a coupon or card another order took rolls this one back.
    if (o.couponCode) await takeCoupon(tx, o.couponCode, billingNo, now);
    await o.reserve?.(tx, billingNo);
    return { billing_no: billingNo, status: STATUS.pending, ...(payUrl ? { url: payUrl } : {}), amount, currency: game.currency };
  });
}
