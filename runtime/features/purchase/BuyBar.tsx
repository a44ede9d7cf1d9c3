// The buy bar (UI brief): the chosen goods and price and one primary button, kept in view at the
// bottom of the goods page. Buying needs a login (the login popup opens otherwise) and a character;
// a Buy that cannot be pressed says why, on screen and to screen readers. Self-contained markup, so
// a layout can place it elsewhere (a desktop summary column).
import "./buy-bar.css";
import { useId } from "react";
import { useIsolate } from "../../lib/bidi.ts";
import { formatAmount } from "../../lib/format.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { usePurchaseFlow } from "../../shared/purchase-flow.ts";
import { useClientId, useTracker } from "../../shared/services.ts";
import { useCurrentUser } from "../../shared/session/account.ts";
import { useSelection } from "../../shared/session/order-selection.ts";
import { uiActions } from "../../shared/ui-actions.ts";

/** The selection parts this shows (it re-renders when one changes). */
const WATCHED = ["goods", "role"] as const;

export function BuyBar() {
  const { t } = useTranslation();
  const iso = useIsolate();
  const clientId = useClientId();
  const tracker = useTracker();
  const user = useCurrentUser();
  const [selection] = useSelection(clientId, WATCHED);
  const flow = usePurchaseFlow();
  const whyId = useId();
  const goods = selection.goods;
  // Without a login Buy stays pressable: it is how the player logs in. The reasons are the first
  // render's own words ('Select goods', 'Select character'), so the first script does not grow.
  const why = !goods ? "goods.title" : user && !selection.role ? "role.selectRole" : null;
  const buy = () => {
    if (!goods) return;
    tracker.track("clickBuy", { product_id: goods.value, price: goods.price });
    tracker.purchase({ step: "clickBuy", product_id: goods.value, amount: goods.price, ...(user ? { suid: user.suid } : {}) });
    if (user) flow.openRecharge();
    else uiActions.openLogin();
  };
  return (
    <div className="sf-buy-bar" data-testid="buy-bar">
      <div className="sf-buy-bar__goods">
        {goods ? (
          <>
            <span className="sf-buy-bar__name">{iso(goods.display)}</span>
            <strong className="sf-buy-bar__price">{iso(formatAmount(goods.price, goods.currency))}</strong>
          </>
        ) : null}
        {why ? (
          <span id={whyId} className="sf-buy-why">
            {t(why)}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        className="sf-button sf-button--primary"
        disabled={why !== null}
        aria-describedby={why ? whyId : undefined}
        onClick={buy}
        data-testid="buy-button"
      >
        {t("recharge.buy")}
      </button>
    </div>
  );
}
