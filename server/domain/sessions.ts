// Sessions: the account behind a session token (remembered briefly), new sessions, the login check.
import type { CatalogGame } from "../catalog/catalog.ts";
import type { Queryable } from "../db.ts";
import { BoundedCache } from "./bounded-cache.ts";
import { newToken } from "./crypto.ts";
import { CODE, fail } from "./errors.ts";

export interface Account {
  user_id: string;
  brand_id: string;
  username: string;
  provider: string;
  region: string;
  real_name: boolean;
  is_test: boolean;
}

/** A session ends after this long without use (sliding)… */
export const SESSION_IDLE_DAYS = 7;
/** …and in any case this long after sign-in. */
export const SESSION_DAYS = 30;
/** A session's last use is written at most this often (each use within it reads only). */
const TOUCH_MS = 3600_000;
const SESSION_CACHE_MS = 10_000;
const DAY = 86_400_000;

/** Valid sessions seen lately, per platform; bounded like every cache of client input. */
export type SessionCache = BoundedCache<string, { account: Account; until: number }>;

export const newSessionCache = (): SessionCache => new BoundedCache(50_000);

/**
 * The account of a session token. Polling asks this thousands of times a second, so valid
 * sessions are remembered for a few seconds (sessions only ever expire, never change owner).
 */
export async function accountForToken(
  db: Queryable,
  cache: SessionCache,
  token: string | undefined,
  now: Date,
): Promise<Account | undefined> {
  if (!token) return undefined;
  const cached = cache.get(token);
  if (cached && cached.until > now.getTime()) return cached.account;
  const [row] = await db.query<Account & { expires_ms: string; last_seen_ms: string; absolute_ms: string }>(
    `SELECT a.user_id::text AS user_id, a.brand_id, a.username, a.provider, a.region, a.real_name, a.is_test,
            (extract(epoch FROM s.expires_at) * 1000)::bigint::text AS expires_ms,
            (extract(epoch FROM s.last_seen_at) * 1000)::bigint::text AS last_seen_ms,
            (extract(epoch FROM s.absolute_expires_at) * 1000)::bigint::text AS absolute_ms
       FROM sessions s JOIN accounts a ON a.user_id = s.user_id
      WHERE s.token = $1 AND s.expires_at > $2 AND s.token NOT LIKE 'rn\\_%'`,
    [token, now],
  );
  if (!row) return undefined;
  const { expires_ms: expiresMs, last_seen_ms: lastSeenMs, absolute_ms: absoluteMs, ...account } = row;
  let expires = Number(expiresMs);
  // Sliding: a use moves the end to the idle limit from now (never past the absolute end), written
  // once an hour at most.
  if (now.getTime() - Number(lastSeenMs) >= TOUCH_MS) {
    expires = Math.min(now.getTime() + SESSION_IDLE_DAYS * DAY, Number(absoluteMs));
    await db.query("UPDATE sessions SET last_seen_at = $2, expires_at = $3 WHERE token = $1", [token, now, new Date(expires)]);
  }
  cache.set(token, { account, until: Math.min(now.getTime() + SESSION_CACHE_MS, expires) });
  return account;
}

export async function startSession(db: Queryable, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await db.query(
    "INSERT INTO sessions (token, user_id, created_at, last_seen_at, expires_at, absolute_expires_at) VALUES ($1, $2, $3, $3, $4, $5)",
    [token, userId, now, new Date(now.getTime() + SESSION_IDLE_DAYS * DAY), new Date(now.getTime() + SESSION_DAYS * DAY)],
  );
  return token;
}

/** Ends a session on the platform: the token is refused from now on, here and in every process. */
export async function endSession(db: Queryable, cache: SessionCache, token: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE token = $1 AND token NOT LIKE 'rn\\_%'", [token]);
  cache.delete(token);
}

/** Forgets what the cache remembers of an account's sessions (its real name changed). */
export function forgetAccount(cache: SessionCache, userId: string): void {
  cache.deleteWhere((entry) => entry.account.user_id === userId);
}

/** The logged-in account, of this game's brand; -600 otherwise. */
export function requireUser(user: Account | undefined, game?: CatalogGame): Account {
  if (!user || (game && user.brand_id !== game.brand.id)) fail(CODE.notLoggedIn);
  return user;
}
