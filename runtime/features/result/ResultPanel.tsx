// The recharge result (spec §2, §4): pending with its three numbered hints and the 'to pay' and
// 'recharge done' buttons; success or fail with the order table and their buttons. The new layout
// shows it in a popup, the old layout as its /result page.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../../lib/format.ts";
import { webUrl } from "../../lib/safe-url.ts";
import { formatTime } from "../../lib/time.ts";
import { useCurrentGame } from "../../shared/api/games.ts";
import { queryKeys } from "../../shared/api/query-keys.ts";
import { useMethodName } from "../../shared/payment/payment-words.ts";
import { useApi, useClientId, useTracker } from "../../shared/services.ts";
import { useCurrentUser } from "../../shared/session/account.ts";
import { useSelection } from "../../shared/session/order-selection.ts";
import { useOrderResult } from "./use-order-result.ts";

export interface ResultActions {
  /** Reopen the recharge (fail buttons, the third pending hint). */
  onChangeWay: () => void;
  /** Close the result (success's 'recharge done'). */
  onClose: () => void;
}

export function ResultPanel({
  billingNo,
  payUrl,
  active = true,
  onChangeWay,
  onClose,
  replenish = false,
}: {
  billingNo: string;
  payUrl?: string;
  active?: boolean;
  /** A make-up payment: success also says when the account's block is lifted. */
  replenish?: boolean;
} & ResultActions) {
  const { t } = useTranslation();
  const api = useApi();
  const clientId = useClientId();
  const tracker = useTracker();
  const { view, order, recheck } = useOrderResult(billingNo, active);
  const user = useCurrentUser();
  const { game } = useCurrentGame();
  const [selection] = useSelection(clientId);
  const methodName = useMethodName();
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

  if (view === "pending") {
    return (
      <div className="sf-result" data-status="pending" data-testid="result">
        <StatusIcon view="pending" />
        <p className="sf-result__headline" role="status">
          {t("result.pending")}
        </p>
        <ol className="sf-result__hints">
          <li>{t("result.hint1")}</li>
          <li>{t("result.hint2")}</li>
          <li>
            <button type="button" className="sf-link-button" onClick={onChangeWay}>
              {t("result.hint3")}
            </button>
          </li>
        </ol>
        <p className="sf-muted">
          {t("result.notRedirected")}{" "}
          <button type="button" className="sf-link-button" onClick={recheck}>
            {t("result.complete")}
          </button>
        </p>
        <div className="sf-result__buttons">
          <button type="button" className="sf-button sf-button--primary" onClick={toPay} disabled={!link} data-testid="to-pay">
            {t("result.toPay")}
          </button>
          <button type="button" className="sf-button sf-button--secondary" onClick={recheck} data-testid="recheck">
            {t("result.done")}
          </button>
        </div>
      </div>
    );
  }

  const rows: [string, string | undefined][] = [
    [t("result.account"), order?.user_name ?? user?.username],
    [t("result.game"), order?.game_name ?? game?.name],
    [t("result.goods"), order?.product_name ?? selection.goods?.display],
    [t("result.server"), order?.game_server_name ?? selection.server?.display],
    [t("result.role"), order?.role_name ?? selection.role?.display],
    [t("result.billingNo"), order?.billing_no ?? billingNo],
    [t("recharge.channel"), order ? methodName(order) || undefined : undefined],
    ...(order?.amount !== undefined && order.currency
      ? [[t("result.amount"), formatAmount(order.amount, order.currency)] as [string, string]]
      : []),
    ...(view === "success" && order?.paid_at ? [[t("result.paidAt"), formatTime(order.paid_at)] as [string, string]] : []),
  ];
  return (
    <div className={`sf-result sf-receipt`} data-status={view} data-testid="result">
      <StatusIcon view={view} />
      <p className="sf-result__headline" role="status">
        {t(view === "success" ? "result.success" : "result.fail")}
      </p>
      {replenish && view === "success" ? (
        <p className="sf-notice" data-testid="replenish-tip-done">
          {t("error.replenishDone")}
        </p>
      ) : null}
      <dl className="sf-result__table">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v ?? "—"}</dd>
          </div>
        ))}
      </dl>
      {gift.data?.gifts.length ? (
        <ul className="sf-result__gifts">
          {gift.data.gifts.map((g) => (
            <li key={g.code}>
              🎁 {g.name} · <code>{g.code}</code>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="sf-result__buttons">
        {view === "success" ? (
          <>
            <button type="button" className="sf-button sf-button--secondary sf-no-print" onClick={() => window.print()}>
              {t("result.print")}
            </button>
            <button type="button" className="sf-button sf-button--primary sf-no-print" onClick={onClose} data-testid="recharge-done">
              {t("result.done")}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="sf-button sf-button--secondary" onClick={onChangeWay} data-testid="change-way">
              {t("result.changeWay")}
            </button>
            <button type="button" className="sf-button sf-button--primary" onClick={onChangeWay} data-testid="recharge-continue">
              {t("result.continue")}
            </button>
          </>
        )}
      </div>
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
