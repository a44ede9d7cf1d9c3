// Follows one order after payment: the simple check on the polling schedule while pending, then the
// full details once it is paid or failed (spec §4, SPEC-NOTES 'Polling').
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { OrderInfo } from "../../../core/generated/api-types.ts";
import { settledOrderKeys } from "../../shared/api/query-keys.ts";
import { useApi, useClientId, useErrorHandler } from "../../shared/services.ts";
import { nextPollDelay, type ResultView, viewOf } from "./polling.ts";

export interface OrderResult {
  view: ResultView;
  order: OrderInfo | undefined;
  /** Polling ran its 15 minutes without an answer. */
  stopped: boolean;
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
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const checks = useRef(0);
  const started = useRef(Date.now());
  const done = useRef(false);
  // One check at a time: a re-check while one is out must not start a second chain of timers.
  const inFlight = useRef(false);

  const check = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    clearTimeout(timer.current);
    try {
      const simple = await api.call("orderInfo", { billing_no: billingNo, simple: 1, client_id: clientId });
      checks.current++;
      if (viewOf(simple.status) !== "pending") {
        const full = await api.call("orderInfo", { billing_no: billingNo, client_id: clientId });
        done.current = true;
        setOrder(full);
        setView(viewOf(full.status));
        // Limits, VIP points, coupons, event progress and the order history follow a settled order.
        for (const queryKey of settledOrderKeys()) void queryClient.invalidateQueries({ queryKey });
        return;
      }
      setOrder((current) => current ?? simple);
    } catch (err) {
      checks.current++;
      handleError(err);
    } finally {
      inFlight.current = false;
    }
    if (done.current) return;
    const delay = nextPollDelay(checks.current, Date.now() - started.current);
    if (delay === null) setStopped(true);
    else timer.current = setTimeout(() => void check(), delay);
  }, [api, billingNo, clientId, handleError, queryClient]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart only for another order.
  useEffect(() => {
    if (!active) return;
    checks.current = 0;
    started.current = Date.now();
    done.current = false;
    setStopped(false);
    setView("pending");
    setOrder(undefined);
    const delay = nextPollDelay(0, 0) ?? 1000;
    timer.current = setTimeout(() => void check(), delay);
    return () => clearTimeout(timer.current);
  }, [billingNo, active]);

  const recheck = useCallback(() => {
    if (done.current) return;
    setStopped(false);
    void check();
  }, [check]);

  return { view, order, stopped, recheck };
}
