// The sandbox platform as a Fastify app: platform API routes plus the built storefronts.

import type { Server } from "node:http";
import fastifyCompress from "@fastify/compress";
import fastifyCors, { type FastifyCorsOptions } from "@fastify/cors";
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from "fastify";
import { storefrontHosts } from "../core/config/hosts.ts";
import { CODE } from "../core/generated/api-errors.ts";
import type { Db } from "./db.ts";
import { PlatformError } from "./domain/errors.ts";
import type { Platform } from "./domain/platform.ts";
import { platformPlugin } from "./plugin.ts";
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
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const serverOptions: FastifyHttpOptions<Server> = {
    logger: options.logger ? { level: "info" } : false,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 200 },
    // A hop count: the n proxies nearest this server are believed (Fastify's types lack the number form).
    trustProxy: typeof options.trustProxy === "number" ? hops(options.trustProxy) : (options.trustProxy ?? false),
    ajv: { customOptions: { allowUnionTypes: true } },
  };
  const app = Fastify(serverOptions);

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

  // PostgreSQL text cannot hold NUL: refuse it at the door rather than fail deep in a query.
  app.addHook("preValidation", async (request, reply) => {
    if (containsNul(request.query) || containsNul(request.body)) {
      return reply.code(400).send({ code: CODE.badRequest, message: "invalid request: NUL characters are not allowed", content: null });
    }
  });

  app.get("/api/health", async () => {
    const [row] = await options.db.query<{ now: string }>("SELECT now()::text AS now");
    return ok({ database: options.db.kind, time: row?.now });
  });

  if (options.platform) await app.register(platformPlugin, { platform: options.platform });
  if (options.distDir) await registerSites(app, options.distDir);
  else {
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({ code: CODE.notFound, message: `unknown call ${request.url.split("?")[0]}`, content: null }),
    );
  }
  return app;
}

function hops(n: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < n;
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 8 || typeof value !== "object" || value === null) return false;
  return Object.entries(value).some(([k, v]) => k.includes("\u0000") || containsNul(v, depth + 1));
}

/**
 * The storefront calls the platform from its own hosts (and the backups are other hosts): answer
 * CORS for the brands' hosts only, on any port (preview hosts run on a chosen port).
 */
function brandOrigins(platform: Platform): FastifyCorsOptions {
  const hosts = storefrontHosts(platform.catalog.config);
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
