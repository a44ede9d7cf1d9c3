// Logging out (spec §4 'Login'): confirmed, the game's user forgotten, the account's data dropped.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useTip } from "../../ui/tip.tsx";
import { accountKeys } from "../api/query-keys.ts";
import { useClientId, useTracker } from "../services.ts";
import { uiActions } from "../ui-actions.ts";
import { removeUser, testModeOn } from "./user-store.ts";

/** Logs out after the player confirms; resolves whether they did. */
export function useLogout(): () => Promise<boolean> {
  const clientId = useClientId();
  const tracker = useTracker();
  const { t } = useTranslation();
  const { confirm } = useTip();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // In test mode logging out only offers another login (SPEC-NOTES 'Internal test-account mode').
    if (testModeOn()) {
      uiActions.openLogin();
      return false;
    }
    const ok = await confirm({ title: t("common.tips"), text: t("error.logoutConfirm"), confirmLabel: t("login.logout") });
    if (!ok) return false;
    removeUser(clientId);
    tracker.track("logout");
    for (const queryKey of accountKeys()) queryClient.removeQueries({ queryKey });
    return true;
  }, [clientId, confirm, queryClient, t, tracker]);
}
