// What the result tells the player about an order, read from the order's own state (status, paid_at,
// delivered_at and its history): what happened, whether money was taken, where the goods are, and
// whether a receipt exists. Pure, so each state's words are tested apart from the screen.
import type { OrderInfo } from "../../../core/browser/generated/api-types.ts";
import { type ResultView, viewOf } from "./polling.ts";

export type Outcome =
  | { view: "pending" }
  /** declined: the provider said no; unfinished: the order ended without a payment (closed, expired). */
  | { view: "fail"; cause: "declined" | "unfinished"; charged: boolean }
  | { view: "success"; delivered: boolean };

type OrderState = Pick<OrderInfo, "status" | "paid_at" | "delivered_at" | "history">;

export function outcomeOf(order: OrderState): Outcome {
  const view: ResultView = viewOf(order.status);
  const history = order.history ?? [];
  if (view === "success") return { view, delivered: order.delivered_at !== undefined || history.some((e) => e.event === "delivered") };
  if (view === "fail") {
    const declined = history.some((e) => (e.event === "notified" || e.event === "notification_repeated") && e.outcome === "declined");
    // Money taken on an order that still failed (a payment recorded, then reversed by the platform)
    // is the one case where "you were not charged" would be false.
    const charged = order.paid_at !== undefined || history.some((e) => e.event === "paid");
    return { view, cause: declined ? "declined" : "unfinished", charged };
  }
  return { view: "pending" };
}

type LeadWord = "finishPaying" | "confirming" | "delivered" | "onTheWay" | "charged" | "declined" | "unfinished";

/** The headline: the order's state in two or three words. */
export function headlineOf(outcome: Outcome): "result.pending" | "result.success" | "result.fail" {
  return outcome.view === "pending" ? "result.pending" : outcome.view === "success" ? "result.success" : "result.fail";
}

/**
 * The sentence under the headline: pending, the one next step (finish paying in the window, or wait
 * for a payment without one, a card's); fail, what happened and whether money was taken; success,
 * where the goods are.
 */
export function leadOf(outcome: Outcome, payLink: boolean): `result.outcome.${LeadWord}` {
  if (outcome.view === "pending") return payLink ? "result.outcome.finishPaying" : "result.outcome.confirming";
  if (outcome.view === "success") return outcome.delivered ? "result.outcome.delivered" : "result.outcome.onTheWay";
  if (outcome.charged) return "result.outcome.charged";
  return outcome.cause === "declined" ? "result.outcome.declined" : "result.outcome.unfinished";
}

/** A receipt is proof of a payment: only paid orders have one. */
export const hasReceipt = (outcome: Outcome) => outcome.view === "success";

/**
 * The brand's support contact with the order's billing number filled in, so the player need not copy
 * it: a `billing_no` query parameter on a help-centre page, or the subject and body of an e-mail.
 */
export function supportLink(url: string, billingNo: string, mailBody: string): string {
  if (url.startsWith("mailto:")) {
    const [address = "", query = ""] = url.slice("mailto:".length).split("?");
    const params = new URLSearchParams(query);
    if (!params.has("subject")) params.set("subject", billingNo);
    params.set("body", `${params.get("body") ? `${params.get("body")}\n` : ""}${mailBody}`);
    // mailto wants %20 for spaces: URLSearchParams writes '+', which mail clients show literally.
    return `mailto:${address}?${params.toString().replace(/\+/g, "%20")}`;
  }
  const link = new URL(url);
  link.searchParams.set("billing_no", billingNo);
  return link.toString();
}
