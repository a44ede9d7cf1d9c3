// /replenishGoods (docs/decisions.md, "Special flows"): a make-up payment opened by its link, paid by anyone
// without logging in as the target account. The link's game, account, goods and amount; a
// countdown under a day that ends in the page-expired view; the payment methods of the link; the
// result with 'the block is lifted within 15 minutes'. With only rp_client_id, the page asks for the
// make-up code.
import "./replenish.css";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useIsolate } from "../../lib/bidi.ts";
import { formatAmount } from "../../lib/format.ts";
import { formatTime, localZone, replenishCountdown } from "../../lib/time.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { ClippedText } from "../../ui/clipped-text.tsx";
import { useSearchParams } from "../../ui/link.tsx";
import { RowsSkeleton } from "../../ui/skeleton.tsx";
import { useReplenishInfo } from "./api/get-replenish.ts";
import { linkView } from "./link-view.ts";
import { ReplenishPay, type ReplenishPayProps } from "./ReplenishPay.tsx";

/** The pages shown instead of the link (app/ fills them with the error pages). */
export type ReplenishMessage = "showError" | "errorReplenish" | "expired";

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
      {/* The page's heading: the make-up page has no title of its layout's. */}
      <h1 className="sf-card__title">{t("replenish.title")}</h1>
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

export function ReplenishPage({
  message,
  result,
}: {
  message: (kind: ReplenishMessage) => ReactNode;
  result: ReplenishPayProps["result"];
}) {
  const { t } = useTranslation();
  const iso = useIsolate();
  const [params] = useSearchParams();
  const replenishId = params.get("replenish_id") ?? "";
  const rpClientId = params.get("rp_client_id") ?? "";
  const info = useReplenishInfo(replenishId);
  const secondsLeft = useSecondsLeft(info.data?.valid_time, info.dataUpdatedAt);

  if (!replenishId) return rpClientId ? <CodeForm rpClientId={rpClientId} /> : message("showError");
  if (info.isPending) return <RowsSkeleton />;
  if (info.isError || !info.data) return message("errorReplenish");
  const data = info.data;
  if (linkView(data.status, secondsLeft) === "expired") return message("expired");
  return (
    <div className="sf-replenish" data-testid="replenish">
      <section className="sf-card" aria-labelledby="sf-replenish-title">
        <h1 className="sf-card__title" id="sf-replenish-title">
          {t("replenish.title")}
        </h1>
        <dl className="sf-detail-list" data-testid="replenish-info">
          <dt>{t("my.game")}</dt>
          <dd>
            <ClippedText text={data.game_name} lines={3} />
          </dd>
          <dt>{t("replenish.account")}</dt>
          <dd>
            <ClippedText data-testid="replenish-user" text={data.user_name} />
          </dd>
          <dt>{t("recharge.server")}</dt>
          <dd>{iso(data.server_name)}</dd>
          <dt>{t("recharge.role")}</dt>
          <dd>{iso(data.role_name)}</dd>
          <dt>{t("recharge.goods")}</dt>
          <dd>{iso(data.product_name)}</dd>
          <dt>{t("replenish.amount")}</dt>
          <dd>
            <strong data-testid="replenish-amount">{iso(formatAmount(data.amount, data.currency_code))}</strong>
          </dd>
        </dl>
        {data.status === "open" && secondsLeft !== undefined ? <Countdown seconds={secondsLeft} /> : null}
      </section>
      {data.status === "paid" ? (
        <p className="sf-notice" role="status" data-testid="replenish-done">
          {t("replenish.done")}
        </p>
      ) : (
        <ReplenishPay replenishId={replenishId} info={data} result={result} />
      )}
    </div>
  );
}
