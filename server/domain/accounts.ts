// Accounts signing in: a session, or 6001 with a real-name ticket first; internal test accounts.
import type { LoginResult } from "../../core/browser/generated/api-types.ts";
import { type CatalogGame, gamesOfBrand } from "../catalog/catalog.ts";
import { CODE, fail } from "./errors.ts";
import { gameOf } from "./games.ts";
import type { Answer, Params, Platform } from "./platform.ts";
import { issueRealNameTicket } from "./real-name.ts";
import { ensureRoles } from "./roles.ts";
import { type Account, startSession } from "./sessions.ts";
import { issueTesterToken, testerOf } from "./testers.ts";

export interface AccountRow extends Account {
  password_hash: string | null;
}

export const ACCOUNT_COLUMNS = "user_id::text AS user_id, brand_id, username, provider, region, real_name, is_test, password_hash";

/** Whether a new account of this brand starts verified: only where the brand has no real-name gate. */
export const startsVerified = (game: CatalogGame) => !game.brand.features.realName;

/**
 * A session for the account, or 6001 with a real-name ticket when the brand requires it first. A
 * tester signing in (not confirming a token) also gets a test-account token for `device`.
 */
export async function loginResult(
  platform: Platform,
  game: CatalogGame,
  account: AccountRow,
  device: string,
  options: { issueTesterToken: boolean } = { issueTesterToken: true },
): Promise<LoginResult> {
  // A first sign-in meets the sandbox game server's characters in every game of the brand.
  await ensureRoles(platform.db, platform.catalog.roleNames, account.user_id, gamesOfBrand(platform.catalog, game.brand.id));
  if (game.brand.features.realName && !account.real_name) {
    // Not verified: no session; the ticket lets /certifiedReal verify this account (6001: docs/decisions.md, "Real-name gate").
    fail(CODE.notRealName, undefined, { ticket: await issueRealNameTicket(platform.db, account.user_id, platform.now()) });
  }
  const now = platform.now();
  const token = await startSession(platform.db, account.user_id, now);
  const tester =
    account.is_test && options.issueTesterToken ? await issueTesterToken(platform.db, account.user_id, device, now) : undefined;
  return {
    username: account.username,
    suid: account.user_id,
    oauth_token: token,
    gp_id: game.gpId,
    real_name: account.real_name,
    ...(tester ? { beta_token: tester } : {}),
  };
}

/** Test-account mode: a tester's token, on the device it was issued to, signs that tester in. */
export async function betaConfirm(platform: Platform, params: Params<"betaConfirm">): Answer<"betaConfirm"> {
  const game = gameOf(platform, params.client_id);
  const device = params.idfv ?? "";
  const userId = await testerOf(platform.db, params.beta_token, device, game.brand.id, platform.now());
  const [account] = userId
    ? await platform.db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE user_id = $1`, [userId])
    : [];
  if (!account) fail(CODE.betaInvalid);
  return loginResult(platform, game, account, device, { issueTesterToken: false });
}
