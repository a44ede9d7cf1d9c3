// Reading orders: one order's status and details (polling), the account's order list, partner gifts.
import type { OrderInfo } from "../../core/generated/api-types.ts";
import { growthPoints } from "../../core/money/money.ts";
import { CARD_PAYWAY_ID, methodById } from "../../core/payments/methods.ts";
import { E, fail } from "./errors.ts";
import { gameOf } from "./games.ts";
import { orderAccess } from "./order-access.ts";
import type { Answer, Caller, Params, Platform } from "./platform.ts";
import { requireUser } from "./sessions.ts";
import { recordDeliveries, settleDueCardOrders } from "./settlement.ts";
import { unixSeconds } from "./time.ts";

interface OrderRow {
  billing_no: string;
  user_id: string | null;
  payer_user_id: string | null;
  gp_id: number;
  server_id: string;
  role_id: string;
  product_id: string;
  product_name: string;
  amount: string;
  original_amount: string;
  currency: string;
  payway_id: number;
  status: number;
  pay_url: string | null;
  points: number;
  gems: number | null;
  replenish_id: string | null;
  created_at: string;
  paid_at: string | null;
  delivered_at: string | null;
  username: string | null;
  role_name: string | null;
}

const ORDER_SELECT = `SELECT o.billing_no, o.user_id::text, o.payer_user_id::text, o.gp_id, o.server_id, o.role_id, o.product_id, o.product_name,
       o.amount::text, o.original_amount::text, o.currency, o.payway_id, o.status, o.pay_url, o.points, o.gems, o.replenish_id,
       o.created_at, o.paid_at, o.delivered_at, a.username, r.role_name
  FROM orders o LEFT JOIN accounts a ON a.user_id = o.user_id LEFT JOIN roles r ON r.gp_id = o.gp_id AND r.role_id = o.role_id`;

function orderView(platform: Platform, row: OrderRow): OrderInfo {
  const game = platform.catalog.byGpId.get(row.gp_id);
  const method = methodById.get(row.payway_id);
  const amount = Number(row.amount);
  const original = Number(row.original_amount);
  return {
    status: row.status as OrderInfo["status"],
    billing_no: row.billing_no,
    user_name: row.username ?? "",
    game_name: game?.name ?? "",
    game_server_name: game?.servers.find((s) => s.serverId === row.server_id)?.name ?? row.server_id,
    role_name: row.role_name ?? row.role_id,
    product_name: row.product_name,
    product_id: row.product_id,
    amount,
    ...(original > amount ? { discount_amount: Math.round((original - amount) * 100) / 100 } : {}),
    currency: row.currency,
    payway_name: method?.name ?? String(row.payway_id),
    ...(row.pay_url && row.status === -1 ? { pay_url: row.pay_url } : {}),
    created_at: unixSeconds(row.created_at),
    ...(row.paid_at ? { paid_at: unixSeconds(row.paid_at) } : {}),
    ...(row.delivered_at ? { delivered_at: unixSeconds(row.delivered_at) } : {}),
    points: row.points,
    ...(row.gems !== null ? { gems_number: row.gems } : {}),
    ...(row.replenish_id ? { replenish_id: row.replenish_id } : {}),
  };
}

/** An order's status (simple=1) or details, for the buyer, the payer of a make-up link, or anyone holding a make-up order's number. */
export async function orderInfo(platform: Platform, params: Params<"orderInfo">, caller: Caller): Answer<"orderInfo"> {
  const { db, caches } = platform;
  let order = await orderAccess(db, caches.orderAccess, params.billing_no);
  if (!order) fail(E.notFound, "order not found");
  if (!order.replenish_id) {
    if (!caller.user) fail(E.notLoggedIn);
    if (caller.user.user_id !== order.user_id && caller.user.user_id !== order.payer_user_id) fail(E.forbidden);
  }
  if (order.status === -1 && order.payway_id === CARD_PAYWAY_ID) {
    await settleDueCardOrders(platform, params.billing_no);
    order = (await orderAccess(db, caches.orderAccess, params.billing_no)) ?? order;
  }
  if (params.simple === 1) return { status: order.status as OrderInfo["status"], billing_no: params.billing_no };
  if (order.status === 1) await recordDeliveries(platform, { billingNo: params.billing_no });
  const [row] = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.billing_no = $1`, [params.billing_no]);
  if (!row) fail(E.notFound, "order not found");
  return orderView(platform, row);
}

export async function orderList(platform: Platform, params: Params<"orderList">, caller: Caller): Answer<"orderList"> {
  const game = gameOf(platform, params.client_id);
  const user = requireUser(caller.user, game);
  const page = params.page ?? 1;
  const size = 20;
  await recordDeliveries(platform, { userId: user.user_id });
  const rows = await platform.db.query<OrderRow>(
    `${ORDER_SELECT} WHERE o.user_id = $1 AND o.gp_id = $2 ORDER BY o.created_at DESC, o.billing_no LIMIT $3 OFFSET $4`,
    [user.user_id, game.gpId, size + 1, (page - 1) * size],
  );
  return { orders: rows.slice(0, size).map((r) => orderView(platform, r)), page, has_more: rows.length > size };
}

/** A partner's gift for a large paid order. */
export async function thirdGift(platform: Platform, params: Params<"thirdGift">, caller: Caller): Answer<"thirdGift"> {
  const game = gameOf(platform, params.client_id);
  const user = requireUser(caller.user, game);
  const [row] = await platform.db.query<{ amount: string; currency: string; status: number }>(
    "SELECT amount::text, currency, status FROM orders WHERE billing_no = $1 AND user_id = $2",
    [params.billing_no, user.user_id],
  );
  if (!row) fail(E.notFound, "order not found");
  const qualifies = row.status === 1 && growthPoints(Number(row.amount), row.currency) >= 999;
  return {
    gifts: qualifies ? [{ name: "Partner gift: 7-day premium music trial", code: `GIFT-${params.billing_no.slice(-8)}` }] : [],
  };
}
