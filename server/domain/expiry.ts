// Unpaid orders expire on the platform's clock (docs/api.md, "Unpaid orders expire"): an order
// nobody paid in its time (UNPAID_ORDER_MS; a bank payment's UNPAID_BANK_ORDER_MS) gives back what it held (its coupon, its purchase-limit count
// and the one-unpaid-order slot of its goods and character), and its checkout link then says it
// expired. A payment a provider approves later is still honoured (settlement.ts).
import type { PaymentKind } from "../../core/browser/payments/display.ts";
import type { Platform } from "./platform.ts";

/** How long an order may stay unpaid: 30 minutes, the time a checkout page is open for. */
export const UNPAID_ORDER_MS = 30 * 60_000;
/** A bank payment (a transfer, a bank slip) is made away from the checkout and arrives in hours: 24 hours. */
export const UNPAID_BANK_ORDER_MS = 24 * 3600_000;

/**
 * When an order made at `now` with a method of `kind` expires; undefined `kind`: an exchange the
 * platform completes itself (a prepaid card), which never does.
 */
export const expiryOf = (now: Date, kind: PaymentKind | undefined): Date | null =>
  kind === undefined ? null : new Date(now.getTime() + (kind === "bank" ? UNPAID_BANK_ORDER_MS : UNPAID_ORDER_MS));

/** Which unpaid orders to look at: those of one goods for a character (or an account), or all that are due. */
export type ExpiryScope = { gpId: number; productId: string; roleId: string; userId: string } | "due";

/**
 * Expires the unpaid orders of `scope` whose time is up, and gives their coupons back, in one
 * statement (atomic without a transaction: of two processes expiring one order, one does). Returns
 * the billing numbers expired. The sweep runs it for every due order; a new order first runs it for
 * its own goods and character, so a player never meets an order that should be gone.
 */
export async function expireUnpaid(platform: Platform, scope: ExpiryScope): Promise<string[]> {
  const now = platform.now();
  // Two processes sweeping at once each take the due orders the other has not locked.
  const skip = scope === "due" && platform.db.kind === "postgres" ? "FOR UPDATE SKIP LOCKED" : "";
  const own =
    scope === "due"
      ? { sql: "", params: [] as unknown[] }
      : {
          sql: "AND gp_id = $2 AND product_id = $3 AND (role_id = $4 OR user_id = $5::bigint)",
          params: [scope.gpId, scope.productId, scope.roleId, scope.userId],
        };
  const rows = await platform.db.query<{ billing_no: string }>(
    `WITH expired AS (
       UPDATE orders SET status = -2, expired_at = $1
        WHERE billing_no IN (SELECT billing_no FROM orders WHERE status = -1 AND expires_at <= $1 ${own.sql} ORDER BY expires_at LIMIT 500 ${skip})
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
