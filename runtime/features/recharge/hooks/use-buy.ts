// Buy as a mutation: the no-coupon confirm, the tracking, the pay order, and the
// payment shown by the method's flow traits — the pay link in a window opened in the tap, the
// provider's page in the embedded dialog, or the Korean payment script. An order that exists
// refreshes the limits and goes to the result.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { CODE } from "../../../../core/browser/generated/api-errors.ts";
import type { PaymentChannel } from "../../../../core/browser/generated/api-types.ts";
import { ApiError } from "../../../lib/api/client.ts";
import { presentationOf } from "../../../lib/payment/channels.ts";
import { useTranslation } from "../../../lib/use-translation.ts";
import { queryKeys } from "../../../shared/api/query-keys.ts";
import type { OrderCoupon } from "../../../shared/coupon/order-coupon.ts";
import { openPayWindow, useStartPay } from "../../../shared/payment/pay-order.ts";
import { useClientId, useErrorHandler, useTracker } from "../../../shared/services.ts";
import { type OrderSelection, useSelection } from "../../../shared/session/order-selection.ts";
import { useTip } from "../../../ui/tip.tsx";
import { needsNoCouponConfirm } from "../coupon-gate.ts";

export interface Paid {
  billingNo: string;
  payUrl?: string;
  /** The pay window was opened (false: the browser blocked it; the result offers 'to pay'). */
  redirected?: boolean;
  /** The pay call answered Repeat (10): the order is the one already waiting for this goods and character. */
  ongoing?: boolean;
}

export interface BuyInput {
  channel: PaymentChannel;
  region: string;
  vip: boolean;
  coupon: Pick<OrderCoupon, "applied" | "usable">;
  areaRole: boolean;
}

interface PayVariables extends BuyInput {
  selection: OrderSelection;
  /** Opened in the tap (after its frame), before the order exists; null for the embedded dialog or when blocked. */
  payWindow: Promise<Window | null>;
}

/**
 * Order status Repeat: the same goods for the same character while an order is unpaid (docs/decisions.md,
 * "Sandbox platform and API contract").
 */
const REPEAT = 10;

/** The pay order came back without a billing number: the method cannot take the order. */
class NoBillingNo extends Error {}

export interface Buy {
  buy(input: BuyInput): Promise<void>;
  busy: boolean;
  /** Why the last Buy failed, as the pay sheet says it; null when it did not. */
  failure: string | null;
  clearFailure(): void;
  /** The provider's page shown in the store (frame presentation), until it answers or is closed. */
  embedded: { url: string; billingNo: string; title: string } | null;
  closeEmbedded(): void;
  /** An order now exists (paid here, by card or in the embedded dialog): on to its result. */
  settle(paid: Paid): void;
}

export function useBuy(onPaid: (paid: Paid) => void): Buy {
  const { t } = useTranslation();
  const clientId = useClientId();
  const tracker = useTracker();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const { confirm } = useTip();
  const startPay = useStartPay();
  const [selection, update] = useSelection(clientId);
  const [embedded, setEmbedded] = useState<Buy["embedded"]>(null);
  const clicking = useRef(false);

  const settle = (paid: Paid) => {
    // A limited good's limits change once its order exists: the order counts against them.
    if (selection.goods?.isLimit) void queryClient.invalidateQueries({ queryKey: queryKeys.limits.all() });
    update({ billing_no: paid.billingNo });
    onPaid(paid);
  };

  const order = useMutation({
    mutationFn: async ({ selection, channel, region, areaRole, coupon }: PayVariables) => {
      const result = await startPay({ selection, channel, region, areaRole, ...(coupon.applied ? { couponCode: coupon.applied } : {}) });
      if (!result.billing_no) throw new NoBillingNo();
      return result;
    },
    onSuccess: async ({ billing_no: billingNo, url, status }, { channel, payWindow: opening }) => {
      const payWindow = await opening;
      const ongoing = status === REPEAT;
      const presentation = presentationOf(channel);
      if (presentation === "frame" && url) {
        setEmbedded({ url, billingNo, title: channel.name });
        return;
      }
      let redirected = false;
      if (url && presentation === "script" && typeof window.SandboxKrPay?.pay === "function") {
        payWindow?.close();
        redirected = window.SandboxKrPay.pay(url) !== null;
      } else if (url && payWindow) {
        payWindow.location.href = url;
        redirected = true;
      } else payWindow?.close();
      if (redirected) tracker.track("openPayLink", { billing_no: billingNo, payway_id: channel.payway_id });
      settle({ billingNo, ...(url ? { payUrl: url } : {}), redirected, ...(ongoing ? { ongoing } : {}) });
    },
    onError: (err, { payWindow }) => {
      void payWindow.then((w) => w?.close());
      if (!(err instanceof NoBillingNo)) handleError(err);
    },
    onSettled: () => {
      clicking.current = false;
    },
  });

  const buy = async (input: BuyInput) => {
    const goods = selection.goods;
    if (!goods || clicking.current || order.isPending) return;
    clicking.current = true;
    const { channel, coupon } = input;
    const askNoCoupon = needsNoCouponConfirm({
      vip: input.vip,
      goodsTakesCoupons: goods.isCoupon,
      channelTakesCoupons: channel.open_coupon,
      coupons: { usable: coupon.usable, ...(coupon.applied ? { applied: coupon.applied } : {}) },
    });
    if (askNoCoupon && !(await confirm({ title: t("error.noCouponTitle"), text: t("error.noCoupon") }))) {
      clicking.current = false;
      return;
    }
    tracker.track("clickPay", { payway_id: channel.payway_id, channel_id: channel.channel_id, product_id: goods.value });
    tracker.purchase({
      step: "clickPay",
      product_id: goods.value,
      payway_id: channel.payway_id,
      channel_id: channel.channel_id,
      amount: goods.price,
    });
    const payWindow = presentationOf(channel) === "frame" ? Promise.resolve(null) : openPayWindow();
    order.mutate({ ...input, selection, payWindow });
  };

  const error = order.error;
  return {
    buy,
    busy: order.isPending,
    // The platform's message for a missing method is a note for developers: the player reads the locale's sentence.
    failure:
      error instanceof NoBillingNo || (error instanceof ApiError && error.code === CODE.paywayMissing)
        ? t("error.paywayMissing")
        : error instanceof ApiError
          ? error.message || t("error.payParams")
          : null,
    clearFailure: () => {
      if (order.isError) order.reset();
    },
    embedded,
    closeEmbedded: () => setEmbedded(null),
    settle,
  };
}

declare global {
  interface Window {
    SandboxKrPay?: { pay(url: string): Window | null };
  }
}
