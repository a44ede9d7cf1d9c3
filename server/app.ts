// The sandbox platform as a Fastify app: platform API routes plus the built storefronts.

import type { Server } from "node:http";
import fastifyCompress from "@fastify/compress";
import fastifyCors, { type FastifyCorsOptions } from "@fastify/cors";
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from "fastify";
import { platformHostCheck } from "../core/browser/config/hosts.ts";
import { CODE } from "../core/browser/generated/api-errors.ts";
import { isApiPath, requestPath } from "../core/browser/hosting/http-policy.ts";
import { messageOf } from "../core/node/contract/contract.ts";
import type { Db } from "./db.ts";
import { PlatformError } from "./domain/errors.ts";
import type { Platform } from "./domain/platform.ts";
import { platformPlugin } from "./plugin.ts";
import { badHost, parseHost } from "./request-host.ts";
import { ok } from "./routes/envelope.ts";
import { registerSites } from "./sites.ts";
import type { TrustProxy } from "./trust-proxy.ts";

export interface AppOptions {
  db: Db;
  /** The sandbox platform; omit to serve only the sites and the health check. */
  platform?: Platform;
  /** The built dist/ to serve; omit to serve the API only. */
  distDir?: string;
  logger?: boolean;
  /**
   * Behind a reverse proxy (the generated nginx configuration): which proxies' X-Forwarded-* to
   * believe (./trust-proxy.ts, from TRUST_PROXY). Off by default, so a player cannot choose their
   * own address for the rate limits.
   */
  trustProxy?: TrustProxy;
  /** Where the request log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
}

/** Query parameters whose values are secrets: never written to a log. */
const SECRET_PARAMS = [
  "oauth_token",
  "ticket",
  "beta_token",
  "sig",
  "card_info",
  "authorization_code",
  "oauth_verifier",
  "code",
  "password",
];

/** A URL as the log may show it: each secret parameter's value replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, "[redacted]");
  return `${url.slice(0, at)}?${params.toString()}`;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const serverOptions: FastifyHttpOptions<Server> = {
    // The request log (LOG=1) never holds a token, ticket or signature: they are redacted from URLs.
    logger:
      options.logger || options.logStream
        ? {
            level: "info",
            ...(options.logStream ? { stream: options.logStream } : {}),
            serializers: {
              req: (request: { method: string; url: string; ip?: string }) => ({
                method: request.method,
                url: redactUrl(request.url),
                remoteAddress: request.ip,
              }),
            },
          }
        : false,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 200 },
    // A hop count: the n proxies nearest this server are believed (Fastify's types lack the number form).
    trustProxy: typeof options.trustProxy === "number" ? hops(options.trustProxy) : (options.trustProxy ?? false),
    ajv: { customOptions: { allowUnionTypes: true } },
  };
  const app = Fastify(serverOptions);
  const routes = routeTable(app);

  // Before anything else: a Host (or a trusted proxy's X-Forwarded-Host) that is not name[:port] or
  // [v6][:port] is refused, so no link, cache or log line is ever made of other header text.
  app.addHook("onRequest", async (request, reply) => {
    const bad = badHost(request);
    if (bad) return reply.code(400).send({ code: CODE.badRequest, message: `invalid request: ${bad}`, content: null });
  });

  // Every failure is an envelope with a code; never a stack trace, never a bare 500.
  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
    // Business errors are answers like any other: HTTP 200 with their code, as the real platform does.
    if (error instanceof PlatformError) {
      return reply.code(200).send({ code: error.code, message: error.message, content: error.content });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply
        .code(status)
        .send({ code: CODE.badRequest, message: error.validation ? `invalid request: ${error.message}` : error.message, content: null });
    }
    request.log.error(error);
    return reply.code(500).send({ code: CODE.internal, message: "internal error, please try again later", content: null });
  });

  // Pages and API answers compressed on the way out (brotli at a fast level, or gzip); hashed assets
  // already go out as the build's precompressed copies, which this leaves alone.
  await app.register(fastifyCompress, { global: true, encodings: ["br", "gzip"] });

  if (options.platform) await app.register(fastifyCors, brandOrigins(options.platform));

  // Text the database cannot hold (NUL) or that is not Unicode at all (a lone UTF-16 surrogate,
  // which JSON can spell as \ud800): refused at the door rather than failing deep in a query.
  app.addHook("preValidation", async (request, reply) => {
    const bad = badText(request.query) ?? badText(request.body);
    if (bad) return reply.code(400).send({ code: CODE.badRequest, message: `invalid request: ${bad}`, content: null });
  });

  // Every answer of the platform's paths: never sniffed as another type, and never stored by a
  // browser or proxy unless the route said otherwise (public artwork, catalogue reads).
  app.addHook("onSend", async (request, reply, payload) => {
    if (isApiPath(requestPath(request.url))) {
      reply.header("x-content-type-options", "nosniff");
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    }
    return payload;
  });

  if (options.platform) {
    // Links the platform builds (artwork, checkout pages) use the Host asked for: only the platform's
    // own hosts are answered, so no answer carries, and no memory keeps, a host a client made up.
    const known = platformHostCheck(options.platform.catalog.config, options.platform.mode);
    app.addHook("onRequest", async (request, reply) => {
      if (isApiPath(requestPath(request.url)) && !known(parseHost(request.host)?.hostname ?? "")) {
        return reply.code(421).send({ code: CODE.misdirected, message: messageOf(CODE.misdirected), content: null });
      }
    });
  }

  app.get("/api/health", async () => {
    const [row] = await options.db.query<{ now: string }>("SELECT now()::text AS now");
    return ok({ database: options.db.kind, time: row?.now });
  });

  if (options.platform) await app.register(platformPlugin, { platform: options.platform });
  if (options.distDir) await registerSites(app, options.distDir, { previewHosts: options.platform?.mode !== "production" });
  // A known path asked with another method answers 405 and says which it takes; anything else is
  // an unknown call. Both as the envelope.
  app.setNotFoundHandler((request, reply) => {
    const path = requestPath(request.url);
    const allow = routes.methodsFor(path, isApiPath(path));
    if (allow.length) {
      return reply
        .code(405)
        .header("allow", allow.join(", "))
        .send({ code: CODE.methodNotAllowed, message: `${request.method} is not a method of ${path}: ${allow.join(", ")}`, content: null });
    }
    return reply.code(404).send({ code: CODE.notFound, message: `unknown call ${path}`, content: null });
  });
  return app;
}

/**
 * Every route's method and path pattern as they are added, to tell "no such path" from "not with
 * this method". A catch-all (the storefront pages' `/*`, CORS preflights) says nothing of API paths.
 */
function routeTable(app: FastifyInstance) {
  const patterns: { method: string; pattern: RegExp; wildcard: boolean }[] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const source = route.url
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/:[A-Za-z0-9_]+/g, "[^/]+")
      .replace(/\*/g, ".*");
    for (const method of methods) patterns.push({ method, pattern: new RegExp(`^${source}$`), wildcard: route.url.includes("*") });
  });
  return {
    methodsFor(path: string, api: boolean): string[] {
      const hits = patterns.filter((p) => (!api || !p.wildcard) && p.method !== "OPTIONS" && p.pattern.test(path)).map((p) => p.method);
      return [...new Set(hits)].sort();
    },
  };
}

/** Trusts the `proxies` reverse proxies nearest the platform (TRUST_PROXY=n, trust-proxy.ts). */
function hops(proxies: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < proxies;
}

/** A UTF-16 surrogate without its other half: not a character, so nothing can store or show it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with a text of a request (its keys included), or undefined when every one is stored as sent. */
function badText(value: unknown, depth = 0): string | undefined {
  const check = (text: string) =>
    text.includes("\u0000")
      ? "NUL characters are not allowed"
      : LONE_SURROGATE.test(text)
        ? "text must be valid Unicode (a lone surrogate is not)"
        : undefined;
  if (typeof value === "string") return check(value);
  if (depth > 8 || typeof value !== "object" || value === null) return undefined;
  for (const [key, nested] of Object.entries(value)) {
    const bad = check(key) ?? badText(nested, depth + 1);
    if (bad) return bad;
  }
  return undefined;
}

/**
 * The storefront calls the platform from its own hosts (and the backups are other hosts): answer
 * CORS for the brands' hosts only, on any port (preview hosts run on a chosen port).
 */
function brandOrigins(platform: Platform): FastifyCorsOptions {
  const hosts = platform.catalog.storefrontHosts;
  const allowed = (origin: string | undefined) => {
    if (!origin) return false;
    try {
      return hosts.has(new URL(origin).hostname);
    } catch {
      return false;
    }
  };
  return {
    origin: (origin, callback) => callback(null, allowed(origin)),
    methods: ["GET", "POST"],
    // Idempotency-Key: state-changing calls carry one per player action (schema/api/calls.schema.json).
    allowedHeaders: ["content-type", "idempotency-key"],
    maxAge: 86400,
    // Every OPTIONS request of a storefront gets the preflight answer, Access-Control-Request-Method or not.
    strictPreflight: false,
  };
}
