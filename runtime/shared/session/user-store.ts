// Who is logged in, per game (docs/decisions.md, "Purchase journey"): user info is kept per game product id (paymentUserinfo)
// and, as the legacy key, per client id (userMap). Logged in = a token exists for the current game.
import { useSyncExternalStore } from "react";
import { getItem, removeItem, setItem } from "../../lib/storage.ts";
import { isUser, readUsers as readMap, storedUser, type UserInfo } from "../../lib/stored-users.ts";

export type { UserInfo };

const listeners = new Set<() => void>();
let version = 0;
function changed() {
  version++;
  for (const l of listeners) l();
}

/**
 * Internal test-account mode (docs/decisions.md, "Special flows"): on only once the platform has confirmed the stored
 * betaAccountKey this visit. The test account then has its own slot (betaUserInfo) for every game.
 */
let testMode: "unknown" | "on" | "off" = "unknown";

export const testModeOn = () => testMode === "on";

/** The platform's answer to the stored key: the test account's session, or null when refused. */
export function confirmTestMode(user: UserInfo | null): void {
  if (user) {
    setItem("betaUserInfo", user);
    testMode = "on";
  } else {
    removeItem("betaAccountKey");
    removeItem("betaUserInfo");
    testMode = "off";
  }
  changed();
}

/** The user of a game: by its product id when known, else the legacy entry of the client id. */
export function userFor(clientId: string, gpId?: number): UserInfo | undefined {
  if (testMode === "on") {
    const tester = getItem<unknown>("betaUserInfo");
    if (isUser(tester)) return tester;
  }
  return storedUser(clientId, gpId);
}

export function saveUser(clientId: string, user: UserInfo, betaToken?: string): void {
  if (betaToken) {
    // A test account: its own slot, apart from the per-game user info.
    setItem("betaAccountKey", betaToken);
    confirmTestMode(user);
    return;
  }
  if (testMode === "on") confirmTestMode(null);
  setItem("paymentUserinfo", { ...readMap("paymentUserinfo"), [String(user.gp_id)]: user });
  setItem("userMap", { ...readMap("userMap"), [clientId]: user });
  setItem("oauth_token", user.oauth_token);
  changed();
}

/** Forgets the game's user (logout, -600, 6001); other games keep theirs. */
export function removeUser(clientId: string): void {
  if (testMode === "on") {
    // The test session ended (-600 and the like): the next start asks the platform again.
    removeItem("betaUserInfo");
    testMode = "off";
    changed();
    return;
  }
  const user = userFor(clientId);
  const byGp = readMap("paymentUserinfo");
  const byClient = readMap("userMap");
  if (user) delete byGp[String(user.gp_id)];
  for (const [id, u] of Object.entries(byClient)) if (id === clientId || (user && u.gp_id === user.gp_id)) delete byClient[id];
  setItem("paymentUserinfo", byGp);
  setItem("userMap", byClient);
  removeItem("oauth_token");
  changed();
}

export function useTestMode(): boolean {
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => version,
  );
  return testModeOn();
}

export function useUser(clientId: string): UserInfo | undefined {
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => version,
  );
  return userFor(clientId);
}
