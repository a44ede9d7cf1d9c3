// The platform's side of a sandbox checkout: links signed per order, the order a checkout page
// shows, and the providers' notifications, verified, stored once, and applied only when they
// report the order's own amount and currency.
import { CURRENCIES } from "../../core/node/money/currencies.ts";
import { fromWire } from "../catalog/money.ts";
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
  brand_id: string;
  /** Minor units of `currency`. */
  amount_minor: number;
  currency: string;
  payway_id: number;
  product_name: string;
  status: number;
  /** When it expires unpaid; null for an exchange the platform completes itself. */
  expires_at: string | null;
  /** When it expired unpaid (expiry.ts). */
  expired_at: string | null;
  request_meta: { return_url?: string | null };
}

/** Whether the order can no longer be paid on its checkout page: it expired, or its time is up (the sweep not yet by). */
export const checkoutExpired = (order: CheckoutOrder, now: Date) =>
  order.status !== 1 &&
  (order.expired_at !== null || (order.status === -1 && order.expires_at !== null && new Date(order.expires_at) <= now));

export async function checkoutOrder(db: Db, billingNo: string): Promise<CheckoutOrder | undefined> {
  // bigint comes back as text (an int4 cast would overflow past 2^31 minor units); a number is exact to 2^53.
  const [order] = await db.query<Omit<CheckoutOrder, "amount_minor"> & { amount_minor: string }>(
    `SELECT billing_no, brand_id, amount_minor::text AS amount_minor, currency, payway_id, product_name, status, expires_at, expired_at, request_meta
       FROM orders WHERE billing_no = $1`,
    [billingNo],
  );
  return order && { ...order, amount_minor: Number(order.amount_minor) };
}

export interface Notification {
  eventId: string;
  billingNo: string;
  outcome: Outcome;
  provider: string;
  /** What the provider says was paid, as it sent it (the wire's decimal). */
  amount: unknown;
  currency: unknown;
  /** The body as received, stored as the provider sent it. */
  raw: string;
}

/** What became of a notification. */
export type NotificationResult =
  | { state: "applied" }
  /** Seen before, or for an order already settled: nothing changed. */
  | { state: "repeated" }
  /** Not for an order of this platform: not stored. */
  | { state: "unknown-order" }
  /** Its amount or currency is not the order's: stored with the reason, nothing changed. */
  | { state: "refused"; reason: string };

/**
 * Stores a notification (of an existing order) and settles the order, in one transaction; a
 * notification seen before changes nothing, and one whose amount or currency differs from the
 * order's is kept (the order's history shows it) but changes nothing.
 */
export async function applyNotification(platform: Platform, note: Notification): Promise<NotificationResult> {
  const result = await platform.db.transaction(async (tx): Promise<NotificationResult> => {
    const [order] = await tx.query<{ amount_minor: string; currency: string }>(
      "SELECT amount_minor::text, currency FROM orders WHERE billing_no = $1",
      [note.billingNo],
    );
    if (!order) return { state: "unknown-order" };
    const currency = typeof note.currency === "string" ? note.currency.slice(0, 16) : null;
    // What it reports is kept in the reported currency's minor units, when that is an ISO 4217 currency.
    const amount = currency && CURRENCIES[currency] ? fromWire(note.amount, currency) : undefined;
    const reason =
      currency !== order.currency
        ? `currency ${currency ?? "missing"} is not the order's ${order.currency}`
        : amount === undefined
          ? `amount ${JSON.stringify(note.amount ?? null).slice(0, 40)} is not an amount of ${order.currency}`
          : amount !== Number(order.amount_minor)
            ? `amount ${String(note.amount)} is not the order's`
            : null;
    const stored = await tx.query(
      `INSERT INTO payment_notifications (event_id, billing_no, provider, outcome, payload, amount_minor, currency, refused, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      [note.eventId, note.billingNo, note.provider, note.outcome, note.raw, amount ?? null, currency, reason, platform.now()],
    );
    if (stored.length === 0) return { state: "repeated" };
    if (reason) return { state: "refused", reason };
    const changed = await settleOrder(tx, platform, note.billingNo, note.outcome);
    await tx.query("UPDATE payment_notifications SET applied = $2 WHERE event_id = $1", [note.eventId, changed]);
    return changed ? { state: "applied" } : { state: "repeated" };
  });
  // Again after the commit: a poll that read the old status meanwhile must not keep it.
  platform.caches.orderAccess.delete(note.billingNo);
  return result;
}
