// A sandbox platform for a config on a database: its mode, catalogue, secret, clock and caches, the
// database seeded. Knows no HTTP: ./plugin.ts serves it.
import { randomBytes } from "node:crypto";
import type { BrandsConfig } from "../core/browser/config/types.ts";
import { buildCatalog } from "./catalog/catalog.ts";
import type { Db } from "./db.ts";
import { newCaches, type Platform, type PlatformMode } from "./domain/platform.ts";
import { seed } from "./domain/seed.ts";
import { TRACKING_LIMITS } from "./domain/tracking.ts";

export type { Platform, PlatformMode };

/**
 * What a start gives: the database and the config, and any of the platform's settings (Platform's
 * fields, declared once in domain/platform.ts); createPlatform derives the catalogue and the caches
 * and takes each setting not given from the environment or its default.
 */
export type PlatformOptions = Pick<Platform, "db"> &
  Partial<Pick<Platform, "mode" | "secret" | "now" | "deliveryDelayMs" | "trackingLimits">> & { config: BrandsConfig };

/** A start that must not go on: a missing or weak secret in production mode, an unknown mode. */
export class PlatformConfigError extends Error {}

/** SANDBOX_DELIVERY_MS as a whole number of milliseconds (0 to 1 hour); anything else is the default 5 s. */
export function deliveryDelay(value: string | undefined): number {
  const ms = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isInteger(ms) && ms >= 0 && ms <= 3_600_000 ? ms : 5000;
}

/** PLATFORM_MODE: `sandbox` (default) or `production`; anything else stops the start. */
export function platformMode(value: string | undefined): PlatformMode {
  if (value === undefined || value === "" || value === "sandbox") return "sandbox";
  if (value === "production") return "production";
  throw new PlatformConfigError(`PLATFORM_MODE must be 'sandbox' or 'production', not '${value}'`);
}

/** A secret given in the environment must be long enough to sign with. */
const MIN_SECRET = 32;

/**
 * The secret that signs notifications, checkout links and real-name tickets. Production mode
 * requires SANDBOX_SECRET (32 characters at least) and refuses to start without it. Sandbox mode
 * takes SANDBOX_SECRET when given, else makes a random one the first time a database is used and
 * keeps it in that database (the PGlite data folder, or the PostgreSQL database every process
 * shares). There is no secret in the source.
 */
export async function platformSecret(db: Db, mode: PlatformMode, given: string | undefined): Promise<string> {
  if (given !== undefined && given !== "") {
    if (given.length < MIN_SECRET) throw new PlatformConfigError(`SANDBOX_SECRET must be at least ${MIN_SECRET} characters`);
    return given;
  }
  if (mode === "production") {
    throw new PlatformConfigError(
      "production mode needs SANDBOX_SECRET (at least 32 random characters, e.g. `openssl rand -hex 32`): the platform does not start without it",
    );
  }
  await db.query("INSERT INTO platform_meta (key, value) VALUES ('secret', $1) ON CONFLICT (key) DO NOTHING", [
    randomBytes(32).toString("base64url"),
  ]);
  const [row] = await db.query<{ value: string }>("SELECT value FROM platform_meta WHERE key = 'secret'");
  if (!row) throw new PlatformConfigError("the sandbox secret could not be kept in the database");
  return row.value;
}

/**
 * What stops a start before anything is opened: NODE_ENV=production without PLATFORM_MODE, an unknown PLATFORM_MODE, production mode without
 * its secret (or with a short one), a sandbox clock in production. Entry points call it first.
 */
export function checkStartEnv(env: NodeJS.ProcessEnv = process.env): PlatformMode {
  // A production deploy that forgot PLATFORM_MODE would run the sandbox, which approves every payment.
  if (env.NODE_ENV === "production" && !env.PLATFORM_MODE)
    throw new PlatformConfigError(
      "NODE_ENV=production but PLATFORM_MODE is not set: choose PLATFORM_MODE=production (the platform's production mode: no sandbox accounts or tools, SANDBOX_SECRET required), or PLATFORM_MODE=sandbox to run the sandbox on purpose",
    );
  const mode = platformMode(env.PLATFORM_MODE);
  const secret = env.SANDBOX_SECRET;
  if (secret !== undefined && secret !== "" && secret.length < MIN_SECRET)
    throw new PlatformConfigError(`SANDBOX_SECRET must be at least ${MIN_SECRET} characters`);
  if (mode === "production" && !secret)
    throw new PlatformConfigError(
      "production mode needs SANDBOX_SECRET (at least 32 random characters, e.g. `openssl rand -hex 32`): the platform does not start without it",
    );
  if (mode === "production" && env.SANDBOX_CLOCK)
    throw new PlatformConfigError("SANDBOX_CLOCK is a sandbox tool: production mode keeps real time");
  sandboxClock(env.SANDBOX_CLOCK);
  return mode;
}

/**
 * SANDBOX_CLOCK=<ISO time>: the platform's clock starts at that moment and runs at real speed from
 * there (tests of other processes start inside a known lockout window). Absent: real time.
 */
export function sandboxClock(value: string | undefined): () => Date {
  if (value === undefined || value === "") return () => new Date();
  const start = Date.parse(value);
  if (Number.isNaN(start)) throw new PlatformConfigError(`SANDBOX_CLOCK must be an ISO time, not '${value}'`);
  const offset = start - Date.now();
  return () => new Date(Date.now() + offset);
}

/**
 * The platform for a config on a database. Not given: the mode from PLATFORM_MODE (sandbox by
 * default), the secret from SANDBOX_SECRET (see platformSecret), the clock from SANDBOX_CLOCK (real
 * time by default), the delivery delay from SANDBOX_DELIVERY_MS (5 s by default), the tracking
 * limits TRACKING_LIMITS.
 */
export async function createPlatform(options: PlatformOptions): Promise<Platform> {
  const mode = options.mode ?? checkStartEnv();
  const platform: Platform = {
    mode,
    db: options.db,
    // Production mode knows no preview hosts: its CORS, return URLs and links refuse them.
    catalog: buildCatalog(options.config, undefined, { previewHosts: mode === "sandbox" }),
    secret: options.secret ?? (await platformSecret(options.db, mode, process.env.SANDBOX_SECRET)),
    now: options.now ?? sandboxClock(mode === "sandbox" ? process.env.SANDBOX_CLOCK : undefined),
    deliveryDelayMs: options.deliveryDelayMs ?? deliveryDelay(process.env.SANDBOX_DELIVERY_MS),
    trackingLimits: options.trackingLimits ?? TRACKING_LIMITS,
    caches: newCaches(),
  };
  // The sandbox's accounts and cards have published passwords (README): production mode has none.
  if (mode === "sandbox") await seed(platform.db, platform.catalog, platform.now());
  return platform;
}
