// Starting a payment: the pay order of the chosen method, at the method's endpoint (the Korean
// endpoint in the kr area), with the common payload (docs/api.md, "payStart"). Used by the recharge and
// the make-up page.
import { useCallback } from "react";
import type { PaymentChannel, PayResult } from "../../../core/browser/generated/api-types.ts";
import { paymentMethods } from "../../generated/payment-methods.ts";
import { afterPaint } from "../../lib/after-paint.ts";
import { areaParam } from "../../lib/api/area-param.ts";
import { webUrl } from "../../lib/safe-url.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { useApi, useClientId, usePayContext, usePlatformParam } from "../services.ts";
import type { OrderSelection } from "../session/order-selection.ts";
import { useSession } from "../session/session-context.ts";

export interface PayOrder {
  /** The game paid for when it is not the store's current one (a make-up link's game). */
  clientId?: string;
  selection: OrderSelection;
  channel: PaymentChannel;
  region: string;
  areaRole: boolean;
  couponCode?: string;
  replenishId?: string;
}

export function payPath(paywayId: number, area: string | undefined): string | undefined {
  const method = paymentMethods[paywayId];
  if (!method) return undefined;
  return (area === "kr" && method.endpoints.kr) || method.endpoints.start;
}

/** Starts the pay order of the store's current game in its area and language. */
export function useStartPay(): (order: PayOrder) => Promise<PayResult> {
  const api = useApi();
  const clientId = useClientId();
  const platform = usePlatformParam();
  const payContext = usePayContext();
  const { area } = useSession();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    async (input) => {
      const { selection, channel } = input;
      const path = payPath(channel.payway_id, area);
      const returnUrl = new URL(window.location.pathname, window.location.origin);
      const result = await api.call(
        "payStart",
        {
          client_id: input.clientId ?? clientId,
          ...(selection.server ? { server_id: selection.server.value } : {}),
          ...(selection.role ? { role_id: selection.role.value } : {}),
          ...(input.areaRole && selection.area ? { areaId: selection.area.value } : {}),
          platform,
          product_id: selection.goods?.value ?? "",
          payway_id: channel.payway_id,
          channel_id: channel.channel_id,
          ...areaParam(area),
          bcp47_lang: language,
          country: input.region,
          ...payContext(),
          ...(input.couponCode ? { coupon_code: input.couponCode, pay_id: channel.pay_id } : {}),
          ...(input.replenishId ? { replenish_id: input.replenishId } : {}),
          return_url: returnUrl.toString(),
        },
        path ? { path } : {},
      );
      // The pay link is opened in a window or frame of the store's own origin first: only http(s).
      const { url, ...rest } = result;
      const safe = webUrl(url);
      return safe ? { ...rest, url: safe } : rest;
    },
    [api, clientId, platform, payContext, area, language],
  );
}

/**
 * The pay window, opened in the tap's user activation but after the tap's frame is painted, and
 * pointed at the pay link once the order exists. Creating a browsing context blocks the main thread
 * for 50-140 ms on a mid-range phone; opened in the click handler, that was the slowest interaction of
 * a purchase (docs/performance.md, "Interaction latency"). Browsers keep a tap's activation for
 * seconds (Chromium and Firefox 5 s), so the window is still allowed one frame later; when a browser
 * refuses it, null, and the result offers the 'to pay' button.
 */
export function openPayWindow(): Promise<Window | null> {
  return afterPaint(() => {
    const w = window.open("", "_blank");
    if (w) {
      try {
        w.opener = null;
      } catch {
        // Some browsers make opener read-only; the pay page is cross-origin anyway.
      }
    }
    return w;
  });
}
