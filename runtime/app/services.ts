// Makes the services every screen uses (shared/services.ts): the API client, tracking, and the one
// place errors are acted on (./act-on-error.ts).
import { afterAnswer } from "../lib/after-paint.ts";
import { createApiClient } from "../lib/api/client.ts";
import { withEarlyCalls } from "../lib/api/early.ts";
import { hostPlan } from "../lib/api/hosts.ts";
import { onDemand } from "../lib/on-demand.ts";
import { isOffline } from "../lib/online.ts";
import { getItem, setItem } from "../lib/storage.ts";
import { createTracker } from "../lib/tracking.ts";
import type { Services } from "../shared/services.ts";
import type { BrandRuntime } from "../shared/session/brand-context.ts";
import { userFor } from "../shared/session/user-store.ts";
import type { UiActionHandlers } from "../shared/ui-actions.ts";
import type { actOnError as actOn } from "./act-on-error.ts";
import { deviceId, resolveCaller, startToken } from "./start-plan.ts";

/** A tracking session lasts while the player is active; 30 idle minutes start a new one. */
export const SESSION_IDLE_MS = 30 * 60_000;

export function trackingSession(now = Date.now()): { id: string; time: number } {
  const stored = getItem<{ start: number; seen: number }>("trackTimestamp");
  const live = typeof stored === "object" && stored !== null && typeof stored.start === "number" && now - stored.seen < SESSION_IDLE_MS;
  const start = live ? stored.start : now;
  setItem("trackTimestamp", { start, seen: now });
  return { id: start.toString(36), time: Math.floor(start / 1000) };
}

const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_pay"] as const;

/** The utm_* of the entry link are kept as the traffic source until another link brings new ones. */
export function trafficSource(params: URLSearchParams): string | undefined {
  const fresh = Object.fromEntries(UTM_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)?.slice(0, 100) ?? ""]] : [])));
  if (Object.keys(fresh).length > 0) setItem("trafficSource", fresh);
  const stored = getItem<Record<string, string>>("trafficSource");
  if (typeof stored !== "object" || stored === null) return undefined;
  const parts = UTM_KEYS.filter((k) => typeof stored[k] === "string").map((k) => `${k}=${stored[k]}`);
  return parts.length > 0 ? parts.join("&") : undefined;
}

export interface ServiceDeps {
  runtime: BrandRuntime;
  game: string;
  /** The active language (every call's spec_lang) and its strings. */
  language: () => string;
  t: (key: "error.network" | "offline.action" | "error.paywayMissing") => string;
  location: Location;
  ui: UiActionHandlers;
}

export function createServices(deps: ServiceDeps): Services {
  const { runtime, location } = deps;
  const params = new URLSearchParams(location.search);
  const caller = resolveCaller(runtime.brand, deps.game, location.search, navigator.userAgent);
  const { platform, clientId, sdkView } = caller;
  const did = deviceId(params);
  const plan = () => hostPlan(runtime.brand, runtime.mode, location, getItem<string>("paymentBakApi"));
  const token = () => startToken(caller, params, userFor);
  const api = createApiClient({
    plan,
    common: () => ({ idfv: did, spec_lang: deps.language(), oauth_token: token() }),
    remember: (host) => setItem("paymentBakApi", host),
    offline: isOffline,
    // The top-up's first calls may be on their way already, started by the page itself; a call a tap
    // starts leaves after the tap's frame (lib/after-paint.ts).
    fetch: withEarlyCalls(async (...args) => afterAnswer(() => fetch(...args))),
  });
  const traffic = trafficSource(params);
  const tracker = createTracker(() => ({
    host: plan().tracking,
    appId: runtime.brand.tracking.appId,
    eventId: runtime.brand.tracking.eventId,
    sessionId: trackingSession().id,
    sessionTime: trackingSession().time,
    did,
    clientId,
  }));
  // What each error calls for is code of its own (./act-on-error.ts), in by the time a player acts.
  const actOnError = onDemand<Parameters<typeof actOn>>(() => import("./act-on-error.ts").then((m) => m.actOnError));
  const scene = { clientId, tracker, ui: deps.ui };
  const handleError = (error: unknown) =>
    actOnError(
      error,
      // As things are when the error happens, not when its code has loaded.
      {
        sdkView,
        networkMessage: deps.t("error.network"),
        paywayMissing: () => deps.t("error.paywayMissing"),
        offline: isOffline(),
        offlineMessage: deps.t("offline.action"),
      },
      scene,
    );
  const payContext = () => {
    const s = trackingSession();
    return { did, session_id: s.id, session_time: s.time, ...(traffic ? { traffic_source: traffic } : {}) };
  };
  const sdkToken = sdkView && Boolean(params.get("oauth_token"));
  return {
    api,
    tracker,
    platform,
    clientId,
    sdkView,
    sdkToken,
    handleError,
    payContext,
    apiHost: () => plan().hosts[0] ?? location.origin,
  };
}
