// Signing in: account and card passwords, the sandbox third-party providers, Twitter's round trip,
// and who is signed in.
import { storefrontUrl } from "../../core/browser/config/targets.ts";
import type { LoginResult } from "../../core/browser/generated/api-types.ts";
import type { CatalogGame } from "../catalog/catalog.ts";
import { ACCOUNT_COLUMNS, type AccountRow, loginResult, startsVerified } from "./accounts.ts";
import { type AttemptSubject, checkSecret, subjects } from "./attempts.ts";
import { decodeCredential, verifyPassword } from "./crypto.ts";
import { CODE, fail } from "./errors.ts";
import { gameOf } from "./games.ts";
import type { Answer, Caller, Params, Platform } from "./platform.ts";
import { endSession, requireUser } from "./sessions.ts";

export type Provider = "google" | "apple" | "facebook" | "twitter" | "vk" | "huawei";

/** Login calls name the game by client_id, or (replenish mode, /api/ingame/) by game_id. */
function loginGame(platform: Platform, params: { client_id?: string; game_id?: number }): CatalogGame {
  if (params.game_id !== undefined) {
    const game = platform.catalog.byGpId.get(params.game_id);
    if (!game) fail(CODE.notAGame);
    return game;
  }
  return gameOf(platform, params.client_id);
}

function brandRegion(game: CatalogGame): string {
  return Object.values(game.brand.areas)[0]?.regions[0] ?? "GLOBAL";
}

async function providerAccount(platform: Platform, game: CatalogGame, provider: Provider, code: string): Promise<AccountRow> {
  const brand = game.brand;
  const enabled =
    provider === "twitter"
      ? brand.login.twitter !== undefined
      : provider === "huawei"
        ? brand.login.huawei
        : brand.login[provider] !== undefined;
  if (!enabled) fail(CODE.loginFailed, `${provider} login is not offered by this store`);
  // The sandbox providers issue codes 'sbx_<user>'; anything else is refused like a bad code.
  const match = /^sbx_([a-z0-9_-]{1,40})$/i.exec(code);
  if (!match) fail(CODE.loginFailed);
  const uid = (match[1] ?? "").toLowerCase();
  // A new account is verified only where the brand has no real-name gate (docs/security.md, finding 4).
  const store = () =>
    platform.db.query<AccountRow>(
      `INSERT INTO accounts (brand_id, username, provider, provider_uid, region, real_name, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (brand_id, provider, provider_uid) DO UPDATE SET provider = EXCLUDED.provider
       RETURNING ${ACCOUNT_COLUMNS}`,
      [brand.id, `${provider}:${uid}`, provider, uid, brandRegion(game), startsVerified(game), platform.now()],
    );
  // The statement names the (brand, provider, uid) key. Two first sign-ins of one account racing
  // on PostgreSQL can meet on the username's key first, a unique violation: tried again, it finds
  // the row the other stored. A username held by an account made another way stays a failed login.
  const [row] = await store().catch((err: unknown) => {
    if (!isUniqueViolation(err)) throw err;
    return store().catch((again: unknown) => (isUniqueViolation(again) ? fail(CODE.loginFailed) : Promise.reject(again)));
  });
  if (!row) fail(CODE.loginFailed);
  return row;
}

/** PostgreSQL's unique_violation (SQLSTATE 23505), from node-postgres or PGlite. */
function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === "23505";
}

/**
 * A password checked under the attempt limits (attempts.ts checkSecret): the account or card and the
 * client's address. Locked answers -429 whether the account or card exists or not.
 */
async function checkedSecret(platform: Platform, subject: AttemptSubject, address: string, check: () => Promise<boolean>): Promise<void> {
  const verdict = await checkSecret(platform.db, [subject, subjects.address(address)], platform.now(), check);
  if (verdict === "locked") fail(CODE.tooManyRequests);
  if (verdict === "wrong") fail(CODE.loginFailed);
}

async function cardAccount(platform: Platform, game: CatalogGame, cardNo: string, password: string, address: string): Promise<AccountRow> {
  const [card] = await platform.db.query<{ password_hash: string }>(
    "SELECT password_hash FROM prepaid_cards WHERE card_no = $1 AND brand_id = $2",
    [cardNo, game.brand.id],
  );
  // The card's own lockout (shared with the card form's checks): an unknown card costs the same check.
  await checkedSecret(
    platform,
    subjects.card(cardNo),
    address,
    async () => (await verifyPassword(password, card?.password_hash, "card")) && Boolean(card),
  );
  const [row] = await platform.db.query<AccountRow>(
    `INSERT INTO accounts (brand_id, username, provider, provider_uid, region, real_name, created_at) VALUES ($1, $2, 'card', $2, $3, $4, $5)
     ON CONFLICT (brand_id, provider, provider_uid) DO UPDATE SET provider = 'card'
     RETURNING ${ACCOUNT_COLUMNS}`,
    [game.brand.id, cardNo, brandRegion(game), startsVerified(game), platform.now()],
  );
  if (!row) fail(CODE.loginFailed);
  return row;
}

/** An account (login_type password) or prepaid card (login_type card) and its password, encoded as docs/decisions.md says ("Login encoding"). */
export async function passwordLogin(platform: Platform, params: Params<"auth">, caller: Caller): Answer<"auth"> {
  const game = loginGame(platform, params);
  const username = decodeCredential(params.username);
  const password = decodeCredential(params.password);
  const device = params.idfv ?? "";
  if (!username || !password) fail(CODE.loginFailed, "login failed: the account or password is not encoded as agreed");
  if (params.login_type === "card")
    return loginResult(platform, game, await cardAccount(platform, game, username, password, caller.address), device);
  const [account] = await platform.db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE brand_id = $1 AND username = $2 AND provider = 'password'`,
    [game.brand.id, username],
  );
  await checkedSecret(
    platform,
    subjects.account(game.brand.id, username),
    caller.address,
    async () => (await verifyPassword(password, account?.password_hash)) && Boolean(account),
  );
  if (!account) fail(CODE.loginFailed);
  return loginResult(platform, game, account, device);
}

/** A sign-in with a code of a sandbox provider's page. */
export async function providerLogin(
  platform: Platform,
  provider: Exclude<Provider, "twitter">,
  params: { client_id?: string; game_id?: number; idfv?: string },
  code: string,
): Promise<LoginResult> {
  const game = loginGame(platform, params);
  return loginResult(platform, game, await providerAccount(platform, game, provider, code), params.idfv ?? "");
}

/** Where Twitter's sign-in starts: the sandbox's page, which returns to `callback`. */
export async function twitterAuth(platform: Platform, params: Params<"twitterAuth">, origin: string): Answer<"twitterAuth"> {
  const game = loginGame(platform, params);
  if (game.brand.login.twitter === undefined) fail(CODE.loginFailed, "twitter login is not offered by this store");
  // Twitter sends the player back to the callback: only to a page of a storefront.
  if (!storefrontUrl(platform.catalog.storefrontHosts, params.callback))
    fail(CODE.badRequest, "invalid request: callback must be a page of this store");
  const url = new URL("/sandbox/provider/twitter", origin);
  url.searchParams.set("callback", params.callback);
  return { url: url.toString() };
}

export async function twitterRedirect(platform: Platform, params: Params<"twitterRedirect">): Answer<"twitterRedirect"> {
  const game = loginGame(platform, params);
  if (params.oauth_verifier !== "approved") fail(CODE.loginFailed);
  return loginResult(platform, game, await providerAccount(platform, game, "twitter", params.oauth_token), params.idfv ?? "");
}

export async function userInfo(platform: Platform, params: Params<"userInfo">, caller: Caller): Answer<"userInfo"> {
  const game = gameOf(platform, params.client_id);
  const user = requireUser(caller.user, game);
  return {
    username: user.username,
    suid: user.user_id,
    gp_id: game.gpId,
    real_name: user.real_name,
    is_test: user.is_test,
    region: user.region,
  };
}

/** Ends the caller's session: its token is refused from now on. */
export async function logout(platform: Platform, params: Params<"logout">, caller: Caller): Answer<"logout"> {
  const game = gameOf(platform, params.client_id);
  requireUser(caller.user, game);
  if (caller.token) await endSession(platform.db, platform.caches.sessions, caller.token);
  return { logged_out: true };
}
