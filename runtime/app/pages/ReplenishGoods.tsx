// /replenishGoods as the router shows it: the replenish feature's page with the error pages for a
// bad or expired link and the result feature's panel after paying. Loaded on demand.
import { MessagePage } from "../../features/errors/MessagePage.tsx";
import { ReplenishPage } from "../../features/replenish/ReplenishPage.tsx";
import { ResultPanel } from "../../features/result/ResultPanel.tsx";

export default function ReplenishGoods() {
  return (
    <ReplenishPage
      message={(kind) => <MessagePage kind={kind} />}
      result={(order, { changeWay, done }) => (
        <ResultPanel
          billingNo={order.billingNo}
          {...(order.payUrl ? { payUrl: order.payUrl } : {})}
          onChangeWay={changeWay}
          onClose={done}
          replenish
        />
      )}
    />
  );
}
