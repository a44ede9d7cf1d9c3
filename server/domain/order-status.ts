// Reading orders: one order's status and details (polling), the account's order list, partner gifts.
import type { OrderEvent, OrderInfo } from "../../core/browser/generated/api-types.ts";
import { englishName, methodById } from "../../core/node/payments/methods.ts";
import { toWire } from "../catalog/money.ts";
import { type Texts, textId, textsFor } from "../catalog/texts.ts";
import { checkoutUrl } from "./checkout.ts";
import { CODE, fail } from "./errors.ts";
import { gameOf, goodsName } from "./games.ts";
import { orderAccess } from "./order-access.ts";
import type { Answer, Caller, Params, Platform } from "./platform.ts";
import { requireUser } from "./sessions.ts";
import { deliveredAt } from "./settlement.ts";
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
  amount_minor: string;
  original_amount_minor: string;
  currency: string;
  payway_id: number;
  status: number;
  pay_url: string | null;
  points: number;
  gems: number | null;
  replenish_id: string | null;
  created_at: string;
  paid_at: string | null;
  failed_at: string | null;
  expires_at: string | null;
  expired_at: string | null;
  username: string | null;
  role_name: string | null;
}

const ORDER_SELECT = `SELECT o.billing_no, o.user_id::text, o.payer_user_id::text, o.gp_id, o.server_id, o.role_id, o.product_id, o.product_name,
       o.amount_minor::text, o.original_amount_minor::text, o.currency, o.payway_id, o.status, o.pay_url, o.points, o.gems, o.replenish_id,
       o.created_at, o.paid_at, o.failed_at, o.expires_at, o.expired_at, a.username, r.role_name
  FROM orders o LEFT JOIN accounts a ON a.user_id = o.user_id LEFT JOIN roles r ON r.gp_id = o.gp_id AND r.role_id = o.role_id`;

/**
 * An order as the caller sees it. An unpaid order's pay link is made for the caller's own host (the
 * link is the same signed checkout page on any of the platform's hosts), never the one stored for
 * whoever made the order.
 */
function orderView(platform: Platform, row: OrderRow, texts: Texts, origin: string, history?: OrderEvent[]): OrderInfo {
  const game = platform.catalog.byGpId.get(row.gp_id);
  // The goods' name in the caller's language; a card exchange's (not a catalogue goods) as stored.
  const goods = game?.goods.find((g) => g.productId === row.product_id);
  const method = methodById.get(row.payway_id);
  const amount = Number(row.amount_minor);
  const original = Number(row.original_amount_minor);
  const delivered = deliveredAt(platform, row.paid_at);
  return {
    status: row.status as OrderInfo["status"],
    billing_no: row.billing_no,
    user_name: row.username ?? "",
    game_name: game?.name ?? "",
    game_server_name: game?.servers.find((s) => s.serverId === row.server_id)?.name ?? row.server_id,
    role_name: row.role_name ?? row.role_id,
    product_name: goods ? goodsName(texts, goods) : row.product_name,
    product_id: row.product_id,
    amount: toWire(amount, row.currency),
    ...(original > amount ? { discount_amount: toWire(original - amount, row.currency) } : {}),
    currency: row.currency,
    payway_id: row.payway_id,
    payway_name: method ? englishName(method) : String(row.payway_id),
    ...(row.pay_url && row.status === -1 ? { pay_url: checkoutUrl(platform.secret, origin, row.billing_no) } : {}),
    created_at: unixSeconds(row.created_at),
    ...(row.paid_at ? { paid_at: unixSeconds(row.paid_at) } : {}),
    ...(delivered ? { delivered_at: unixSeconds(delivered) } : {}),
    ...(row.status === -1 && row.expires_at ? { expires_at: unixSeconds(row.expires_at) } : {}),
    ...(row.expired_at ? { expired_at: unixSeconds(row.expired_at) } : {}),
    points: row.points,
    ...(row.gems !== null ? { gems_number: row.gems } : {}),
    ...(row.replenish_id ? { replenish_id: row.replenish_id } : {}),
    ...(history ? { history } : {}),
  };
}

interface NotificationRow {
  received_at: string;
  outcome: "approved" | "declined";
  amount_minor: string | null;
  currency: string | null;
  refused: string | null;
  applied: boolean;
}

/** The order's history: created, each notification (applied, repeated or refused), paid or failed, delivered. */
async function historyOf(platform: Platform, row: OrderRow): Promise<OrderEvent[]> {
  const notes = await platform.db.query<NotificationRow>(
    `SELECT received_at, outcome, amount_minor::text, currency, refused, applied FROM payment_notifications
      WHERE billing_no = $1 ORDER BY received_at, event_id LIMIT 50`,
    [row.billing_no],
  );
  const events: OrderEvent[] = [{ time: unixSeconds(row.created_at), event: "created" }];
  for (const note of notes) {
    events.push({
      time: unixSeconds(note.received_at),
      event: note.refused ? "notification_refused" : note.applied ? "notified" : "notification_repeated",
      outcome: note.outcome,
      ...(note.amount_minor !== null && note.currency ? { amount: toWire(Number(note.amount_minor), note.currency) } : {}),
      ...(note.currency ? { currency: note.currency } : {}),
      ...(note.refused ? { reason: note.refused } : {}),
    });
  }
  if (row.expired_at) events.push({ time: unixSeconds(row.expired_at), event: "expired" });
  if (row.paid_at) events.push({ time: unixSeconds(row.paid_at), event: "paid" });
  if (row.failed_at) events.push({ time: unixSeconds(row.failed_at), event: "failed" });
  const delivered = deliveredAt(platform, row.paid_at);
  if (delivered) events.push({ time: unixSeconds(delivered), event: "delivered" });
  return events.sort((a, b) => a.time - b.time);
}

/** An order's status (simple=1) or details, for the buyer, the payer of a make-up link, or anyone holding a make-up order's number. */
export async function orderInfo(platform: Platform, params: Params<"orderInfo">, caller: Caller): Answer<"orderInfo"> {
  const { db, caches } = platform;
  const order = await orderAccess(db, caches.orderAccess, params.billing_no);
  if (!order) fail(CODE.notFound, "order not found");
  if (!order.replenish_id) {
    if (!caller.user) fail(CODE.notLoggedIn);
    if (caller.user.user_id !== order.user_id && caller.user.user_id !== order.payer_user_id) fail(CODE.forbidden);
  }
  if (params.simple === 1) return { status: order.status as OrderInfo["status"], billing_no: params.billing_no };
  const [row] = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.billing_no = $1`, [params.billing_no]);
  if (!row) fail(CODE.notFound, "order not found");
  return orderView(platform, row, textsFor(platform.catalog.translations, params.spec_lang), caller.origin, await historyOf(platform, row));
}

export async function orderList(platform: Platform, params: Params<"orderList">, caller: Caller): Answer<"orderList"> {
  const game = gameOf(platform, params.client_id);
  const user = requireUser(caller.user, game);
  const page = params.page ?? 1;
  const size = 20;
  const rows = await platform.db.query<OrderRow>(
    `${ORDER_SELECT} WHERE o.user_id = $1 AND o.gp_id = $2 ORDER BY o.created_at DESC, o.billing_no LIMIT $3 OFFSET $4`,
    [user.user_id, game.gpId, size + 1, (page - 1) * size],
  );
  const texts = textsFor(platform.catalog.translations, params.spec_lang);
  return { orders: rows.slice(0, size).map((r) => orderView(platform, r, texts, caller.origin)), page, has_more: rows.length > size };
}

/** A partner's gift for a large paid order. */
export async function thirdGift(platform: Platform, params: Params<"thirdGift">, caller: Caller): Answer<"thirdGift"> {
  const game = gameOf(platform, params.client_id);
  const user = requireUser(caller.user, game);
  const [row] = await platform.db.query<{ amount_minor: string; currency: string; status: number }>(
    "SELECT amount_minor::text, currency, status FROM orders WHERE billing_no = $1 AND user_id = $2",
    [params.billing_no, user.user_id],
  );
  if (!row) fail(CODE.notFound, "order not found");
  const { catalog } = platform;
  const qualifies = row.status === 1 && catalog.money.reachesBase(Number(row.amount_minor), row.currency, 999);
  const name = textsFor(catalog.translations, params.spec_lang).text(textId.partnerGift(), catalog.texts.partnerGift);
  return { gifts: qualifies ? [{ name, code: `GIFT-${params.billing_no.slice(-8)}` }] : [] };
}
