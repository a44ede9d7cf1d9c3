// A sandbox platform for a config on a database: its catalogue, secret, clock and caches, the
// database seeded. Knows no HTTP: ./plugin.ts serves it.
import type { BrandsConfig } from "../core/config/types.ts";
import { buildCatalog } from "./catalog/catalog.ts";
import type { Db } from "./db.ts";
import { newCaches, type Platform } from "./domain/platform.ts";
import { seed } from "./domain/seed.ts";

export type { Platform };

export interface PlatformOptions {
  db: Db;
  config: BrandsConfig;
  /** Signs notifications and checkout links; from SANDBOX_SECRET, else a fixed development value. */
  secret?: string;
  now?: () => Date;
  /** Delay between payment and the game's delivery confirmation; SANDBOX_DELIVERY_MS, else 5 s. */
  deliveryDelayMs?: number;
}

/** SANDBOX_DELIVERY_MS as a whole number of milliseconds (0 to 1 hour); anything else is the default 5 s. */
export function deliveryDelay(value: string | undefined): number {
  const ms = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isInteger(ms) && ms >= 0 && ms <= 3_600_000 ? ms : 5000;
}

/** The secret that signs notifications, checkout links and test-account tokens: SANDBOX_SECRET, else a development value. */
export const platformSecret = (env: NodeJS.ProcessEnv = process.env) => env.SANDBOX_SECRET ?? "sandbox-development-secret";

export async function createPlatform(options: PlatformOptions): Promise<Platform> {
  const platform: Platform = {
    db: options.db,
    catalog: buildCatalog(options.config),
    secret: options.secret ?? platformSecret(),
    now: options.now ?? (() => new Date()),
    deliveryDelayMs: options.deliveryDelayMs ?? deliveryDelay(process.env.SANDBOX_DELIVERY_MS),
    caches: newCaches(),
  };
  await seed(platform.db, platform.catalog, platform.secret, platform.now());
  return platform;
}
