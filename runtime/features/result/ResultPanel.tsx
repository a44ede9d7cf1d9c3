// The recharge result that tells the player where their money and goods are: pending with the order
// and the one next step (finish paying; the page updates by itself), fail with what happened,
// whether they were charged, another method and support, success with the delivery, the receipt and
// 'buy again'. The new layout shows it in a popup, the old layout as its /result page.
import "./result.css";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { useIsolate } from "../../lib/bidi.ts";
import { useIsolateText } from "../../lib/bidi-text.ts";
import { webUrl } from "../../lib/safe-url.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { queryKeys } from "../../shared/api/query-keys.ts";
import { useApi, useClientId, useTracker } from "../../shared/services.ts";
import { useCurrentUser } from "../../shared/session/account.ts";
import { useBrand } from "../../shared/session/brand-context.ts";
import { useSelection } from "../../shared/session/order-selection.ts";
import { OrderTable } from "./OrderTable.tsx";
import { hasReceipt, headlineOf, leadOf, type Outcome, outcomeOf, supportLink } from "./outcome.ts";
import { FailButtons, StatusIcon, SuccessButtons } from "./ResultButtons.tsx";
import { type OrderResult, useOrderResult } from "./use-order-result.ts";

export interface ResultActions {
  /** Back to the recharge with the same goods and character (fail's 'try another method', success's 'buy again'). */
  onChangeWay: () => void;
  /** Close the result (success's 'done'). */
  onClose: () => void;
}

export function ResultPanel({
  billingNo,
  payUrl,
  active = true,
  onChangeWay,
  onClose,
  replenish = false,
  ongoing = false,
}: {
  billingNo: string;
  payUrl?: string;
  active?: boolean;
  /** A make-up payment: success also says when the account's block is lifted, and nothing is bought again. */
  replenish?: boolean;
  /**
   * The pay call answered Repeat (10): this is the order already waiting for the same goods and
   * character, not a new one (docs/decisions.md, "Sandbox platform and API contract").
   */
  ongoing?: boolean;
} & ResultActions) {
  const { t } = useTranslation();
  const iso = useIsolate();
  const isoText = useIsolateText();
  const api = useApi();
  const clientId = useClientId();
  const tracker = useTracker();
  const { brand } = useBrand();
  const result = useOrderResult(billingNo, active);
  const { view, order } = result;
  const user = useCurrentUser();
  const [selection] = useSelection(clientId);
  const link = webUrl(payUrl ?? order?.pay_url);
  const gift = useQuery({
    queryKey: queryKeys.thirdGift.of(clientId, billingNo),
    queryFn: () => api.call("thirdGift", { client_id: clientId, billing_no: billingNo }),
    enabled: view === "success" && user !== undefined,
  });
  useEffect(() => {
    if (view !== "pending") tracker.purchase({ step: `result:${view}`, ...(order?.product_id ? { product_id: order.product_id } : {}) });
  }, [view, order, tracker]);

  const outcome: Outcome = view !== "pending" && order ? outcomeOf(order) : { view: "pending" };
  // Until the first check answers (1 s), what this store sent is shown: the selection this order was made from.
  const mine = selection.billing_no === billingNo && !replenish ? selection : undefined;
  const receipt = hasReceipt(outcome);
  const table = <OrderTable billingNo={billingNo} order={order} receipt={receipt} mine={mine} ongoing={ongoing} />;

  if (outcome.view === "pending")
    return <PendingResult billingNo={billingNo} link={link} ongoing={ongoing} result={result} table={table} />;

  const buyAgain =
    outcome.view === "success" &&
    !replenish &&
    selection.goods !== undefined &&
    selection.role !== undefined &&
    order?.product_id === selection.goods.value &&
    (order.role_name === undefined || order.role_name === selection.role.display);
  const support = supportLink(brand.support.url, billingNo, t("result.outcome.supportMail", { billingNo }));
  return (
    <div className="sf-result" data-status={outcome.view} data-testid="result">
      <StatusIcon view={outcome.view} />
      <p className="sf-result__headline" role="status">
        {t(headlineOf(outcome))}
      </p>
      <p className="sf-result__lead" data-testid="result-lead">
        {t(leadOf(outcome, link !== undefined))}
      </p>
      {replenish && outcome.view === "success" ? (
        <p className="sf-notice" data-testid="replenish-tip-done">
          {t("error.replenishDone")}
        </p>
      ) : null}
      {table}
      {gift.data?.gifts.length ? (
        <ul className="sf-result__gifts">
          {gift.data.gifts.map((g) => (
            <li key={g.code}>
              🎁 {isoText(g.name)} · <code>{iso(g.code)}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {outcome.view === "success" ? (
        <SuccessButtons buyAgain={buyAgain} onChangeWay={onChangeWay} onClose={onClose} />
      ) : (
        <FailButtons charged={outcome.charged} support={support} onChangeWay={onChangeWay} />
      )}
    </div>
  );
}

interface PendingResultProps {
  billingNo: string;
  /** The order's pay link, reopened by 'to pay'. */
  link: string | undefined;
  ongoing: boolean;
  result: OrderResult;
  table: ReactNode;
}

/** Not paid yet: the one next step (finish paying in the pay window), a check now, and that the page updates by itself. */
function PendingResult({ billingNo, link, ongoing, result: { stopped, asked, recheck }, table }: PendingResultProps) {
  const { t } = useTranslation();
  const tracker = useTracker();
  const outcome: Outcome = { view: "pending" };
  const toPay = () => {
    if (!link) return;
    tracker.track("openPayLink", { billing_no: billingNo });
    window.open(link, "_blank", "noopener");
  };
  return (
    <div className="sf-result" data-status="pending" data-testid="result">
      {ongoing ? (
        <p className="sf-notice sf-result__ongoing" data-testid="result-ongoing">
          {t("error.unpaidOrder")}
        </p>
      ) : null}
      <StatusIcon view="pending" />
      <p className="sf-result__headline" role="status">
        {t(headlineOf(outcome))}
      </p>
      <p className="sf-result__lead">{t(leadOf(outcome, link !== undefined))}</p>
      {table}
      <div className="sf-result__buttons">
        {link ? (
          <button type="button" className="sf-button sf-button--primary" onClick={toPay} data-testid="to-pay">
            {t("result.outcome.openPay")}
          </button>
        ) : null}
        <button
          type="button"
          className={`sf-button ${link ? "sf-button--secondary" : "sf-button--primary"}`}
          onClick={recheck}
          aria-busy={asked === "checking"}
          data-testid="recheck"
        >
          {t("result.outcome.check")}
        </button>
      </div>
      <p className="sf-result__note" aria-live="polite">
        {asked === "still-pending" ? t("result.outcome.stillPending") : t(stopped ? "result.outcome.stopped" : "result.outcome.autoUpdate")}
      </p>
    </div>
  );
}
