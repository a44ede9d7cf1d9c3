// The recharge result (spec §2, §4) that tells the player where their money and goods are: pending
// with the order and the one next step (finish paying; the page updates by itself), fail with what
// happened, whether they were charged, another method and support, success with the delivery, the
// receipt and 'buy again'. The new layout shows it in a popup, the old layout as its /result page.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { OrderInfo } from "../../../core/browser/generated/api-types.ts";
import { formatAmount, localZone } from "../../lib/format.ts";
import { webUrl } from "../../lib/safe-url.ts";
import { formatTime } from "../../lib/time.ts";
import { useCurrentGame } from "../../shared/api/games.ts";
import { queryKeys } from "../../shared/api/query-keys.ts";
import { type MethodNamer, useMethodName } from "../../shared/payment/payment-words.ts";
import { useApi, useClientId, useTracker } from "../../shared/services.ts";
import { useCurrentUser } from "../../shared/session/account.ts";
import { useBrand } from "../../shared/session/brand-context.ts";
import { type OrderSelection, useSelection } from "../../shared/session/order-selection.ts";
import { hasReceipt, headlineOf, leadOf, type Outcome, outcomeOf, supportLink } from "./outcome.ts";
import { useOrderResult } from "./use-order-result.ts";

export interface ResultActions {
  /** Back to the recharge with the same goods and character (fail's 'try another method', success's 'buy again'). */
  onChangeWay: () => void;
  /** Close the result (success's 'done'). */
  onClose: () => void;
}

/**
 * The payment method's name, as the catalogue names it in the player's language: the method the
 * player picked for this order when this store made it, else the order's.
 */
function methodName(nameOf: MethodNamer, order: OrderInfo | undefined, picked: OrderSelection | undefined): string | undefined {
  const info = picked?.rechargeInfo;
  if (info) return nameOf({ payway_id: info.payway_id, payway_name: info.name });
  return order ? nameOf(order) || undefined : undefined;
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
  /** The pay call answered Repeat (10): this is the order already waiting, not a new one (SPEC-NOTES 'Repeat (10)'). */
  ongoing?: boolean;
} & ResultActions) {
  const { t } = useTranslation();
  const api = useApi();
  const clientId = useClientId();
  const tracker = useTracker();
  const { brand } = useBrand();
  const nameOf = useMethodName();
  const { view, order, stopped, asked, recheck } = useOrderResult(billingNo, active);
  const user = useCurrentUser();
  const { game } = useCurrentGame();
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

  const toPay = () => {
    if (!link) return;
    tracker.track("openPayLink", { billing_no: billingNo });
    window.open(link, "_blank", "noopener");
  };

  const outcome: Outcome = view !== "pending" && order ? outcomeOf(order) : { view: "pending" };
  // Until the first check answers (1 s), what this store sent is shown: the selection this order was made from.
  const mine = selection.billing_no === billingNo && !replenish ? selection : undefined;
  const zone = localZone();
  const receipt = hasReceipt(outcome);
  const rows: [string, string | undefined][] = [
    ...(receipt
      ? ([
          [t("result.account"), order?.user_name ?? user?.username],
          [t("result.game"), order?.game_name ?? game?.name],
          [t("result.server"), order?.game_server_name ?? mine?.server?.display],
        ] as [string, string | undefined][])
      : []),
    [t("result.role"), order?.role_name ?? mine?.role?.display],
    [t("result.goods"), order?.product_name ?? mine?.goods?.display],
    [t("result.amount"), order?.amount !== undefined && order.currency ? formatAmount(order.amount, order.currency) : undefined],
    // A Repeat's order was made earlier, perhaps with another method than the one just picked.
    [t("result.outcome.method"), methodName(nameOf, order, ongoing ? undefined : mine)],
    [t("result.billingNo"), order?.billing_no ?? billingNo],
    ...(receipt && order?.paid_at ? [[t("result.paidAt"), formatTime(order.paid_at, zone)] as [string, string]] : []),
    ...(receipt && order?.delivered_at
      ? [[t("result.outcome.deliveredAt"), formatTime(order.delivered_at, zone)] as [string, string]]
      : []),
  ];
  const table = (
    <dl className="sf-result__table" data-testid={receipt ? "result-receipt" : "result-order"} aria-busy={order === undefined}>
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          {/* Isolated: a Latin name, a number or a date reads in its own direction in Arabic. Before
              the first answer a value may still come: a placeholder, not a dash. */}
          <dd>{v ? <bdi>{v}</bdi> : order ? "—" : <span className="sf-result__placeholder" />}</dd>
        </div>
      ))}
    </dl>
  );

  if (outcome.view === "pending") {
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
          {asked === "still-pending"
            ? t("result.outcome.stillPending")
            : t(stopped ? "result.outcome.stopped" : "result.outcome.autoUpdate")}
        </p>
      </div>
    );
  }

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
              🎁 {g.name} · <code>{g.code}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {outcome.view === "success" ? (
        <>
          <div className="sf-result__buttons sf-no-print">
            {buyAgain ? (
              <button type="button" className="sf-button sf-button--primary" onClick={onChangeWay} data-testid="buy-again">
                {t("result.outcome.buyAgain")}
              </button>
            ) : null}
            <button
              type="button"
              className={`sf-button ${buyAgain ? "sf-button--secondary" : "sf-button--primary"}`}
              onClick={onClose}
              data-testid="recharge-done"
            >
              {t("result.outcome.close")}
            </button>
          </div>
          <button type="button" className="sf-link-button sf-no-print" onClick={() => window.print()}>
            {t("result.outcome.print")}
          </button>
        </>
      ) : (
        <div className="sf-result__buttons">
          {/* Charged and still failed: support comes first, another payment could charge twice. */}
          <button
            type="button"
            className={`sf-button ${outcome.charged ? "sf-button--secondary" : "sf-button--primary"}`}
            onClick={onChangeWay}
            data-testid="change-way"
          >
            {t("result.outcome.tryAnother")}
          </button>
          <a
            className={`sf-button ${outcome.charged ? "sf-button--primary" : "sf-button--secondary"}`}
            href={support}
            {...(support.startsWith("mailto:") ? {} : { target: "_blank", rel: "noopener noreferrer" })}
            data-testid="support"
          >
            {t("result.outcome.support")}
          </a>
        </div>
      )}
    </div>
  );
}

function StatusIcon({ view }: { view: "pending" | "success" | "fail" }) {
  return (
    <svg className={`sf-result__icon sf-result__icon--${view}`} viewBox="0 0 48 48" aria-hidden="true">
      <circle cx="24" cy="24" r="22" />
      {view === "success" ? (
        <path d="m14 25 7 7 13-15" fill="none" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      ) : view === "fail" ? (
        <path d="m16 16 16 16M32 16 16 32" fill="none" strokeWidth="4" strokeLinecap="round" />
      ) : (
        <path d="M24 12v13l8 5" fill="none" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      )}
    </svg>
  );
}
