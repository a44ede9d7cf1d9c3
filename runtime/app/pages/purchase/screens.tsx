// The purchase screens of both layouts. New: one page with the recharge sheet and the result popup.
// Old: steps 1 and 2 as pages (select game, select role and goods); steps 3 and 4 in ./old-steps.tsx.
import { memo, useCallback, useDeferredValue, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { GameBanner } from "../../../features/game/components/GameBanner.tsx";
import { GoodsGrid } from "../../../features/goods/GoodsGrid.tsx";
import { BuyBar } from "../../../features/purchase/BuyBar.tsx";
import type { Paid } from "../../../features/recharge/hooks/use-buy.ts";
import { RecipientCard } from "../../../features/role/RecipientCard.tsx";
import { oldLayoutRoutes } from "../../../generated/routes.ts";
import { useTranslation } from "../../../lib/use-translation.ts";
import { type PurchaseFlow, PurchaseFlowContext } from "../../../shared/purchase-flow.ts";
import { useClientId } from "../../../shared/services.ts";
import { useSelectionUpdate } from "../../../shared/session/order-selection.ts";
import { AfterFirstContent, lazyPart, lazyWithStrings } from "../../../ui/deferred.tsx";
import { Dialog } from "../../../ui/dialog.tsx";
import { Loaded } from "../../../ui/part-boundary.tsx";
import { RowsSkeleton } from "../../../ui/skeleton.tsx";
import { useGo } from "../../navigation.ts";
// The page's own sheet after its features': the page arranges them (two columns on a desktop).
import "./purchase.css";

// What the first render does not need is loaded when it is opened (the payment dialogs, the result,
// the game list).
export const RechargePanel = lazyWithStrings(() => import("./RechargePanel.tsx").then((m) => ({ default: m.RechargePanel })));
export const ResultPanel = lazyWithStrings(() =>
  import("../../../features/result/ResultPanel.tsx").then((m) => ({ default: m.ResultPanel })),
);
const GameList = lazyPart(() => import("../../../features/game/components/GameList.tsx").then((m) => ({ default: m.GameList })));
// The event prompt waits for the goods: it is news for the player, not what they came for.
const EventPrompt = lazyWithStrings(() => import("../../../features/loyalty/EventPrompt.tsx").then((m) => ({ default: m.EventPrompt })));

export const Loading = RowsSkeleton;

/**
 * The page under the dialogs, memoised: opening or closing the recharge, the result or the game list
 * re-renders the dialog, not the page behind it (docs/performance.md, "Interaction latency").
 */
const SelectGoodsBody = memo(function SelectGoodsBody({ onChangeGame }: { onChangeGame: () => void }) {
  return (
    <div className="sf-purchase">
      <GameBanner onChangeGame={onChangeGame} />
      <AfterFirstContent>
        <EventPrompt />
      </AfterFirstContent>
      <RecipientCard />
      <GoodsGrid />
      <BuyBar />
    </div>
  );
});

interface ResultState {
  billingNo: string;
  payUrl?: string;
  ongoing?: boolean;
}

/** New layout: recharge in a bottom sheet, the result in a popup; `billing_no` in the link opens it. */
export function NewSelectGoods() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [sheet, setSheet] = useState(false);
  // The sheet opens in the tap's frame with its skeleton; its methods render after, in a render that
  // yields to the browser (docs/performance.md, "Interaction latency").
  const sheetBody = useDeferredValue(sheet);
  const [picker, setPicker] = useState(false);
  const [result, setResult] = useState<ResultState | null>(() => {
    const billingNo = new URLSearchParams(search).get("billing_no");
    return billingNo ? { billingNo } : null;
  });
  // The same object on every render (it names only state setters): the page's readers of the flow
  // do not re-render when a dialog opens.
  const flow = useMemo<PurchaseFlow>(
    () => ({
      openRecharge: () => {
        setResult(null);
        setSheet(true);
      },
      showResult: (billingNo, payUrl, ongoing) => setResult({ billingNo, payUrl, ongoing }),
    }),
    [],
  );
  const changeGame = useCallback(() => setPicker(true), []);
  const closeResult = () => {
    setResult(null);
    // A result opened by the link is done with: the link's billing_no goes.
    const params = new URLSearchParams(search);
    if (params.has("billing_no")) {
      params.delete("billing_no");
      navigate({ search: params.toString() }, { replace: true });
    }
  };
  const paid = (p: Paid) => {
    setSheet(false);
    setResult({ billingNo: p.billingNo, payUrl: p.payUrl, ongoing: p.ongoing });
  };
  return (
    <PurchaseFlowContext.Provider value={flow}>
      <SelectGoodsBody onChangeGame={changeGame} />
      <Dialog open={sheet} title={t("recharge.title")} onClose={() => setSheet(false)} variant="sheet">
        {sheet ? <Loaded fallback={<Loading />}>{sheetBody ? <RechargePanel onPaid={paid} /> : <Loading />}</Loaded> : null}
      </Dialog>
      <Dialog open={result !== null} title={t("result.title")} onClose={closeResult}>
        {result ? (
          <Loaded fallback={<Loading />}>
            <ResultPanel
              billingNo={result.billingNo}
              payUrl={result.payUrl}
              ongoing={result.ongoing}
              onChangeWay={flow.openRecharge}
              onClose={closeResult}
            />
          </Loaded>
        ) : null}
      </Dialog>
      <Dialog open={picker} title={t("game.select")} onClose={() => setPicker(false)}>
        {picker ? (
          <Loaded fallback={<Loading />}>
            <GameList onPicked={() => setPicker(false)} />
          </Loaded>
        ) : null}
      </Dialog>
    </PurchaseFlowContext.Provider>
  );
}

export function useOldFlow(): PurchaseFlow {
  const go = useGo(oldLayoutRoutes);
  const clientId = useClientId();
  const update = useSelectionUpdate(clientId);
  return {
    openRecharge: () => go("Recharge"),
    showResult: (billingNo, payUrl, ongoing) => {
      update({ billing_no: billingNo, ...(payUrl ? { pay_url: payUrl } : {}) });
      go("Result", `?billing_no=${encodeURIComponent(billingNo)}${ongoing ? "&ongoing=1" : ""}`);
    },
  };
}

/** Old layout, step 1. */
export function OldSelectGame() {
  const { t } = useTranslation();
  const go = useGo(oldLayoutRoutes);
  return (
    <div className="sf-purchase">
      <section className="sf-card">
        <h2 className="sf-card__title">{t("game.select")}</h2>
        <Loaded fallback={<Loading />}>
          <GameList onPicked={() => go("SelectGoods")} />
        </Loaded>
      </section>
    </div>
  );
}

/** Old layout, step 2. */
export function OldSelectGoods() {
  const flow = useOldFlow();
  const go = useGo(oldLayoutRoutes);
  return (
    <PurchaseFlowContext.Provider value={flow}>
      <SelectGoodsBody onChangeGame={() => go("SelectGame")} />
    </PurchaseFlowContext.Provider>
  );
}
