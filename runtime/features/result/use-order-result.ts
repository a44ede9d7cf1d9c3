// Follows one order after payment: its details at the first check (what the pending result shows),
// then the simple check on the polling schedule while pending, the full details once it is paid or
// failed, and those again until a paid order's goods are delivered (spec §4, SPEC-NOTES 'Polling').
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
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

export function useOrderResult(billingNo: string, active: boolean): OrderResult {
  const api = useApi();
  const clientId = useClientId();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<OrderInfo | undefined>(undefined);
  const [view, setView] = useState<ResultView>("pending");
  const [stopped, setStopped] = useState(false);
  const [asked, setAsked] = useState<OrderResult["asked"]>("no");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const checks = useRef(0);
  const started = useRef(Date.now());
  const done = useRef(false);
  // One check at a time: a re-check while one is out must not start a second chain of timers.
  const inFlight = useRef(false);
  // False once the result closes: an answer arriving after that schedules nothing more.
  const live = useRef(false);
  // The player asked: the next answer is reported to them ('still pending'). Asked while a check is
  // out, which may have left before they paid, another check follows it at once and answers them.
  const wanted = useRef(false);
  const again = useRef(false);

  const details = useCallback(() => api.call("orderInfo", { billing_no: billingNo, client_id: clientId }), [api, billingNo, clientId]);

  /** Paid, not yet delivered: read again until the game confirms, for a while. */
  const followDelivery = useCallback(
    (paidSeenAt: number) => {
      timer.current = setTimeout(async () => {
        try {
          const full = await details();
          setOrder(full);
          if (full.delivered_at !== undefined || Date.now() - paidSeenAt >= DELIVERY_POLL.forMs) return;
        } catch {
          // The paid result already stands; a missed delivery check is not worth a message.
        }
        if (live.current) followDelivery(paidSeenAt);
      }, DELIVERY_POLL.everyMs);
    },
    [details],
  );

  const check = useCallback(
    async (manual = false) => {
      if (manual) {
        wanted.current = true;
        setAsked("checking");
      }
      if (inFlight.current) {
        if (manual) again.current = true;
        return;
      }
      inFlight.current = true;
      clearTimeout(timer.current);
      let answer: "pending" | "settled" | "error" = "pending";
      try {
        // The first check reads the details (goods, amount, method) the pending result shows; the
        // others only the status, until it changes.
        const first = checks.current === 0;
        const read = first ? await details() : await api.call("orderInfo", { billing_no: billingNo, simple: 1, client_id: clientId });
        checks.current++;
        if (first) setOrder(read);
        if (viewOf(read.status) !== "pending") {
          const full = first ? read : await details();
          answer = "settled";
          done.current = true;
          setOrder(full);
          setView(viewOf(full.status));
          // Limits, VIP points, coupons, event progress and the order history follow a settled order.
          for (const queryKey of settledOrderKeys()) void queryClient.invalidateQueries({ queryKey });
          if (viewOf(full.status) === "success" && full.delivered_at === undefined) followDelivery(Date.now());
          return;
        }
      } catch (err) {
        answer = "error";
        checks.current++;
        handleError(err);
      } finally {
        inFlight.current = false;
        if (wanted.current && !(again.current && answer === "pending")) {
          wanted.current = false;
          setAsked(answer === "pending" ? "still-pending" : "no");
        }
      }
      if (done.current || !live.current) return;
      if (again.current) {
        again.current = false;
        void check();
        return;
      }
      const delay = nextPollDelay(checks.current, Date.now() - started.current);
      if (delay === null) setStopped(true);
      else timer.current = setTimeout(() => void check(), delay);
    },
    [api, billingNo, clientId, details, followDelivery, handleError, queryClient],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart only for another order.
  useEffect(() => {
    if (!active) return;
    live.current = true;
    checks.current = 0;
    started.current = Date.now();
    done.current = false;
    setStopped(false);
    setAsked("no");
    wanted.current = false;
    again.current = false;
    setView("pending");
    setOrder(undefined);
    const delay = nextPollDelay(0, 0) ?? 1000;
    timer.current = setTimeout(() => void check(), delay);
    return () => {
      live.current = false;
      clearTimeout(timer.current);
    };
  }, [billingNo, active]);

  const recheck = useCallback(() => {
    if (done.current) return;
    setStopped(false);
    void check(true);
  }, [check]);

  return { view, order, stopped, asked, recheck };
}
