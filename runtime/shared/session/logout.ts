// Logging out: confirmed, the session ended on the platform, the game's user
// forgotten, the account's data dropped.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "../../lib/use-translation.ts";
import { useTip } from "../../ui/tip.tsx";
import { accountKeys } from "../api/query-keys.ts";
import { useApi, useClientId, useTracker } from "../services.ts";
import { uiActions } from "../ui-actions.ts";
import { removeUser, testModeOn } from "./user-store.ts";

/** Logs out after the player confirms; resolves whether they did. */
export function useLogout(): () => Promise<boolean> {
  const clientId = useClientId();
  const api = useApi();
  const tracker = useTracker();
  const { t } = useTranslation();
  const { confirm } = useTip();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // In test mode logging out only offers another login (docs/decisions.md, "Special flows").
    if (testModeOn()) {
      uiActions.openLogin();
      return false;
    }
    const ok = await confirm({ title: t("common.tips"), text: t("error.logoutConfirm"), confirmLabel: t("login.logout") });
    if (!ok) return false;
    // The platform ends the session so the token is worthless wherever it was copied. The call takes
    // the token as it starts; the browser forgets it at once, whatever the answer (retries, offline).
    void api.call("logout", { client_id: clientId }).catch(() => undefined);
    removeUser(clientId);
    tracker.track("logout");
    for (const queryKey of accountKeys()) queryClient.removeQueries({ queryKey });
    return true;
  }, [api, clientId, confirm, queryClient, t, tracker]);
}
