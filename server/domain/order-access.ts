// Who may read an order, and its status: what polling asks for, remembered per platform where safe.
import type { Db } from "../db.ts";
import { BoundedCache } from "./bounded-cache.ts";

export interface OrderAccess {
  status: number;
  user_id: string | null;
  payer_user_id: string | null;
  replenish_id: string | null;
  payway_id: number;
}

/**
 * With the embedded PGlite this process is the only writer, so answers are kept in memory and
 * dropped whenever an order is settled (settlement.ts); with PostgreSQL other processes write
 * too, so every poll reads the table.
 */
export type OrderAccessCache = BoundedCache<string, OrderAccess>;

export const newOrderAccessCache = (): OrderAccessCache => new BoundedCache(100_000);

export async function orderAccess(db: Db, cache: OrderAccessCache, billingNo: string): Promise<OrderAccess | undefined> {
  const cacheable = db.kind === "pglite";
  const hit = cacheable ? cache.get(billingNo) : undefined;
  if (hit) return hit;
  const [row] = await db.query<OrderAccess>(
    "SELECT status, user_id::text, payer_user_id::text, replenish_id, payway_id FROM orders WHERE billing_no = $1",
    [billingNo],
  );
  if (row && cacheable) cache.set(billingNo, row);
  return row;
}
