// Login: account and card passwords, the sandbox third-party providers, sessions, login config.
import type { LoginResult } from "../../core/generated/api-types.ts";
import type { Queryable } from "../db.ts";
import type { CatalogGame } from "./catalog.ts";
import { decodeCredential, newToken, verifyPassword } from "./crypto.ts";
import { E, fail } from "./errors.ts";
import { type Account, type CallContext, gameOf, type Handlers, type Platform, requireUser } from "./platform.ts";

const SESSION_DAYS = 30;
type Provider = "google" | "apple" | "facebook" | "twitter" | "vk" | "huawei";

/** Login calls name the game by client_id, or (replenish mode, /api/ingame/) by game_id. */
function loginGame(platform: Platform, params: { client_id?: string; game_id?: number }): CatalogGame {
  if (params.game_id !== undefined) {
    const game = platform.catalog.byGpId.get(params.game_id);
    if (!game) fail(E.notAGame);
    return game;
  }
  return gameOf(platform, params.client_id);
}

export async function startSession(db: Queryable, userId: string): Promise<string> {
  const token = newToken();
  await db.query(`INSERT INTO sessions (token, user_id, expires_at) VALUES ($1, $2, now() + interval '${SESSION_DAYS} days')`, [
    token,
    userId,
  ]);
  return token;
}

export interface AccountRow extends Account {
  password_hash: string | null;
  beta_token: string | null;
}

/** A session for the account, or 6001 with a real-name ticket when the brand requires it first. */
export async function loginResult(platform: Platform, game: CatalogGame, account: AccountRow): Promise<LoginResult> {
  if (game.brand.features.realName && !account.real_name) {
    // Not verified: no session; the ticket lets /certifiedReal verify this account (spec §8: 6001).
    const ticket = newToken(18);
    await platform.db.query("INSERT INTO sessions (token, user_id, expires_at) VALUES ($1, $2, now() + interval '30 minutes')", [
      `rn_${ticket}`,
      account.user_id,
    ]);
    fail(E.notRealName, undefined, { ticket: `rn_${ticket}` });
  }
  const token = await startSession(platform.db, account.user_id);
  return {
    username: account.username,
    suid: account.user_id,
    oauth_token: token,
    gp_id: game.gpId,
    real_name: account.real_name,
    ...(account.is_test && account.beta_token ? { beta_token: account.beta_token } : {}),
  };
}

export const ACCOUNT_COLUMNS =
  "user_id::text AS user_id, brand_id, username, provider, region, real_name, is_test, password_hash, beta_token";

async function providerAccount(platform: Platform, game: CatalogGame, provider: Provider, code: string): Promise<AccountRow> {
  const brand = game.brand;
  const enabled =
    provider === "twitter"
      ? brand.login.twitter !== undefined
      : provider === "huawei"
        ? brand.login.huawei
        : brand.login[provider] !== undefined;
  if (!enabled) fail(E.loginFailed, `${provider} login is not offered by this store`);
  // The sandbox providers issue codes 'sbx_<user>'; anything else is refused like a bad code.
  const match = /^sbx_([a-z0-9_-]{1,40})$/i.exec(code);
  if (!match) fail(E.loginFailed);
  const uid = (match[1] ?? "").toLowerCase();
  const region = Object.values(brand.areas)[0]?.regions[0] ?? "GLOBAL";
  const [row] = await platform.db.query<AccountRow>(
    `INSERT INTO accounts (brand_id, username, provider, provider_uid, region)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (brand_id, provider, provider_uid) DO UPDATE SET provider = EXCLUDED.provider
     RETURNING ${ACCOUNT_COLUMNS}`,
    [brand.id, `${provider}:${uid}`, provider, uid, region],
  );
  if (!row) fail(E.loginFailed);
  return row;
}

async function cardAccount(platform: Platform, game: CatalogGame, cardNo: string, password: string): Promise<AccountRow> {
  const [card] = await platform.db.query<{ password_hash: string }>(
    "SELECT password_hash FROM prepaid_cards WHERE card_no = $1 AND brand_id = $2",
    [cardNo, game.brand.id],
  );
  if (!verifyPassword(password, card?.password_hash)) fail(E.loginFailed);
  const region = Object.values(game.brand.areas)[0]?.regions[0] ?? "GLOBAL";
  const [row] = await platform.db.query<AccountRow>(
    `INSERT INTO accounts (brand_id, username, provider, provider_uid, region) VALUES ($1, $2, 'card', $2, $3)
     ON CONFLICT (brand_id, provider, provider_uid) DO UPDATE SET provider = 'card'
     RETURNING ${ACCOUNT_COLUMNS}`,
    [game.brand.id, cardNo, region],
  );
  if (!row) fail(E.loginFailed);
  return row;
}

function thirdParty<N extends "googleAuth" | "appleAuth" | "facebookAuth" | "vkAuth" | "huaweiAuth">(
  provider: Provider,
  code: (p: CallContext<N>["params"]) => string,
) {
  return async (ctx: CallContext<N>): Promise<LoginResult> => {
    const game = loginGame(ctx.platform, ctx.params);
    return loginResult(ctx.platform, game, await providerAccount(ctx.platform, game, provider, code(ctx.params)));
  };
}

export const loginHandlers: Handlers = {
  async auth({ params, platform }) {
    const game = loginGame(platform, params);
    const username = decodeCredential(params.username);
    const password = decodeCredential(params.password);
    if (!username || !password) fail(E.loginFailed, "login failed: the account or password is not encoded as agreed");
    if (params.login_type === "card") return loginResult(platform, game, await cardAccount(platform, game, username, password));
    const [account] = await platform.db.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE brand_id = $1 AND username = $2 AND provider = 'password'`,
      [game.brand.id, username],
    );
    if (!verifyPassword(password, account?.password_hash) || !account) fail(E.loginFailed);
    return loginResult(platform, game, account);
  },
  googleAuth: thirdParty("google", (p) => p.authorization_code),
  appleAuth: thirdParty("apple", (p) => p.authorization_code),
  facebookAuth: thirdParty("facebook", (p) => p.fb_access_token),
  vkAuth: thirdParty("vk", (p) => p.vk_access_token),
  huaweiAuth: thirdParty("huawei", (p) => p.authorization_code),
  async twitterAuth({ params, platform, origin }) {
    const game = loginGame(platform, params);
    if (game.brand.login.twitter === undefined) fail(E.loginFailed, "twitter login is not offered by this store");
    const url = new URL("/sandbox/provider/twitter", origin);
    url.searchParams.set("callback", params.callback);
    return { url: url.toString() };
  },
  async twitterRedirect({ params, platform }) {
    const game = loginGame(platform, params);
    if (params.oauth_verifier !== "approved") fail(E.loginFailed);
    return loginResult(platform, game, await providerAccount(platform, game, "twitter", params.oauth_token));
  },
  async userInfo(ctx) {
    const game = gameOf(ctx.platform, ctx.params.client_id);
    const user = requireUser(ctx, game);
    return {
      username: user.username,
      suid: user.user_id,
      gp_id: game.gpId,
      real_name: user.real_name,
      is_test: user.is_test,
      region: user.region,
    };
  },
  async loginConfig({ params, platform, origin }) {
    const game = gameOf(platform, params.client_id);
    const { login, areas } = game.brand;
    const area = params.domain_area && areas[params.domain_area] ? params.domain_area : game.area;
    const jsonType: ("google" | "apple" | "facebook" | "twitter" | "vk" | "huawei")[] = [];
    if (login.google) jsonType.push("google");
    if (login.apple) jsonType.push("apple");
    if (login.facebook) jsonType.push("facebook");
    if (login.twitter) jsonType.push("twitter");
    if (login.vk) jsonType.push("vk");
    if (login.huawei) jsonType.push("huawei");
    // Twitter keeps its own start call (twitter_auth); the others open a sign-in page in a popup.
    const popups = jsonType.filter((p): p is Exclude<Provider, "twitter"> => p !== "twitter");
    return {
      client_id: areas[area]?.loginClientId ?? "",
      json_type: jsonType,
      ...(login.facebook ? { fb_id: login.facebook.appId } : {}),
      ...(login.google ? { gg_id: login.google.clientId, gg_pkg: login.google.package } : {}),
      ...(login.apple ? { ios_id: login.apple.bundleId } : {}),
      ...(login.vk ? { vk_id: login.vk.appId } : {}),
      ...(login.huawei ? { hw_id: platform.catalog.config.huaweiClientId } : {}),
      ...(login.twitter ? { twitterHtml: login.twitter.redirectPage } : {}),
      ...(popups.length > 0
        ? { authorize_urls: Object.fromEntries(popups.map((p) => [p, new URL(`/sandbox/provider/${p}`, origin).toString()])) }
        : {}),
    };
  },
};
