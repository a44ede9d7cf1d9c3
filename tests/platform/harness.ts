// A sandbox platform on an in-memory PGlite for tests, with helpers that speak the contract.
import { isDeepStrictEqual } from "node:util";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { FastifyInstance } from "fastify";
import { assembleApp } from "../../cli/sandbox.ts";
import type { BrandsConfig } from "../../core/browser/config/types.ts";
import { apiCalls } from "../../core/browser/generated/api-calls.ts";
import type { ApiCalls, CallName } from "../../core/browser/generated/api-types.ts";
import { loadContract } from "../../core/node/contract/contract.ts";
import { type Db, openDb } from "../../server/db.ts";
import { encodeCardInfo, encodeCredential } from "../../server/domain/crypto.ts";
import { SANDBOX_PASSWORD } from "../../server/domain/seed.ts";
import type { Platform, PlatformMode } from "../../server/platform.ts";
import type { TrustProxy } from "../../server/trust-proxy.ts";
import { demoConfig } from "../demo-config.ts";
import { testDb } from "../pglite-snapshot.ts";

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  content: T;
}

export interface Harness {
  app: FastifyInstance;
  db: Db;
  platform: Platform;
  call<N extends CallName>(
    name: N,
    params: Partial<ApiCalls[N]["request"]> & Record<string, unknown>,
    opts?: CallOptions,
  ): Promise<Envelope<ApiCalls[N]["response"]> & { status: number }>;
  raw(
    method: "GET" | "POST",
    url: string,
    params?: Record<string, unknown>,
  ): Promise<{ status: number; body: string; json: () => Envelope }>;
  login(brand: string, suffix?: string, clientId?: string): Promise<{ token: string; clientId: string; suid: string }>;
  close(): Promise<void>;
}

export interface CallOptions {
  path?: string;
  /** The client address (remoteAddress). */
  ip?: string;
  /** The Host header (127.0.0.1 by default). */
  host?: string;
  /** An Idempotency-Key header. */
  key?: string;
  /** More headers (X-Forwarded-Host, Origin…). */
  headers?: Record<string, string>;
}

/** Validators of every call's response content, from the same contract the server validates requests with. */
const validators = (() => {
  const { common, calls } = loadContract();
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  ajv.addSchema(common);
  return new Map<string, ValidateFunction>(calls.map((c) => [c.name, ajv.compile(c.response)]));
})();

/** Calls that answered code 1 with a content matching the contract, in this process. */
export const exercised = new Set<string>();

/**
 * Answers the response schemas' serializer (fast-json-stringify) changed: it writes only what a
 * schema describes, so a field the contract forgot would vanish without a word. Each call compares.
 */
const serializerDrift: string[] = [];

function watchSerializer(app: FastifyInstance): void {
  const plain = new WeakMap<object, string>();
  app.addHook("preSerialization", async (request, _reply, payload) => {
    plain.set(request, JSON.stringify(payload));
    return payload;
  });
  app.addHook("onSend", async (request, _reply, payload) => {
    const expected = plain.get(request);
    if (expected !== undefined && typeof payload === "string" && !isDeepStrictEqual(JSON.parse(payload), JSON.parse(expected)))
      serializerDrift.push(`${request.method} ${request.url}: sent ${payload.slice(0, 300)} for ${expected.slice(0, 300)}`);
    return payload;
  });
}

/** With DATABASE_URL, each test file gets its own database on that server, dropped at the end. */
export async function freshDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import("pg");
  const name = `sf_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export const clientOf = (platform: Platform, brand: string, gameKey?: string) => {
  const game = platform.catalog.games.find(
    (g) => g.brand.id === brand && (gameKey ? g.gameKey === gameKey : g.gameKey === g.brand.defaultGame),
  );
  if (!game) throw new Error(`no game for ${brand}/${gameKey}`);
  return game;
};

export async function startHarness(
  options: { db?: Db; now?: () => Date; secret?: string; config?: BrandsConfig; trustProxy?: TrustProxy; mode?: PlatformMode } = {},
): Promise<Harness> {
  const config = options.config ?? (await demoConfig());
  const pgDatabase = !options.db && process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
  const db = options.db ?? (pgDatabase ? await openDb({ url: pgDatabase.url }) : await testDb());
  const { app, platform } = await assembleApp(db, config, {
    secret: options.secret ?? "test-secret",
    ...(options.now ? { now: options.now } : {}),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    ...(options.mode ? { mode: options.mode } : {}),
  });
  watchSerializer(app);
  await app.ready();

  const raw: Harness["raw"] = async (method, url, params = {}) => {
    const res =
      method === "GET"
        ? await app.inject({ method, url, query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })
        : await app.inject({ method, url, payload: params });
    return { status: res.statusCode, body: res.body, json: () => res.json() as Envelope };
  };

  const call: Harness["call"] = async (name, params, opts = {}) => {
    const spec = apiCalls[name];
    const url = opts.path ?? spec.paths[0] ?? "/";
    const headers = { host: opts.host ?? "127.0.0.1", ...(opts.key ? { "idempotency-key": opts.key } : {}), ...opts.headers };
    const query = Object.fromEntries(
      Object.entries(params)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
    const res =
      spec.method === "GET"
        ? await app.inject({
            method: "GET",
            url,
            query,
            remoteAddress: opts.ip ?? "127.0.0.1",
            headers,
          })
        : await app.inject({
            method: "POST",
            url,
            payload: params,
            remoteAddress: opts.ip ?? "127.0.0.1",
            headers,
          });
    const drift = serializerDrift.splice(0);
    if (drift.length) throw new Error(`${name}: the serializer changed the answer: ${drift.join("\n")}`);
    const body = res.json() as Envelope<never>;
    if (typeof body.code !== "number" || typeof body.message !== "string" || !("content" in body))
      throw new Error(`${name}: not an envelope: ${res.body}`);
    if (res.statusCode >= 500) throw new Error(`${name}: HTTP ${res.statusCode}: ${res.body}`);
    if (body.code === 1) {
      const validate = validators.get(name);
      if (!validate?.(body.content))
        throw new Error(`${name}: content does not match the contract: ${JSON.stringify(validate?.errors)}\n${res.body.slice(0, 500)}`);
      exercised.add(name);
    }
    return { status: res.statusCode, ...body };
  };

  const login: Harness["login"] = async (brand, suffix = "player", clientId) => {
    const cid = clientId ?? clientOf(platform, brand).clientIds.web;
    const res = await call("auth", {
      username: encodeCredential(`${brand}_${suffix}`),
      password: encodeCredential(SANDBOX_PASSWORD),
      client_id: cid,
    });
    if (res.code !== 1) throw new Error(`login ${brand}_${suffix} failed: ${res.code} ${res.message}`);
    return { token: res.content.oauth_token, clientId: cid, suid: res.content.suid };
  };

  return {
    app,
    db,
    platform,
    call,
    raw,
    login,
    close: async () => {
      await app.close();
      if (!options.db) await db.close();
      await pgDatabase?.drop();
    },
  };
}

export interface Purchase {
  product: string;
  country: string;
  /** Defaults to PayPal (10201, channel paypal, /api/pay/paypal_pay). */
  payway?: number;
  channel?: string;
  path?: string;
  platform?: "android" | "ios" | "web";
  role?: { role_id: string; server_id: string };
}

/** The first character of a session's account in its game. */
export async function firstRole(h: Harness, session: { token: string; clientId: string }) {
  const roles = await h.call("allRoleList", { client_id: session.clientId, oauth_token: session.token });
  const role = roles.content.roles[0];
  if (!role) throw new Error("no role");
  return role;
}

/** A pay order for the session's first character (or the given one). */
export async function buy(h: Harness, session: { token: string; clientId: string }, p: Purchase) {
  const role = p.role ?? (await firstRole(h, session));
  return h.call(
    "payStart",
    {
      client_id: session.clientId,
      oauth_token: session.token,
      platform: p.platform ?? "web",
      country: p.country,
      server_id: role.server_id,
      role_id: role.role_id,
      product_id: p.product,
      payway_id: p.payway ?? 10201,
      channel_id: p.channel ?? "paypal",
    },
    { path: p.path ?? "/api/pay/paypal_pay" },
  );
}

/** Approves, declines (or leaves) a sandbox payment the way a player does on the checkout page. */
export async function decide(h: Harness, payUrl: string, outcome: "approved" | "declined" | "pending"): Promise<number> {
  const url = new URL(payUrl);
  const sig = url.searchParams.get("sig") ?? "";
  const res = await h.app.inject({
    method: "POST",
    url: url.pathname,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: `outcome=${outcome}&sig=${sig}`,
  });
  return res.statusCode;
}

export { encodeCardInfo, encodeCredential };

/** A request parameter's schema, as far as choosing a value for it needs. */
export type ParamSchema = { type?: string; $ref?: string; enum?: unknown[]; minimum?: number; pattern?: string };

/** A value the request schema accepts for a parameter, so a probe that breaks something else reaches the handler. */
export function validValue(name: string, schema: ParamSchema, clientId: string): unknown {
  const common = (loadContract().common.$defs ?? {}) as Record<string, ParamSchema>;
  const s = schema.$ref ? (common[schema.$ref.split("/").pop() ?? ""] ?? {}) : schema;
  if (name === "client_id") return clientId;
  if (name === "card_info") return encodeCardInfo("4300-JADE-001", "card-001");
  if (name === "callback") return "http://aurora.localhost/twitterRedirect.html";
  if (name === "use_category") return "avail,lock";
  if (name === "beta_token") return "beta_00000000000000000000";
  if (name === "ticket") return "rn_abc";
  if (s.enum) return s.enum[0];
  if (s.type === "integer" || s.type === "number") return s.minimum !== undefined && s.minimum > 1 ? s.minimum : 1;
  if (s.pattern === "^(GLOBAL|[A-Z]{2,3})$") return "US";
  if (s.pattern?.startsWith("^https?://")) return "http://aurora.localhost/";
  if (s.type === "object") return { a: "1" };
  return name === "username" || name === "password" ? "abcdef" : "1";
}
