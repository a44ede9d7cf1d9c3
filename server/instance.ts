// The platform's state on a Fastify instance: its database, catalogue, secret, clock, delivery delay
// and caches are decorations, so each app serves the platform it was given and no module holds state.
import type { FastifyInstance } from "fastify";
import type { Catalog } from "./catalog/catalog.ts";
import type { Db } from "./db.ts";
import type { Platform, PlatformCaches, PlatformMode } from "./domain/platform.ts";

declare module "fastify" {
  interface FastifyInstance {
    mode: PlatformMode;
    db: Db;
    catalog: Catalog;
    secret: string;
    now(): Date;
    deliveryDelayMs: number;
    caches: PlatformCaches;
  }
}

export function decoratePlatform(instance: FastifyInstance, platform: Platform): void {
  instance.decorate("mode", platform.mode);
  instance.decorate("db", platform.db);
  instance.decorate("catalog", platform.catalog);
  instance.decorate("secret", platform.secret);
  instance.decorate("now", platform.now);
  instance.decorate("deliveryDelayMs", platform.deliveryDelayMs);
  instance.decorate("caches", platform.caches);
}

/** The platform a decorated instance carries, as the domain's calls take it. */
export const platformOf = (instance: FastifyInstance): Platform => instance;
