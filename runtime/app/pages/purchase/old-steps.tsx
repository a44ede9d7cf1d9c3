// The old layout's steps 3 and 4 as pages (recharge, result of `billing_no`). Loaded when opened:
// the first render of the top-up does not need them.
import { useLocation } from "react-router-dom";
import { oldLayoutRoutes } from "../../../generated/routes.ts";
import { useTranslation } from "../../../lib/use-translation.ts";
import { PurchaseFlowContext } from "../../../shared/purchase-flow.ts";
import { useClientId } from "../../../shared/services.ts";
import { useSelection } from "../../../shared/session/order-selection.ts";
import { Loaded } from "../../../ui/part-boundary.tsx";
import { useGo } from "../../navigation.ts";
import { Loading, RechargePanel, ResultPanel, useOldFlow } from "./screens.tsx";

/** Old layout, step 3: the recharge info as a page. */
export function OldRecharge() {
  const { t } = useTranslation();
  const flow = useOldFlow();
  const go = useGo(oldLayoutRoutes);
  const clientId = useClientId();
  const [selection] = useSelection(clientId);
  if (!selection.goods || !selection.role) {
    return (
      <section className="sf-card">
        <p>{t("recharge.chooseGoodsFirst")}</p>
        <button type="button" className="sf-button sf-button--primary" onClick={() => go("SelectGoods")}>
          {t("common.back")}
        </button>
      </section>
    );
  }
  return (
    <PurchaseFlowContext.Provider value={flow}>
      <section className="sf-card sf-page-panel">
        <h2 className="sf-card__title">{t("recharge.title")}</h2>
        <Loaded fallback={<Loading />}>
          <RechargePanel onPaid={(p) => flow.showResult(p.billingNo, p.payUrl, p.ongoing)} />
        </Loaded>
      </section>
    </PurchaseFlowContext.Provider>
  );
}

/** Old layout, step 4: the result of `billing_no` as a page. */
export function OldResult() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const go = useGo(oldLayoutRoutes);
  const clientId = useClientId();
  const [selection] = useSelection(clientId);
  const params = new URLSearchParams(search);
  const billingNo = params.get("billing_no") ?? selection.billing_no;
  if (!billingNo) {
    return (
      <section className="sf-card">
        <p>{t("error.query")}</p>
        <button type="button" className="sf-button sf-button--primary" onClick={() => go("SelectGoods")}>
          {t("notFound.home")}
        </button>
      </section>
    );
  }
  const payUrl = selection.billing_no === billingNo ? selection.pay_url : undefined;
  return (
    <section className="sf-card sf-page-panel">
      <h2 className="sf-card__title">{t("result.title")}</h2>
      <Loaded fallback={<Loading />}>
        <ResultPanel
          billingNo={billingNo}
          payUrl={payUrl}
          ongoing={params.get("ongoing") === "1"}
          onChangeWay={() => go("Recharge")}
          onClose={() => go("SelectGoods")}
        />
      </Loaded>
    </section>
  );
}
