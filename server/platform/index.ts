// The sandbox platform: catalogue from brands.yaml, seeded state, every call of the contract.
import type { FastifyInstance } from "fastify";
import type { BrandsConfig } from "../../core/config/types.ts";
import type { Db } from "../db.ts";
import { accountHandlers } from "./account.ts";
import { cardHandlers } from "./cards.ts";
import { buildCatalog } from "./catalog.ts";
import { registerCheckout } from "./checkout.ts";
import { couponHandlers } from "./coupons.ts";
import { eventHandlers } from "./events.ts";
import { gameHandlers } from "./games.ts";
import { loginHandlers } from "./login.ts";
import { orderHandlers } from "./orders.ts";
import { type Platform, registerCalls } from "./platform.ts";
import { registerProviderPages } from "./provider-pages.ts";
import { replenishHandlers } from "./replenish.ts";
import { registerSandbox } from "./sandbox.ts";
import { seed } from "./seed.ts";

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
  };
  await seed(platform.db, platform.catalog, platform.secret, platform.now());
  return platform;
}

export function registerPlatform(app: FastifyInstance, platform: Platform): void {
  registerCalls(app, platform, {
    ...gameHandlers,
    ...loginHandlers,
    ...orderHandlers,
    ...cardHandlers,
    ...couponHandlers,
    ...eventHandlers,
    ...replenishHandlers,
    ...accountHandlers,
  });
  registerCheckout(app, platform);
  registerSandbox(app, platform);
  registerProviderPages(app, platform);
}
