// Logging in and out (spec §4 'Login'): what a successful login stores, what logout clears.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { LoginResult } from "../../../core/generated/api-types.ts";
import { useServices } from "../../app/services.ts";
import { useTip } from "../../ui/tip.tsx";
import { clearSelection } from "../purchase/selection.ts";
import { removeUser, saveUser, testModeOn } from "./user-store.ts";

export const OPEN_LOGIN_EVENT = "sf:open-login";

export const openLogin = () => window.dispatchEvent(new CustomEvent(OPEN_LOGIN_EVENT));

export function useSessionActions() {
  const { clientId, tracker } = useServices();
  const { t } = useTranslation();
  const { confirm } = useTip();
  const queryClient = useQueryClient();

  /** Success: clear the order selection, store the user for the game, reload (or go to the make-up link). */
  const completeLogin = useCallback(
    (result: LoginResult, method: string) => {
      saveUser(
        clientId,
        { username: result.username, suid: result.suid, oauth_token: result.oauth_token, gp_id: result.gp_id },
        result.beta_token,
      );
      clearSelection();
      tracker.track("login", { method, suid: result.suid });
      const replenishId = new URLSearchParams(window.location.search).get("replenish_id");
      if (replenishId) window.location.assign(`/replenishGoods?replenish_id=${encodeURIComponent(replenishId)}`);
      else window.location.reload();
    },
    [clientId, tracker],
  );

  const logout = useCallback(async () => {
    // In test mode logging out only offers another login (SPEC-NOTES 'Internal test-account mode').
    if (testModeOn()) {
      openLogin();
      return false;
    }
    const ok = await confirm({ title: t("common.tips"), text: t("error.logoutConfirm"), confirmLabel: t("login.logout") });
    if (!ok) return false;
    removeUser(clientId);
    tracker.track("logout");
    queryClient.removeQueries({ predicate: (q) => ["userInfo", "roles", "allRoles", "limits"].includes(String(q.queryKey[0])) });
    return true;
  }, [clientId, confirm, queryClient, t, tracker]);

  return { completeLogin, logout };
}
