// Paying a make-up link: the link's regions and channels (card exchanges
// left out), the pay order in a window opened in the click, and the result in a popup.
import "../../shared/payment/pay-bar.css";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { CODE } from "../../../core/browser/generated/api-errors.ts";
import type { PaymentChannel, ReplenishInfoResponse } from "../../../core/browser/generated/api-types.ts";
import { ApiError } from "../../lib/api/client.ts";
import { useIsolate } from "../../lib/bidi.ts";
import { formatAmount } from "../../lib/format.ts";
import { eligibleChannels, eligibleRegions, initialRegion, presentationOf } from "../../lib/payment/channels.ts";
import { setItem } from "../../lib/storage.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { queryKeys } from "../../shared/api/query-keys.ts";
import { ChannelList } from "../../shared/payment/ChannelList.tsx";
import { openPayWindow, useStartPay } from "../../shared/payment/pay-order.ts";
import { RegionSelect } from "../../shared/payment/RegionSelect.tsx";
import { useErrorHandler, usePlatformParam, useTracker } from "../../shared/services.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { RowsSkeleton } from "../../ui/skeleton.tsx";
import { useReplenishCountryList } from "./api/get-replenish.ts";

export interface ReplenishPayProps {
  replenishId: string;
  info: ReplenishInfoResponse;
  /** The result of the make-up order (app/ fills it with the result feature's panel). */
  result: (order: ReplenishOrder, actions: { changeWay(): void; done(): void }) => ReactNode;
}

export interface ReplenishOrder {
  billingNo: string;
  payUrl?: string;
}

export function ReplenishPay({ replenishId, info, result: resultPanel }: ReplenishPayProps) {
  const { t } = useTranslation();
  const iso = useIsolate();
  const platform = usePlatformParam();
  const tracker = useTracker();
  const [regionChoice, setRegionChoice] = useState<string | undefined>(undefined);
  const [channel, setChannel] = useState<PaymentChannel | undefined>(undefined);
  const [parentKey, setParentKey] = useState<string | undefined>(undefined);
  const { busy, failure, setFailure, result, setResult, pay } = useReplenishOrder(replenishId, info);
  const queryClient = useQueryClient();
  const list = useReplenishCountryList(replenishId);
  useLinkRefused(replenishId, list.error);
  const price = info.amount;
  const regions = useMemo(() => (list.data ? eligibleRegions(list.data, { price, platform }) : []), [list.data, price, platform]);
  const region = initialRegion(regions, regionChoice, undefined);
  const channels = useMemo(
    () => (list.data && region ? eligibleChannels(list.data.country[region] ?? [], { price, platform }) : []),
    [list.data, region, price, platform],
  );
  // Card exchanges top up the payer's own account: not a way to settle someone else's.
  const payable = channels.filter((c) => presentationOf(c) !== "cardMode");

  if (list.isPending) return <RowsSkeleton />;
  return (
    <section className="sf-card" aria-labelledby="sf-replenish-pay">
      <h2 className="sf-card__title" id="sf-replenish-pay">
        {t("recharge.channel")}
      </h2>
      {regions.length === 0 ? (
        <p className="sf-empty">{t("recharge.noChannel")}</p>
      ) : (
        <>
          <RegionSelect
            regions={regions}
            value={region}
            onChange={(r) => {
              setRegionChoice(r);
              setChannel(undefined);
              setParentKey(undefined);
            }}
          />
          <ChannelList
            channels={payable}
            parentKey={parentKey}
            chosen={channel}
            onPick={(parent, leaf) => {
              setParentKey(parent.key);
              setChannel(leaf);
              setFailure(null);
              tracker.track("selectPayway", { payway_id: leaf.payway_id, channel_id: leaf.channel_id });
            }}
          />
        </>
      )}
      {failure ? (
        <p className="sf-form-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="sf-pay-bar">
        <div className="sf-pay-bar__price">
          <strong>{iso(formatAmount(price, info.currency_code))}</strong>
        </div>
        <button
          type="button"
          className="sf-button sf-button--primary"
          data-testid="pay-button"
          disabled={!channel || busy}
          aria-busy={busy}
          onClick={() => void pay(channel, region)}
        >
          {t("recharge.buy")}
        </button>
      </div>
      <Dialog open={result !== null} title={t("result.title")} onClose={() => setResult(null)}>
        {result
          ? resultPanel(result, {
              changeWay: () => setResult(null),
              done: () => {
                setResult(null);
                void queryClient.invalidateQueries({ queryKey: queryKeys.replenishInfo.all() });
              },
            })
          : null}
      </Dialog>
    </section>
  );
}

/**
 * The make-up order: the pay window is opened in the tap (so no pop-up blocker stops it) and
 * pointed at the pay link once the order exists; the order's billing number is kept for the result.
 */
function useReplenishOrder(replenishId: string, info: ReplenishInfoResponse) {
  const { t } = useTranslation();
  const tracker = useTracker();
  const handleError = useErrorHandler();
  const startPay = useStartPay();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<ReplenishOrder | null>(null);
  const pay = async (channel: PaymentChannel | undefined, region: string | undefined) => {
    if (!channel || !region || busy) return;
    setBusy(true);
    setFailure(null);
    tracker.track("clickPay", { payway_id: channel.payway_id, channel_id: channel.channel_id, product_id: info.product_id });
    const opening = openPayWindow();
    try {
      const order = await startPay({
        clientId: info.client_id,
        selection: {
          clientId: info.client_id,
          goods: {
            value: info.product_id,
            display: info.product_name,
            price: info.amount,
            currency: info.currency_code,
            couponPoints: 0,
            isCoupon: false,
            isLimit: false,
          },
        },
        channel,
        region,
        areaRole: false,
        replenishId,
      });
      setItem("replenishBillingNo", order.billing_no);
      const payWindow = await opening;
      if (order.url && payWindow) {
        payWindow.location.href = order.url;
        tracker.track("openPayLink", { billing_no: order.billing_no, payway_id: channel.payway_id });
      } else payWindow?.close();
      setResult({ billingNo: order.billing_no, ...(order.url ? { payUrl: order.url } : {}) });
    } catch (err) {
      void opening.then((w) => w?.close());
      if (err instanceof ApiError) setFailure(err.message || t("error.payParams"));
      handleError(err);
    } finally {
      setBusy(false);
    }
  };

  return { busy, failure, setFailure, result, setResult, pay };
}

/**
 * The platform refuses a make-up link's methods (-3016) when the link has run out or was never good.
 * The link is asked for again: run out, the page shows its page-expired view (this unmounts); still
 * open, the link is bad and the player goes to the replenish error page (-3016 in docs/api.md#error-codes).
 */
function useLinkRefused(replenishId: string, error: Error | null): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const refused = error instanceof ApiError && error.code === CODE.replenishError;
  useEffect(() => {
    if (!refused) return;
    let current = true;
    const key = queryKeys.replenishInfo.of(replenishId);
    void queryClient
      .refetchQueries({ queryKey: key, exact: true })
      .then(() => {
        const info = queryClient.getQueryData<ReplenishInfoResponse>(key);
        if (current && info?.status === "open") navigate(`/errorReplenish${search}`);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [refused, replenishId, queryClient, navigate, search]);
}
