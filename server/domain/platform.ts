// What every domain call runs on: one platform's database, catalogue, secret, clock and caches,
// and what the HTTP layer learnt about the caller.
import type { ApiCalls, CallName } from "../../core/browser/generated/api-types.ts";
import type { Catalog } from "../catalog/catalog.ts";
import type { Db } from "../db.ts";
import { newPictureCache, type PictureCache } from "./artwork.ts";
import { type CountryMapCache, newCountryMapCache } from "./channels.ts";
import { newOrderAccessCache, type OrderAccessCache } from "./order-access.ts";
import { type Account, newSessionCache, type SessionCache } from "./sessions.ts";

/** Caches of one platform: a platform built again (a changed config, another database) starts empty. */
export interface PlatformCaches {
  sessions: SessionCache;
  orderAccess: OrderAccessCache;
  countryMaps: CountryMapCache;
  pictures: PictureCache;
}

export const newCaches = (): PlatformCaches => ({
  sessions: newSessionCache(),
  orderAccess: newOrderAccessCache(),
  countryMaps: newCountryMapCache(),
  pictures: newPictureCache(),
});

/** Tracking events one client may store a minute, and all clients together (./tracking.ts). */
export interface TrackingLimits {
  perClient: number;
  total: number;
}

/** sandbox: the sandbox's own tools answer (/sandbox/account, /sandbox/replenish, /sandbox/tracking); production: they do not. */
export type PlatformMode = "sandbox" | "production";

export interface Platform {
  mode: PlatformMode;
  db: Db;
  catalog: Catalog;
  /** Signs payment notifications, checkout links and test-account tokens; never sent to a browser. */
  secret: string;
  /** The rules' one clock (tests move it). */
  now(): Date;
  /** How long after payment the game server confirms delivery (the sandbox's stand-in for the game). */
  deliveryDelayMs: number;
  /** Tracking events one client may store a minute, and all together (domain/tracking.ts). */
  trackingLimits: TrackingLimits;
  caches: PlatformCaches;
}

/** The same platform on another database handle (one transaction's). */
export const onDb = (platform: Platform, db: Db): Platform => ({ ...platform, db });

/** Who calls: the session's account, and where from. */
export interface Caller {
  user: Account | undefined;
  /** The session token the call came with, when it named a valid session. */
  token?: string;
  /** The caller's address, for rate limits. */
  address: string;
  /** Origin of the platform host called, for absolute links (artwork, checkout pages). */
  origin: string;
}

/** A call's parameters and answer, as the contract (schema/api/) gives them. */
export type Params<N extends CallName> = ApiCalls[N]["request"];
export type Answer<N extends CallName> = Promise<ApiCalls[N]["response"]>;
