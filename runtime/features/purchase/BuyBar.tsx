// The sticky buy bar (UI brief): the chosen goods and price and one primary button. Buying needs a
// login (the login popup opens otherwise) and a character.
import { useTranslation } from "react-i18next";
import { formatAmount } from "../../lib/format.ts";
import { usePurchaseFlow } from "../../shared/purchase-flow.ts";
import { useClientId, useTracker } from "../../shared/services.ts";
import { useCurrentUser } from "../../shared/session/account.ts";
import { useSelection } from "../../shared/session/order-selection.ts";
import { uiActions } from "../../shared/ui-actions.ts";
import { useTip } from "../../ui/tip.tsx";

export function BuyBar() {
  const { t } = useTranslation();
  const clientId = useClientId();
  const tracker = useTracker();
  const user = useCurrentUser();
  const [selection] = useSelection(clientId);
  const { tip } = useTip();
  const flow = usePurchaseFlow();
  const goods = selection.goods;
  const buy = () => {
    if (!goods) return;
    tracker.track("clickBuy", { product_id: goods.value, price: goods.price });
    tracker.purchase({ step: "clickBuy", product_id: goods.value, amount: goods.price, ...(user ? { suid: user.suid } : {}) });
    if (!user) {
      uiActions.openLogin();
      return;
    }
    if (!selection.role) {
      tip({ title: t("common.tips"), text: t("role.selectRole") });
      return;
    }
    flow.openRecharge();
  };
  return (
    <div className="sf-buy-bar" data-testid="buy-bar">
      <div className="sf-buy-bar__inner">
        <div className="sf-buy-bar__goods">
          {goods ? (
            <>
              <span className="sf-buy-bar__name">{goods.display}</span>
              <strong className="sf-buy-bar__price">{formatAmount(goods.price, goods.currency)}</strong>
            </>
          ) : (
            <span className="sf-muted">{t("goods.title")}</span>
          )}
        </div>
        <button type="button" className="sf-button sf-button--primary" disabled={!goods} onClick={buy} data-testid="buy-button">
          {t("recharge.buy")}
        </button>
      </div>
    </div>
  );
}
