// Changing the game (spec §4): confirm, clear the order selection unless it is the default game,
// remember the choice, and load the store again for it (a new game config, area rules and layout).
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../../app/services.ts";
import { useBrand } from "../../lib/brand-context.ts";
import { useSession } from "../../lib/session-context.ts";
import { setItem } from "../../lib/storage.ts";
import { useTip } from "../../ui/tip.tsx";
import { clearSelection } from "../purchase/selection.ts";

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
  const services = useServices();
  return useCallback(
    async (choice: GameChoice, ask = true) => {
      if (choice.clientId === services.clientId) return false;
      if (ask && !(await confirm({ title: t("game.change"), text: t("game.confirmChange", { name: choice.name }) }))) return false;
      const isDefault =
        choice.gameKey === brand.defaultGame && brand.games[brand.defaultGame]?.clientIdMap[services.platform] === choice.clientId;
      if (!isDefault) clearSelection();
      setItem("paymentGameInfo", { client_id: choice.clientId, game_key: choice.gameKey });
      services.tracker.track("changeGame", { to: choice.clientId });
      const query = new URLSearchParams({ client_id: choice.clientId, ...(area ? { domain_area: area } : {}) });
      window.location.assign(`/selectGoods?${query.toString()}`);
      return true;
    },
    [area, brand, confirm, services, t],
  );
}
