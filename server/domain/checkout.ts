// The platform's side of a sandbox checkout: links signed per order, the order a checkout page
// shows, and the providers' notifications, verified, stored once and applied.
import type { Db } from "../db.ts";
import { hmac, safeEqual } from "./crypto.ts";
import type { Platform } from "./platform.ts";
import { type Outcome, settleOrder } from "./settlement.ts";

export const checkoutUrl = (secret: string, origin: string, billingNo: string) =>
  `${origin}/sandbox/checkout/${billingNo}?sig=${hmac(secret, `checkout:${billingNo}`)}`;

/** Whether a checkout link's signature is this order's: only its pay order's link opens its page. */
export const validCheckoutSignature = (secret: string, billingNo: string, sig: unknown) =>
  typeof sig === "string" && safeEqual(sig, hmac(secret, `checkout:${billingNo}`));

/** A provider's notification is signed with the platform's secret over its exact body. */
export const signNotification = (secret: string, body: string) => hmac(secret, `notify:${body}`);

export interface CheckoutOrder {
  billing_no: string;
  amount: string;
  currency: string;
  payway_id: number;
  product_name: string;
  status: number;
  request_meta: { return_url?: string | null };
}

export async function checkoutOrder(db: Db, billingNo: string): Promise<CheckoutOrder | undefined> {
  const [order] = await db.query<CheckoutOrder>(
    "SELECT billing_no, amount::text, currency, payway_id, product_name, status, request_meta FROM orders WHERE billing_no = $1",
    [billingNo],
  );
  return order;
}

export interface Notification {
  eventId: string;
  billingNo: string;
  outcome: Outcome;
  provider: string;
  /** The body as received, stored as the provider sent it. */
  raw: string;
}

/**
 * Stores a notification (of an existing order) and settles the order, in one transaction; a
 * notification seen before changes nothing. Whether the order's status changed.
 */
export async function applyNotification(platform: Platform, note: Notification): Promise<boolean> {
  const applied = await platform.db.transaction(async (tx) => {
    const stored = await tx.query(
      `INSERT INTO payment_notifications (event_id, billing_no, provider, outcome, payload)
       SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM orders WHERE billing_no = $2)
       ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      [note.eventId, note.billingNo, note.provider, note.outcome, note.raw],
    );
    if (stored.length === 0) return false;
    const changed = await settleOrder(tx, platform, note.billingNo, note.outcome);
    await tx.query("UPDATE payment_notifications SET applied = $2 WHERE event_id = $1", [note.eventId, changed]);
    return changed;
  });
  // Again after the commit: a poll that read the old status meanwhile must not keep it.
  platform.caches.orderAccess.delete(note.billingNo);
  return applied;
}
