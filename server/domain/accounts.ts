// Accounts signing in: a session, or 6001 with a real-name ticket first; internal test accounts.
import type { LoginResult } from "../../core/generated/api-types.ts";
import { type CatalogGame, gamesOfBrand } from "../catalog/catalog.ts";
import { E, fail } from "./errors.ts";
import { gameOf } from "./games.ts";
import type { Answer, Params, Platform } from "./platform.ts";
import { issueRealNameTicket } from "./real-name.ts";
import { ensureRoles } from "./roles.ts";
import { type Account, startSession } from "./sessions.ts";

export interface AccountRow extends Account {
  password_hash: string | null;
  beta_token: string | null;
}

export const ACCOUNT_COLUMNS =
  "user_id::text AS user_id, brand_id, username, provider, region, real_name, is_test, password_hash, beta_token";

/** A session for the account, or 6001 with a real-name ticket when the brand requires it first. */
export async function loginResult(platform: Platform, game: CatalogGame, account: AccountRow): Promise<LoginResult> {
  // A first sign-in meets the sandbox game server's characters in every game of the brand.
  await ensureRoles(platform.db, platform.catalog.roleNames, account.user_id, gamesOfBrand(platform.catalog, game.brand.id));
  if (game.brand.features.realName && !account.real_name) {
    // Not verified: no session; the ticket lets /certifiedReal verify this account (spec §8: 6001).
    fail(E.notRealName, undefined, { ticket: await issueRealNameTicket(platform.db, account.user_id, platform.now()) });
  }
  const token = await startSession(platform.db, account.user_id, platform.now());
  return {
    username: account.username,
    suid: account.user_id,
    oauth_token: token,
    gp_id: game.gpId,
    real_name: account.real_name,
    ...(account.is_test && account.beta_token ? { beta_token: account.beta_token } : {}),
  };
}

/** Test-account mode: the brand's beta token signs its internal test account in. */
export async function betaConfirm(platform: Platform, params: Params<"betaConfirm">): Answer<"betaConfirm"> {
  const game = gameOf(platform, params.client_id);
  const [account] = await platform.db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE beta_token = $1 AND is_test AND brand_id = $2`,
    [params.beta_token, game.brand.id],
  );
  if (!account) fail(E.betaInvalid);
  return loginResult(platform, game, account);
}
