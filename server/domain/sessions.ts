// Sessions: the account behind a session token (remembered briefly), new sessions, the login check.
import type { CatalogGame } from "../catalog/catalog.ts";
import type { Queryable } from "../db.ts";
import { BoundedCache } from "./bounded-cache.ts";
import { newToken } from "./crypto.ts";
import { E, fail } from "./errors.ts";

export interface Account {
  user_id: string;
  brand_id: string;
  username: string;
  provider: string;
  region: string;
  real_name: boolean;
  is_test: boolean;
}

const SESSION_DAYS = 30;
const SESSION_CACHE_MS = 10_000;

/** Valid sessions seen lately, per platform; bounded like every cache of client input. */
export type SessionCache = BoundedCache<string, { account: Account; until: number }>;

export const newSessionCache = (): SessionCache => new BoundedCache(50_000);

/**
 * The account of a session token. Polling asks this thousands of times a second, so valid
 * sessions are remembered for a few seconds (sessions only ever expire, never change owner).
 */
export async function accountForToken(db: Queryable, cache: SessionCache, token: string | undefined): Promise<Account | undefined> {
  if (!token) return undefined;
  const cached = cache.get(token);
  if (cached && cached.until > Date.now()) return cached.account;
  const [row] = await db.query<Account & { expires_ms: string }>(
    `SELECT a.user_id::text AS user_id, a.brand_id, a.username, a.provider, a.region, a.real_name, a.is_test,
            (extract(epoch FROM s.expires_at) * 1000)::bigint::text AS expires_ms
       FROM sessions s JOIN accounts a ON a.user_id = s.user_id
      WHERE s.token = $1 AND s.expires_at > now() AND s.token NOT LIKE 'rn\\_%'`,
    [token],
  );
  if (!row) return undefined;
  const { expires_ms: expiresMs, ...account } = row;
  cache.set(token, { account, until: Math.min(Date.now() + SESSION_CACHE_MS, Number(expiresMs)) });
  return account;
}

export async function startSession(db: Queryable, userId: string): Promise<string> {
  const token = newToken();
  await db.query(`INSERT INTO sessions (token, user_id, expires_at) VALUES ($1, $2, now() + interval '${SESSION_DAYS} days')`, [
    token,
    userId,
  ]);
  return token;
}

/** The logged-in account, of this game's brand; -600 otherwise. */
export function requireUser(user: Account | undefined, game?: CatalogGame): Account {
  if (!user || (game && user.brand_id !== game.brand.id)) fail(E.notLoggedIn);
  return user;
}
