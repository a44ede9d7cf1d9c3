// The calls of schema/api/account.json: real-name verification, test accounts, the tracking sink.
import { betaConfirm } from "../domain/accounts.ts";
import { logout } from "../domain/login.ts";
import { realNameVerify } from "../domain/real-name.ts";
import { trackApi, trackDot } from "../domain/tracking.ts";
import { callRoutes } from "./calls.ts";

export const accountRoutes = callRoutes("account.json", {
  realNameVerify: ({ platform, params, caller }) => realNameVerify(platform, params, caller),
  logout: ({ platform, params, caller }) => logout(platform, params, caller),
  betaConfirm: ({ platform, params }) => betaConfirm(platform, params),
  trackDot: ({ platform, params, caller }) => trackDot(platform, params, caller),
  trackApi: ({ platform, params, caller }) => trackApi(platform, params, caller),
});
