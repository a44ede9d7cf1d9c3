// Applying a payment's outcome to its order, once: status, VIP points, coupon, make-up link; the
// prepaid-card orders the platform completes itself; and when the game confirms delivery.
import { CARD_PAYWAY_ID } from "../../core/node/payments/methods.ts";
import type { Queryable } from "../db.ts";
import { releaseCoupon } from "./coupons.ts";
import type { Platform } from "./platform.ts";
import { addGrowthPoints } from "./vip.ts";

export type Outcome = "approved" | "declined";

/** How long after it is made a card exchange completes on the platform's side. */
export const CARD_SETTLE_MS = 2000;

/**
 * Settles a pending order. Returns false when the order was not pending (already settled): a
 * repeated notification changes nothing. The status changes in one guarded UPDATE, so of two
 * concurrent settlements exactly one goes on to credit points.
 *
 * An order that expired unpaid (expiry.ts) is settled too when a provider approves it after all
 * (the player paid): delivered at the amount it was created with; its coupon is spent then if still
 * unused, and its discount stands if another order has taken the coupon since (docs/api.md, "Unpaid
 * orders expire"). A decline of an expired order changes nothing.
 */
export async function settleOrder(tx: Queryable, platform: Platform, billingNo: string, outcome: Outcome): Promise<boolean> {
  const now = platform.now();
  const [order] = await tx.query<{ user_id: string; gp_id: number; points: number; replenish_id: string | null; expired: boolean }>(
    `UPDATE orders SET status = $2, paid_at = CASE WHEN $2 = 1 THEN $3::timestamptz END,
            failed_at = CASE WHEN $2 = -2 THEN $3::timestamptz END
      WHERE billing_no = $1 AND (status = -1 OR (status = -2 AND expired_at IS NOT NULL AND $2 = 1 AND paid_at IS NULL))
      RETURNING user_id::text, gp_id, points, replenish_id, expired_at IS NOT NULL AS expired`,
    [billingNo, outcome === "approved" ? 1 : -2, now],
  );
  if (!order) return false;
  platform.caches.orderAccess.delete(billingNo);
  const game = platform.catalog.byGpId.get(order.gp_id);
  if (outcome === "declined") {
    await releaseCoupon(tx, billingNo);
    return true;
  }
  // Its coupon went back when it expired: spent now, unless another order has it.
  if (order.expired)
    await tx.query(
      `UPDATE coupons SET used_billing_no = $1, used_at = $2
        WHERE code = (SELECT coupon_code FROM orders WHERE billing_no = $1) AND used_billing_no IS NULL`,
      [billingNo, now],
    );
  if (game) await addGrowthPoints(tx, platform.catalog.vip, game, order.user_id, order.points, now);
  if (order.replenish_id) {
    // The link's first payment settles it (a late one of an expired order may come after another).
    await tx.query("UPDATE replenish_links SET paid_at = $2, billing_no = $3 WHERE replenish_id = $1 AND paid_at IS NULL", [
      order.replenish_id,
      now,
      billingNo,
    ]);
    // The block is lifted at once (the make-up page promises within 15 minutes).
    await tx.query("UPDATE account_blocks SET lift_at = $2 WHERE user_id = $1", [order.user_id, now]);
  }
  return true;
}

/**
 * Completes the card exchanges made at least CARD_SETTLE_MS ago by the platform's clock; how many.
 * Run by the platform's sweep (./sweeps.ts), never by a read. With several platform processes each
 * order is settled once: the rows are claimed with SKIP LOCKED and settleOrder's UPDATE is guarded.
 */
export async function settleDueCardOrders(platform: Platform): Promise<number> {
  const due = new Date(platform.now().getTime() - CARD_SETTLE_MS);
  const lock = platform.db.kind === "postgres" ? "FOR UPDATE SKIP LOCKED" : "";
  return platform.db.transaction(async (tx) => {
    const rows = await tx.query<{ billing_no: string }>(
      `SELECT billing_no FROM orders WHERE status = -1 AND payway_id = $1 AND created_at <= $2 ORDER BY created_at LIMIT 200 ${lock}`,
      [CARD_PAYWAY_ID, due],
    );
    let settled = 0;
    for (const { billing_no } of rows) if (await settleOrder(tx, platform, billing_no, "approved")) settled++;
    return settled;
  });
}

/**
 * Paid is not delivered: the goods reach the character when the game server confirms. The sandbox's
 * game confirms `deliveryDelayMs` after payment: a fact of time, read against the platform's clock
 * (nothing is written when an order is read).
 */
export function deliveredAt(platform: Platform, paidAt: Date | string | null): Date | undefined {
  if (!paidAt) return undefined;
  const at = new Date(new Date(paidAt).getTime() + platform.deliveryDelayMs);
  return at <= platform.now() ? at : undefined;
}
