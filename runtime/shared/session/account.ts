// The account logged in for the current game, as the screens and the account's queries see it.
import { useClientId, useSdkView } from "../services.ts";
import { type UserInfo, useUser } from "./user-store.ts";

export const useCurrentUser = (): UserInfo | undefined => useUser(useClientId());

/** The player is logged in for this game (the SDK view brings its own token). */
export function useLoggedIn(): boolean {
  const { sdkView, sdkToken } = useSdkView();
  const user = useCurrentUser();
  return sdkView ? sdkToken : user !== undefined;
}

/** The token in the loyalty queries' keys: "sdk" when the game's own token is used. */
export const useToken = (): string => useCurrentUser()?.oauth_token ?? "sdk";
