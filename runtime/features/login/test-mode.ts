// Internal test-account mode on start: the stored betaAccountKey is a token the platform issued to a
// test account; the platform confirms it (betaConfirm) and answers that account's session. No secret
// is in the page: a key the platform does not confirm is dropped.
import { ApiError } from "../../lib/api/client.ts";
import { getItem } from "../../lib/storage.ts";
import type { Services } from "../../shared/services.ts";
import { confirmTestMode } from "../../shared/session/user-store.ts";

export async function confirmStoredTestAccount(services: Pick<Services, "api" | "clientId">): Promise<void> {
  const key = getItem<unknown>("betaAccountKey");
  if (typeof key !== "string" || key === "") return;
  try {
    const r = await services.api.call("betaConfirm", { beta_token: key, client_id: services.clientId });
    confirmTestMode({ username: r.username, suid: r.suid, oauth_token: r.oauth_token, gp_id: r.gp_id });
  } catch (err) {
    // Refused: no test mode, key forgotten. A network failure decides nothing (asked again next start).
    if (err instanceof ApiError) confirmTestMode(null);
  }
}
