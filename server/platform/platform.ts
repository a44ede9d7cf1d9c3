// The platform's shared state and the registration of every call of the contract.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type CallSpec, loadContract, requestSchema } from "../../core/contract/contract.ts";
import type { ApiCalls, CallName } from "../../core/generated/api-types.ts";
import type { Db, Queryable } from "../db.ts";
import type { Catalog, CatalogGame } from "./catalog.ts";
import { ok } from "./envelope.ts";
import { E, fail } from "./errors.ts";

export interface Platform {
  db: Db;
  catalog: Catalog;
  /** Signs payment notifications and checkout links; never sent to a browser. */
  secret: string;
  now(): Date;
  /** How long after payment the game server confirms delivery (the sandbox's stand-in for the game). */
  deliveryDelayMs: number;
}

export interface Account {
  user_id: string;
  brand_id: string;
  username: string;
  provider: string;
  region: string;
  real_name: boolean;
  is_test: boolean;
}

export interface CallContext<N extends CallName> {
  params: ApiCalls[N]["request"];
  user: Account | undefined;
  token: string | undefined;
  platform: Platform;
  /** The caller's address, for rate limits. */
  address: string;
  /** Origin of this platform host, for absolute links (artwork, checkout pages). */
  origin: string;
  /** The path the call came in on (some calls answer several). */
  path: string;
}

export type Handler<N extends CallName> = (ctx: CallContext<N>) => Promise<ApiCalls[N]["response"]>;
export type Handlers = { [N in CallName]?: Handler<N> };

const SESSION_CACHE_MS = 10_000;
const sessionCache = new Map<string, { account: Account; until: number }>();

/**
 * The account of a session token. Polling asks this thousands of times a second, so valid
 * sessions are remembered for a few seconds (sessions only ever expire, never change owner).
 */
export async function accountForToken(db: Queryable, token: string | undefined): Promise<Account | undefined> {
  if (!token) return undefined;
  const cached = sessionCache.get(token);
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
  if (sessionCache.size > 50_000) sessionCache.clear();
  sessionCache.set(token, { account, until: Math.min(Date.now() + SESSION_CACHE_MS, Number(expiresMs)) });
  return account;
}

/** The game a client id names; -3001 when none. */
export function gameOf(platform: Platform, clientId: string | undefined): CatalogGame {
  const game = clientId ? platform.catalog.byClientId.get(clientId) : undefined;
  if (!game) fail(E.notAGame);
  return game;
}

/** The logged-in account, of this game's brand; -600 otherwise. */
export function requireUser(ctx: { user: Account | undefined }, game?: CatalogGame): Account {
  if (!ctx.user || (game && ctx.user.brand_id !== game.brand.id)) fail(E.notLoggedIn);
  return ctx.user;
}

export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function registerCalls(app: FastifyInstance, platform: Platform, handlers: Handlers): void {
  const { common, calls } = loadContract();
  const { $schema: _drop, ...shared } = common;
  app.addSchema(shared);
  const missing = calls.filter((c) => !handlers[c.name as CallName]).map((c) => c.name);
  if (missing.length) throw new Error(`calls without a handler: ${missing.join(", ")}`);
  for (const call of calls) registerCall(app, platform, call, handlers[call.name as CallName] as Handler<CallName>);
}

function registerCall(app: FastifyInstance, platform: Platform, call: CallSpec, handler: Handler<CallName>): void {
  const schema = call.method === "GET" ? { querystring: requestSchema(call) } : { body: requestSchema(call) };
  for (const url of call.paths) {
    app.route({
      method: call.method,
      url,
      schema,
      handler: async (request) => {
        const params = ((call.method === "GET" ? request.query : request.body) ?? {}) as Record<string, unknown>;
        const token = typeof params.oauth_token === "string" && params.oauth_token ? params.oauth_token : undefined;
        const user = call.auth === "none" ? undefined : await accountForToken(platform.db, token);
        if (call.auth === "required" && !user) fail(E.notLoggedIn);
        const result = await handler({
          params: params as never,
          user,
          token,
          platform,
          address: request.ip,
          origin: originOf(request),
          path: url,
        });
        return ok(result);
      },
    });
  }
}
