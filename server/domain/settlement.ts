// Applying a payment's outcome to its order, once: status, VIP points, coupon, make-up link; and
// the game's delivery confirmation that follows a payment.
import { CARD_PAYWAY_ID } from "../../core/payments/methods.ts";
import type { Queryable } from "../db.ts";
import { releaseCoupon } from "./coupons.ts";
import type { Platform } from "./platform.ts";
import { addGrowthPoints } from "./vip.ts";

export type Outcome = "approved" | "declined";

/**
 * Settles a pending order. Returns false when the order was not pending (already settled): a
 * repeated notification changes nothing.
 */
export async function settleOrder(tx: Queryable, platform: Platform, billingNo: string, outcome: Outcome): Promise<boolean> {
  const now = platform.now();
  const [order] = await tx.query<{ user_id: string; gp_id: number; points: number; replenish_id: string | null }>(
    `UPDATE orders SET status = $2, paid_at = CASE WHEN $2 = 1 THEN $3::timestamptz END,
            failed_at = CASE WHEN $2 = -2 THEN $3::timestamptz END
      WHERE billing_no = $1 AND status = -1
      RETURNING user_id::text, gp_id, points, replenish_id`,
    [billingNo, outcome === "approved" ? 1 : -2, now],
  );
  if (!order) return false;
  platform.caches.orderAccess.delete(billingNo);
  const game = platform.catalog.byGpId.get(order.gp_id);
  if (outcome === "declined") {
    await releaseCoupon(tx, billingNo);
    return true;
  }
  if (game) await addGrowthPoints(tx, platform.catalog.vip, game, order.user_id, order.points, now);
  if (order.replenish_id) {
    await tx.query("UPDATE replenish_links SET paid_at = $2, billing_no = $3 WHERE replenish_id = $1", [
      order.replenish_id,
      now,
      billingNo,
    ]);
    // The block is lifted at once (the spec promises within 15 minutes).
    await tx.query("UPDATE account_blocks SET lift_at = $2 WHERE user_id = $1", [order.user_id, now]);
  }
  return true;
}

/** Card exchanges complete on the platform's side a moment after they are made. */
export async function settleDueCardOrders(platform: Platform, billingNo: string): Promise<void> {
  await platform.db.transaction(async (tx) => {
    const [due] = await tx.query("SELECT 1 FROM orders WHERE billing_no = $1 AND status = -1 AND payway_id = $3 AND created_at < $2", [
      billingNo,
      new Date(platform.now().getTime() - 2000),
      CARD_PAYWAY_ID,
    ]);
    if (due) await settleOrder(tx, platform, billingNo, "approved");
  });
  platform.caches.orderAccess.delete(billingNo);
}

/**
 * Paid is not delivered: the goods reach the character when the game server confirms. The sandbox's
 * game confirms `deliveryDelayMs` after payment; confirmations are recorded when the buyer's orders
 * are next read.
 */
export async function recordDeliveries(platform: Platform, where: { userId: string } | { billingNo: string }): Promise<void> {
  const due = new Date(platform.now().getTime() - platform.deliveryDelayMs);
  const [column, value] = "userId" in where ? ["user_id", where.userId] : ["billing_no", where.billingNo];
  await platform.db.query(
    `UPDATE orders SET delivered_at = paid_at + make_interval(secs => $3::double precision / 1000)
      WHERE ${column} = $1 AND status = 1 AND delivered_at IS NULL AND paid_at <= $2`,
    [value, due, platform.deliveryDelayMs],
  );
}
