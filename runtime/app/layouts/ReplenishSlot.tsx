// Where both layouts show the replenish header: its code loads only on the make-up page.
import { useLocation } from "react-router-dom";
import { lazyPart } from "../../ui/deferred.tsx";
import { Loaded } from "../../ui/part-boundary.tsx";

const ReplenishHeader = lazyPart(() =>
  import("../../features/replenish/ReplenishHeader.tsx").then((m) => ({ default: m.ReplenishHeader })),
);

export function ReplenishSlot() {
  const { pathname } = useLocation();
  return pathname === "/replenishGoods" ? (
    <Loaded fallback={null} error={null}>
      <ReplenishHeader />
    </Loaded>
  ) : null;
}
