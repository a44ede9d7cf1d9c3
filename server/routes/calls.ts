// The calls of one contract file as a Fastify plugin: a route per path, with the contract's request
// schema and the envelope's response schema; the handler gets the parameters and the caller and
// calls the domain.
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ApiCalls, CallName } from "../../core/browser/generated/api-types.ts";
import { type CallSpec, type JsonSchema, loadContract, requestSchema } from "../../core/node/contract/contract.ts";
import { CODE, fail } from "../domain/errors.ts";
import { type Answered, KEY_PATTERN, once } from "../domain/idempotency.ts";
import type { Caller, Platform } from "../domain/platform.ts";
import { accountForToken } from "../domain/sessions.ts";
import { platformOf } from "../instance.ts";
import { requestOrigin } from "../request-host.ts";
import { ok, responseSchema } from "./envelope.ts";

export interface Call<N extends CallName> {
  platform: Platform;
  params: ApiCalls[N]["request"];
  caller: Caller;
  /** The path the call came in on (some calls answer several). */
  path: string;
}

export type Handler<N extends CallName> = (call: Call<N>) => Promise<ApiCalls[N]["response"]>;

/**
 * A call with checks that must run before its transaction, such as a password (docs/security.md,
 * "Where features meet"): `check` runs outside any transaction, then `answer` gets what it returned.
 * With an Idempotency-Key, only `answer` shares the transaction that records the answer.
 */
export interface CheckedHandler<N extends CallName, C> {
  check(call: Call<N>): Promise<C>;
  answer(call: Call<N>, checked: C): Promise<ApiCalls[N]["response"]>;
}

// biome-ignore lint/suspicious/noExplicitAny: each call's checked value is its own handler's business.
export type Handlers = { [N in CallName]?: Handler<N> | CheckedHandler<N, any> };

/** A plugin for the calls of `file` (e.g. games.json); every call of the file needs its handler, and only those. */
export function callRoutes(file: string, handlers: Handlers): FastifyPluginAsync {
  return async (scope) => {
    const { common, calls } = loadContract();
    const fileCalls = calls.filter((c) => c.file === file);
    const names = new Set(fileCalls.map((c) => c.name));
    const missing = fileCalls.filter((c) => !handlers[c.name as CallName]).map((c) => c.name);
    const stray = Object.keys(handlers).filter((name) => !names.has(name));
    if (missing.length) throw new Error(`${file}: calls without a handler: ${missing.join(", ")}`);
    if (stray.length) throw new Error(`${file}: handlers of calls it does not have: ${stray.join(", ")}`);
    const defs = (common.$defs ?? {}) as Record<string, JsonSchema>;
    for (const call of fileCalls)
      route(scope, call, responseSchema(call, defs), checkedHandler(handlers[call.name as CallName] as Handlers[CallName]));
  };
}

/** Every handler as a checked one: a plain handler checks nothing before its answer. */
function checkedHandler(handler: Handlers[CallName]): CheckedHandler<CallName, unknown> {
  if (typeof handler === "function") return { check: async () => undefined, answer: (call) => handler(call as never) };
  return handler as CheckedHandler<CallName, unknown>;
}

/**
 * Whose keys an Idempotency-Key is among, so one caller's key never answers another's call: a
 * session's token; without one, what the call acts on (docs/api.md, "Idempotency"): a real-name
 * ticket (its holder's alone), or a make-up link together with the address it is paid from (a link
 * is shared, and two payers are two callers); else the caller's address.
 */
export function keyOwner(token: string | undefined, params: Record<string, unknown>, address: string): string {
  // Each kind of owner has its own prefix: no value a caller sends can stand for another kind's.
  if (token) return `token:${token}`;
  if (typeof params.ticket === "string" && params.ticket) return `ticket:${params.ticket}`;
  if (typeof params.replenish_id === "string" && params.replenish_id) return `link:${params.replenish_id}@${address}`;
  return `address:${address}`;
}

function route(scope: FastifyInstance, call: CallSpec, response: JsonSchema, handler: CheckedHandler<CallName, unknown>): void {
  const platform = platformOf(scope);
  const schema = {
    ...(call.method === "GET" ? { querystring: requestSchema(call) } : { body: requestSchema(call) }),
    response: { 200: response },
  };
  for (const url of call.paths) {
    scope.route({
      method: call.method,
      url,
      schema,
      handler: async (request, reply) => {
        // A public catalogue read may be kept and revalidated; every other answer (sessions, tokens,
        // orders, personal data) is never stored (app.ts answers no-store by default).
        if (call.method === "GET" && call.auth === "none") reply.header("cache-control", "no-cache");
        const params = ((call.method === "GET" ? request.query : request.body) ?? {}) as Record<string, unknown>;
        const token = typeof params.oauth_token === "string" && params.oauth_token ? params.oauth_token : undefined;
        // The caller and the call's checks, outside any transaction; then the answer, which with a key
        // commits together with the record of it.
        const prepare = async (): Promise<(on: Platform) => Promise<Answered>> => {
          const user =
            call.auth === "none" ? undefined : await accountForToken(platform.db, platform.caches.sessions, token, platform.now());
          if (call.auth === "required" && !user) fail(CODE.notLoggedIn);
          const caller = { user, ...(user && token ? { token } : {}), address: request.ip, origin: requestOrigin(request) };
          const checked = await handler.check({ platform, params: params as never, caller, path: url });
          return async (on) => ok(await handler.answer({ platform: on, params: params as never, caller, path: url }, checked));
        };
        const key = request.headers["idempotency-key"];
        if (!call.idempotent || key === undefined) return (await prepare())(platform);
        if (typeof key !== "string" || !KEY_PATTERN.test(key))
          throw Object.assign(new Error("invalid request: Idempotency-Key must be 1 to 128 of A-Z a-z 0-9 _ . : -"), { statusCode: 400 });
        const { oauth_token: _token, ...rest } = params;
        return once(
          platform,
          { call: call.name, key, owner: keyOwner(token, params, request.ip), request: { path: url, params: rest } },
          prepare,
        );
      },
    });
  }
}
