// Where both layouts show the replenish header: its code loads only on the make-up page.
import { lazy, Suspense } from "react";
import { useLocation } from "react-router-dom";

const ReplenishHeader = lazy(() => import("./ReplenishHeader.tsx").then((m) => ({ default: m.ReplenishHeader })));

export function ReplenishSlot() {
  const { pathname } = useLocation();
  return pathname === "/replenishGoods" ? (
    <Suspense fallback={null}>
      <ReplenishHeader />
    </Suspense>
  ) : null;
}
