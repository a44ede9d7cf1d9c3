// How My page names an order's state: paid and delivered are told apart (the platform records the
// game's delivery separately from the payment).
import type { OrderInfo } from "../../../core/browser/generated/api-types.ts";

export type OrderState = "pending" | "failed" | "paid" | "delivered";

export function orderState(order: Pick<OrderInfo, "status" | "delivered_at">): OrderState {
  if (order.status === 1) return order.delivered_at ? "delivered" : "paid";
  if (order.status === -2) return "failed";
  return "pending";
}
