// What the result says for each order state (paid, delivered, declined, unfinished, charged yet
// failed, pending, Repeat), the support link with the billing number, and the card confirm's line.
import { describe, expect, it } from "vitest";
import type { OrderInfo } from "../core/browser/generated/api-types.ts";
import { cardGemsLine } from "../runtime/features/recharge/card-confirm.ts";
import { hasReceipt, headlineOf, leadOf, outcomeOf, supportLink } from "../runtime/features/result/outcome.ts";

const order = (over: Partial<OrderInfo>): OrderInfo => ({ billing_no: "B1", status: -1, ...over });
const T0 = 1_780_000_000;

describe("the result of an order", () => {
  it("pending and Repeat: the next step is the pay window when there is one, else waiting", () => {
    for (const status of [-1, 10] as const) {
      const outcome = outcomeOf(order({ status }));
      expect(outcome).toEqual({ view: "pending" });
      expect(headlineOf(outcome)).toBe("result.pending");
      expect(leadOf(outcome, true)).toBe("result.outcome.finishPaying");
      expect(leadOf(outcome, false)).toBe("result.outcome.confirming");
      expect(hasReceipt(outcome)).toBe(false);
    }
  });

  it("declined by the provider: says so, and that nothing was charged", () => {
    const outcome = outcomeOf(
      order({
        status: -2,
        history: [
          { time: T0, event: "created" },
          { time: T0 + 5, event: "notified", outcome: "declined" },
          { time: T0 + 5, event: "failed" },
        ],
      }),
    );
    expect(outcome).toEqual({ view: "fail", cause: "declined", charged: false });
    expect(headlineOf(outcome)).toBe("result.fail");
    expect(leadOf(outcome, true)).toBe("result.outcome.declined");
    expect(hasReceipt(outcome)).toBe(false);
  });

  it("failed without a provider's word (closed, expired): not completed, nothing charged", () => {
    const outcome = outcomeOf(
      order({
        status: -2,
        history: [
          { time: T0, event: "created" },
          { time: T0 + 900, event: "failed" },
        ],
      }),
    );
    expect(outcome).toEqual({ view: "fail", cause: "unfinished", charged: false });
    expect(leadOf(outcome, false)).toBe("result.outcome.unfinished");
    // Approved notifications refused for a wrong amount changed nothing: still not charged.
    const refused = outcomeOf(order({ status: -2, history: [{ time: T0, event: "notification_refused", outcome: "approved" }] }));
    expect(refused).toEqual({ view: "fail", cause: "unfinished", charged: false });
  });

  it("failed after money was recorded: never 'not charged', support comes first", () => {
    for (const failed of [
      order({ status: -2, paid_at: T0 }),
      order({
        status: -2,
        history: [
          { time: T0, event: "paid" },
          { time: T0 + 1, event: "failed" },
        ],
      }),
    ]) {
      const outcome = outcomeOf(failed);
      expect(outcome).toMatchObject({ view: "fail", charged: true });
      expect(leadOf(outcome, false)).toBe("result.outcome.charged");
    }
  });

  it("paid: on its way until the game confirms, then delivered; a receipt either way", () => {
    const paid = outcomeOf(order({ status: 1, paid_at: T0 }));
    expect(paid).toEqual({ view: "success", delivered: false });
    expect(headlineOf(paid)).toBe("result.success");
    expect(leadOf(paid, false)).toBe("result.outcome.onTheWay");
    expect(hasReceipt(paid)).toBe(true);
    for (const delivered of [
      order({ status: 1, paid_at: T0, delivered_at: T0 + 8 }),
      order({ status: 1, paid_at: T0, history: [{ time: T0 + 8, event: "delivered" }] }),
    ]) {
      const outcome = outcomeOf(delivered);
      expect(outcome).toEqual({ view: "success", delivered: true });
      expect(leadOf(outcome, true)).toBe("result.outcome.delivered");
    }
  });
});

describe("the support link carries the billing number", () => {
  it("as a query parameter of a help-centre page, keeping its own", () => {
    expect(supportLink("https://help.aurora.example/contact", "B-42", "Billing number: B-42")).toBe(
      "https://help.aurora.example/contact?billing_no=B-42",
    );
    expect(supportLink("https://help.example/c?lang=ja#form", "B 1&2", "x")).toBe("https://help.example/c?lang=ja&billing_no=B+1%262#form");
  });

  it("as the subject and body of an e-mail, spaces as %20", () => {
    expect(supportLink("mailto:service@jade.example", "B-42", "Billing number: B-42")).toBe(
      "mailto:service@jade.example?subject=B-42&body=Billing%20number%3A%20B-42",
    );
    // A subject the brand set stays; its body is kept before ours.
    expect(supportLink("mailto:s@x.example?subject=Help&body=Hi", "B-42", "No. B-42")).toBe(
      "mailto:s@x.example?subject=Help&body=Hi%0ANo.%20B-42",
    );
  });
});

describe("the card confirm's second line", () => {
  it("names gems and a bonus only when each is non-zero, and is absent when both are zero", () => {
    expect(cardGemsLine(430, 43)).toEqual({ key: "card.confirmGems", values: { count: 430, extra: 43 } });
    expect(cardGemsLine(430, 0)).toEqual({ key: "card.confirmGemsOnly", values: { count: 430, extra: 0 } });
    expect(cardGemsLine(0, 43)).toEqual({ key: "card.confirmGemsOnly", values: { count: 43, extra: 0 } });
    expect(cardGemsLine(0, 0)).toBeNull();
  });
});
