// Unpaid orders expire on the platform's clock (docs/api.md, "Unpaid orders expire"): an order
// nobody paid within UNPAID_ORDER_MS gives back what it held (its coupon, its purchase-limit count
// and the one-unpaid-order slot of its goods and character), and its checkout link then says it
// expired. A payment a provider approves later is still honoured (settlement.ts).
import type { Queryable } from "../db.ts";
import type { Platform } from "./platform.ts";

/** How long an order may stay unpaid: 30 minutes. */
export const UNPAID_ORDER_MS = 30 * 60_000;

/** When an order made at `now` expires; a prepaid-card exchange (completed by the platform itself) never does. */
export const expiryOf = (now: Date, expires: boolean): Date | null => (expires ? new Date(now.getTime() + UNPAID_ORDER_MS) : null);

/** Which unpaid orders to look at: those of one goods for a character (or an account), or all that are due. */
export type ExpiryScope = { gpId: number; productId: string; roleId: string; userId: string } | "due";

/**
 * Expires the unpaid orders of `scope` whose time is up, and gives their coupons back, in one
 * statement (atomic without a transaction: of two processes expiring one order, one does). Returns
 * the billing numbers expired. The sweep runs it for every due order; a new order first runs it for
 * its own goods and character, so a player never meets an order that should be gone.
 */
export async function expireUnpaid(db: Queryable, platform: Platform, scope: ExpiryScope): Promise<string[]> {
  const now = platform.now();
  const own =
    scope === "due"
      ? { sql: "", params: [] as unknown[] }
      : {
          sql: "AND gp_id = $2 AND product_id = $3 AND (role_id = $4 OR user_id = $5::bigint)",
          params: [scope.gpId, scope.productId, scope.roleId, scope.userId],
        };
  const rows = await db.query<{ billing_no: string }>(
    `WITH expired AS (
       UPDATE orders SET status = -2, expired_at = $1
        WHERE billing_no IN (SELECT billing_no FROM orders WHERE status = -1 AND expires_at <= $1 ${own.sql} ORDER BY expires_at LIMIT 500)
          AND status = -1
        RETURNING billing_no),
     freed AS (
       UPDATE coupons SET used_billing_no = NULL, used_at = NULL WHERE used_billing_no IN (SELECT billing_no FROM expired))
     SELECT billing_no FROM expired`,
    [now, ...own.params],
  );
  for (const { billing_no } of rows) platform.caches.orderAccess.delete(billing_no);
  return rows.map((r) => r.billing_no);
}
