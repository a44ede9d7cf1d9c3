// Follows one order after payment: its details at the first check (what the pending result shows),
// then the simple check on the polling schedule while pending, the full details once it is paid or
// failed, and those again until a paid order's goods are delivered (docs/decisions.md, "Purchase
// journey": polling, and "Loyalty": paid is not delivered).
import { useQueryClient } from "@tanstack/react-query";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { OrderInfo } from "../../../core/browser/generated/api-types.ts";
import { settledOrderKeys } from "../../shared/api/query-keys.ts";
import { useApi, useClientId, useErrorHandler } from "../../shared/services.ts";
import { nextPollDelay, type ResultView, viewOf } from "./polling.ts";

/** While a paid order's goods are not yet delivered, its details are read again this often, this long. */
export const DELIVERY_POLL = { everyMs: 5_000, forMs: 3 * 60_000 } as const;

export interface OrderResult {
  view: ResultView;
  /** The order's details once read (the first check), kept while the simple checks run. */
  order: OrderInfo | undefined;
  /** Polling ran its 15 minutes without an answer. */
  stopped: boolean;
  /** The player's own check: running, or answered still pending. */
  asked: "no" | "checking" | "still-pending";
  recheck: () => void;
}

/** The polling's bookkeeping, in a ref: kept across renders, and changing it redraws nothing. */
interface PollState {
  timer: ReturnType<typeof setTimeout> | undefined;
  checks: number;
  started: number;
  done: boolean;
  /** One check at a time: a re-check while one is out must not start a second chain of timers. */
  inFlight: boolean;
  /** False once the result closes: an answer arriving after that schedules nothing more. */
  live: boolean;
  /**
   * The player asked: the next answer is reported to them ('still pending'). Asked while a check is
   * out, which may have left before they paid, another check follows it at once and answers them.
   */
  wanted: boolean;
  again: boolean;
}

const newPollState = (): PollState => ({
  timer: undefined,
  checks: 0,
  started: Date.now(),
  done: false,
  inFlight: false,
  live: false,
  wanted: false,
  again: false,
});

export function useOrderResult(billingNo: string, active: boolean): OrderResult {
  const api = useApi();
  const clientId = useClientId();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<OrderInfo | undefined>(undefined);
  const [view, setView] = useState<ResultView>("pending");
  const [stopped, setStopped] = useState(false);
  const [asked, setAsked] = useState<OrderResult["asked"]>("no");
  const poll = useRef(newPollState());

  const details = useCallback(() => api.call("orderInfo", { billing_no: billingNo, client_id: clientId }), [api, billingNo, clientId]);

  const followDelivery = useFollowDelivery(details, setOrder, poll);

  const check = useCallback(
    async (manual = false) => {
      if (manual) {
        poll.current.wanted = true;
        setAsked("checking");
      }
      if (poll.current.inFlight) {
        if (manual) poll.current.again = true;
        return;
      }
      poll.current.inFlight = true;
      clearTimeout(poll.current.timer);
      let answer: "pending" | "settled" | "error" = "pending";
      try {
        // The first check reads the details (goods, amount, method) the pending result shows; the
        // others only the status, until it changes.
        const first = poll.current.checks === 0;
        const read = first ? await details() : await api.call("orderInfo", { billing_no: billingNo, simple: 1, client_id: clientId });
        poll.current.checks++;
        if (first) setOrder(read);
        if (viewOf(read.status) !== "pending") {
          const full = first ? read : await details();
          answer = "settled";
          poll.current.done = true;
          setOrder(full);
          setView(viewOf(full.status));
          // Limits, VIP points, coupons, event progress and the order history follow a settled order.
          for (const queryKey of settledOrderKeys()) void queryClient.invalidateQueries({ queryKey });
          if (viewOf(full.status) === "success" && full.delivered_at === undefined) followDelivery(Date.now());
          return;
        }
      } catch (err) {
        answer = "error";
        poll.current.checks++;
        handleError(err);
      } finally {
        poll.current.inFlight = false;
        if (poll.current.wanted && !(poll.current.again && answer === "pending")) {
          poll.current.wanted = false;
          setAsked(answer === "pending" ? "still-pending" : "no");
        }
      }
      if (poll.current.done || !poll.current.live) return;
      if (poll.current.again) {
        poll.current.again = false;
        void check();
        return;
      }
      const delay = nextPollDelay(poll.current.checks, Date.now() - poll.current.started);
      if (delay === null) setStopped(true);
      else poll.current.timer = setTimeout(() => void check(), delay);
    },
    [api, billingNo, clientId, details, followDelivery, handleError, queryClient],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart only for another order.
  useEffect(() => {
    if (!active) return;
    poll.current.live = true;
    poll.current.checks = 0;
    poll.current.started = Date.now();
    poll.current.done = false;
    setStopped(false);
    setAsked("no");
    poll.current.wanted = false;
    poll.current.again = false;
    setView("pending");
    setOrder(undefined);
    const delay = nextPollDelay(0, 0) ?? 1000;
    poll.current.timer = setTimeout(() => void check(), delay);
    return () => {
      poll.current.live = false;
      clearTimeout(poll.current.timer);
    };
  }, [billingNo, active]);

  const recheck = useCallback(() => {
    if (poll.current.done) return;
    setStopped(false);
    void check(true);
  }, [check]);

  return { view, order, stopped, asked, recheck };
}

/**
 * Paid, not yet delivered: the details are read again until the game confirms, for a while. Its
 * timer is the polling's own, so closing the result stops it too.
 */
function useFollowDelivery(
  details: () => Promise<OrderInfo>,
  setOrder: (order: OrderInfo) => void,
  poll: RefObject<PollState>,
): (paidSeenAt: number) => void {
  const followDelivery = useCallback(
    (paidSeenAt: number) => {
      poll.current.timer = setTimeout(async () => {
        try {
          const full = await details();
          setOrder(full);
          if (full.delivered_at !== undefined || Date.now() - paidSeenAt >= DELIVERY_POLL.forMs) return;
        } catch {
          // The paid result already stands; a missed delivery check is not worth a message.
        }
        if (poll.current.live) followDelivery(paidSeenAt);
      }, DELIVERY_POLL.everyMs);
    },
    [details, setOrder, poll],
  );
  return followDelivery;
}
