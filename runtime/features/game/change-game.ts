// Changing the game: confirm, clear the order selection unless it is the default game,
// remember the choice, and load the store again for it (a new game config, area rules and layout).
import { useCallback } from "react";
import { setItem } from "../../lib/storage.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { useClientId, usePlatformParam, useTracker } from "../../shared/services.ts";
import { useBrand } from "../../shared/session/brand-context.ts";
import { clearSelection } from "../../shared/session/order-selection.ts";
import { useSession } from "../../shared/session/session-context.ts";
import { useTip } from "../../ui/tip.tsx";

export interface GameChoice {
  clientId: string;
  /** The brand's game key of the game (the parent's for a sub-game). */
  gameKey: string;
  name: string;
}

export function useChangeGame() {
  const { t } = useTranslation();
  const { confirm } = useTip();
  const { brand } = useBrand();
  const { area } = useSession();
  const clientId = useClientId();
  const platform = usePlatformParam();
  const tracker = useTracker();
  return useCallback(
    async (choice: GameChoice, ask = true) => {
      if (choice.clientId === clientId) return false;
      if (ask && !(await confirm({ title: t("game.change"), text: t("game.confirmChange", { name: choice.name }) }))) return false;
      const isDefault = choice.gameKey === brand.defaultGame && brand.games[brand.defaultGame]?.clientIdMap[platform] === choice.clientId;
      if (!isDefault) clearSelection();
      setItem("paymentGameInfo", { client_id: choice.clientId, game_key: choice.gameKey });
      tracker.track("changeGame", { to: choice.clientId });
      const query = new URLSearchParams({ client_id: choice.clientId, ...(area ? { domain_area: area } : {}) });
      window.location.assign(`/selectGoods?${query.toString()}`);
      return true;
    },
    [area, brand, clientId, confirm, platform, t, tracker],
  );
}
