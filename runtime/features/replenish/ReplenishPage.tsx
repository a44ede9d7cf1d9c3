// /replenishGoods (spec §2, §4 'Replenish'): a make-up payment opened by its link, paid by anyone
// without logging in as the target account. The link's game, account, goods and amount; a
// countdown under a day that ends in the page-expired view; the payment methods of the link; the
// result with 'the block is lifted within 15 minutes'. With only rp_client_id, the page asks for the
// make-up code.
import "../loyalty/loyalty.css";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import type { PaymentChannel, ReplenishInfoResponse } from "../../../core/generated/api-types.ts";
import { useServices } from "../../app/services.ts";
import { ApiError } from "../../lib/api/client.ts";
import { formatAmount, localZone, replenishCountdown } from "../../lib/format.ts";
import { useSession } from "../../lib/session-context.ts";
import { setItem } from "../../lib/storage.ts";
import { formatTime } from "../../lib/time.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { RowsSkeleton } from "../../ui/skeleton.tsx";
import { MessagePage } from "../errors/MessagePage.tsx";
import { ChannelList } from "../recharge/ChannelList.tsx";
import { eligibleChannels, eligibleRegions, flowOf, initialRegion } from "../recharge/channels.ts";
import { openPayWindow, startPay } from "../recharge/pay.ts";
import { RegionSelect } from "../recharge/RegionSelect.tsx";
import { ResultPanel } from "../result/ResultPanel.tsx";
import { useReplenishInfo } from "./ReplenishHeader.tsx";

/** Seconds left, counted down every second from the platform's valid_time. */
function useSecondsLeft(validTime: number | undefined, loadedAt: number): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (validTime === undefined || validTime <= 0 || validTime >= 86_400) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [validTime]);
  if (validTime === undefined) return undefined;
  return Math.max(0, validTime - Math.floor((now - loadedAt) / 1000));
}

function Countdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const c = replenishCountdown(seconds, Date.now());
  const text =
    c.kind === "countdown"
      ? t("replenish.countdown", { minutes: c.minutes, seconds: String(c.seconds).padStart(2, "0") })
      : c.kind === "lastMinute"
        ? t("replenish.lessThanMinute")
        : c.kind === "date"
          ? t("replenish.validUntil", { time: formatTime(c.until, localZone()) })
          : "";
  return (
    <p className="sf-replenish__countdown" data-testid="replenish-countdown" role="timer" aria-live="off">
      {text}
    </p>
  );
}

function CodeForm({ rpClientId }: { rpClientId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState("");
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (value) navigate(`/replenishGoods?${new URLSearchParams({ replenish_id: value, rp_client_id: rpClientId })}`);
  };
  return (
    <form className="sf-card sf-replenish__code" onSubmit={submit} data-testid="replenish-code-form">
      <h2 className="sf-card__title">{t("replenish.title")}</h2>
      <label className="sf-field" htmlFor={id}>
        <span>{t("replenish.code")}</span>
        <input id={id} value={code} maxLength={64} autoComplete="off" onChange={(e) => setCode(e.target.value)} />
      </label>
      <button type="submit" className="sf-button sf-button--primary sf-button--block" disabled={code.trim() === ""}>
        {t("common.confirm")}
      </button>
    </form>
  );
}

function ReplenishPay({ replenishId, info }: { replenishId: string; info: ReplenishInfoResponse }) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const { api, platform, tracker } = services;
  const { area } = useSession();
  const [regionChoice, setRegionChoice] = useState<string | undefined>(undefined);
  const [channel, setChannel] = useState<PaymentChannel | undefined>(undefined);
  const [parentKey, setParentKey] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<{ billingNo: string; payUrl?: string } | null>(null);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ["replenishCountryList", replenishId, platform],
    queryFn: () => api.call("replenishCountryList", { replenish_id: replenishId, platform }),
  });
  const price = info.amount;
  const regions = useMemo(() => (list.data ? eligibleRegions(list.data, { price, platform }) : []), [list.data, price, platform]);
  const region = initialRegion(regions, regionChoice, undefined);
  const channels = useMemo(
    () => (list.data && region ? eligibleChannels(list.data.country[region] ?? [], { price, platform }) : []),
    [list.data, region, price, platform],
  );
  // Card exchanges top up the payer's own account: not a way to settle someone else's.
  const payable = channels.filter((c) => flowOf(c.payway_id) !== "inGameCard" && flowOf(c.payway_id) !== "cardForm");

  const pay = async () => {
    if (!channel || !region || busy) return;
    setBusy(true);
    setFailure(null);
    tracker.track("clickPay", { payway_id: channel.payway_id, channel_id: channel.channel_id, product_id: info.product_id });
    const payWindow = openPayWindow();
    try {
      const order = await startPay({
        services,
        clientId: info.client_id,
        selection: {
          clientId: info.client_id,
          goods: {
            value: info.product_id,
            display: info.product_name,
            price,
            currency: info.currency_code,
            couponPoints: 0,
            isCoupon: false,
            isLimit: false,
          },
        },
        channel,
        region,
        area,
        language: i18n.language,
        areaRole: false,
        replenishId,
      });
      setItem("replenishBillingNo", order.billing_no);
      if (order.url && payWindow) {
        payWindow.location.href = order.url;
        tracker.track("openPayLink", { billing_no: order.billing_no, payway_id: channel.payway_id });
      } else payWindow?.close();
      setResult({ billingNo: order.billing_no, ...(order.url ? { payUrl: order.url } : {}) });
    } catch (err) {
      payWindow?.close();
      if (err instanceof ApiError) setFailure(err.message || t("error.payParams"));
      services.handleError(err);
    } finally {
      setBusy(false);
    }
  };

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
          <strong>{formatAmount(price, info.currency_code)}</strong>
        </div>
        <button
          type="button"
          className="sf-button sf-button--primary"
          data-testid="pay-button"
          disabled={!channel || busy}
          aria-busy={busy}
          onClick={() => void pay()}
        >
          {t("recharge.buy")}
        </button>
      </div>
      <Dialog open={result !== null} title={t("result.title")} onClose={() => setResult(null)}>
        {result ? (
          <ResultPanel
            billingNo={result.billingNo}
            {...(result.payUrl ? { payUrl: result.payUrl } : {})}
            onChangeWay={() => setResult(null)}
            onClose={() => {
              setResult(null);
              void queryClient.invalidateQueries({ queryKey: ["replenishInfo"] });
            }}
            replenish
          />
        ) : null}
      </Dialog>
    </section>
  );
}

export function ReplenishPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const replenishId = params.get("replenish_id") ?? "";
  const rpClientId = params.get("rp_client_id") ?? "";
  const info = useReplenishInfo(replenishId);
  const secondsLeft = useSecondsLeft(info.data?.valid_time, info.dataUpdatedAt);

  if (!replenishId) return rpClientId ? <CodeForm rpClientId={rpClientId} /> : <MessagePage kind="showError" />;
  if (info.isPending) return <RowsSkeleton />;
  if (info.isError || !info.data) return <MessagePage kind="errorReplenish" />;
  const data = info.data;
  if (data.status === "expired" || secondsLeft === 0) return <MessagePage kind="expired" />;
  return (
    <div className="sf-loyalty sf-replenish" data-testid="replenish">
      <section className="sf-card" aria-labelledby="sf-replenish-title">
        <h2 className="sf-card__title" id="sf-replenish-title">
          {t("replenish.title")}
        </h2>
        <dl className="sf-detail-list" data-testid="replenish-info">
          <dt>{t("my.game")}</dt>
          <dd>{data.game_name}</dd>
          <dt>{t("replenish.account")}</dt>
          <dd data-testid="replenish-user">{data.user_name}</dd>
          <dt>{t("recharge.server")}</dt>
          <dd>{data.server_name}</dd>
          <dt>{t("recharge.role")}</dt>
          <dd>{data.role_name}</dd>
          <dt>{t("recharge.goods")}</dt>
          <dd>{data.product_name}</dd>
          <dt>{t("replenish.amount")}</dt>
          <dd>
            <strong data-testid="replenish-amount">{formatAmount(data.amount, data.currency_code)}</strong>
          </dd>
        </dl>
        {data.status === "open" && secondsLeft !== undefined ? <Countdown seconds={secondsLeft} /> : null}
      </section>
      {data.status === "paid" ? (
        <p className="sf-notice" role="status" data-testid="replenish-done">
          {t("replenish.done")}
        </p>
      ) : (
        <ReplenishPay replenishId={replenishId} info={data} />
      )}
    </div>
  );
}

export default ReplenishPage;
