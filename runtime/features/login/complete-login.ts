// What a successful login stores: the user for the game, a fresh order selection,
// then the store loaded again (or the make-up link the player came from).
import { useCallback } from "react";
import type { LoginResult } from "../../../core/browser/generated/api-types.ts";
import { useClientId, useTracker } from "../../shared/services.ts";
import { clearSelection } from "../../shared/session/order-selection.ts";
import { saveUser } from "../../shared/session/user-store.ts";

export function useCompleteLogin(): (result: LoginResult, method: string) => void {
  const clientId = useClientId();
  const tracker = useTracker();
  return useCallback(
    (result, method) => {
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
}
