// Makes the services every screen uses (shared/services.ts): the API client, tracking, and the one
// place errors are acted on.
import { setRealNameTicket } from "../features/real-name/ticket.ts";
import { createApiClient } from "../lib/api/client.ts";
import { actionFor } from "../lib/api/error-actions.ts";
import { hostPlan } from "../lib/api/hosts.ts";
import { type Platform, platformOf } from "../lib/device.ts";
import { isOffline } from "../lib/online.ts";
import { getItem, removeItem, setItem } from "../lib/storage.ts";
import { createTracker } from "../lib/tracking.ts";
import { queryKeys } from "../shared/api/query-keys.ts";
import type { Services } from "../shared/services.ts";
import type { BrandRuntime } from "../shared/session/brand-context.ts";
import { removeUser, userFor } from "../shared/session/user-store.ts";
import type { UiActionHandlers } from "../shared/ui-actions.ts";

/** The device id: idfv from the game when the URL has it, else this browser's own uuid. */
export function deviceId(params: URLSearchParams): string {
  const idfv = params.get("idfv");
  if (idfv) return idfv;
  let uuid = getItem<string>("paymentUuid");
  if (typeof uuid !== "string") {
    uuid =
      typeof crypto.randomUUID === "function" ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    setItem("paymentUuid", uuid);
  }
  return uuid;
}

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

/** The game chosen in the game picker: its client id and its (parent's) game key. */
export function chosenGame(): { client_id: string; game_key: string } | undefined {
  const v = getItem<{ client_id?: unknown; game_key?: unknown }>("paymentGameInfo");
  return typeof v === "object" && v !== null && typeof v.client_id === "string" && typeof v.game_key === "string"
    ? { client_id: v.client_id, game_key: v.game_key }
    : undefined;
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
  const platform = (params.get("visit") === "sdk" && (params.get("platform") as Platform | null)) || platformOf(navigator.userAgent);
  const gameConfig = runtime.brand.games[deps.game];
  const sdkView = params.get("visit") === "sdk";
  const urlClient = params.get("client_id");
  // A sub-game chosen in this store is remembered with its parent's game key (paymentGameInfo).
  const chosen = chosenGame();
  const stored = chosen?.game_key === deps.game ? chosen.client_id : undefined;
  const clientId =
    (sdkView && urlClient) ||
    (urlClient && urlClient === stored ? urlClient : undefined) ||
    (!urlClient ? stored : undefined) ||
    gameConfig?.clientIdMap[platform] ||
    urlClient ||
    "";
  const did = deviceId(params);
  const plan = () => hostPlan(runtime.brand, runtime.mode, location, getItem<string>("paymentBakApi"));
  const token = () => (sdkView ? params.get("oauth_token") : userFor(clientId)?.oauth_token) ?? undefined;
  const api = createApiClient({
    plan,
    common: () => ({ idfv: did, spec_lang: deps.language(), oauth_token: token() }),
    remember: (host) => setItem("paymentBakApi", host),
    offline: isOffline,
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
  const handleError = (error: unknown) => {
    const action = actionFor(error, {
      sdkView,
      networkMessage: deps.t("error.network"),
      paywayMissing: () => deps.t("error.paywayMissing"),
      offline: isOffline(),
      offlineMessage: deps.t("offline.action"),
    });
    if (action.realNameTicket) setRealNameTicket(action.realNameTicket);
    if (action.clearUser) removeUser(clientId);
    if (action.clearGame) removeItem("gameInfo");
    if (action.clearArea) removeItem("payment_domain_area");
    if (action.report) tracker.track("error", { call: (error as { call?: string }).call ?? "unknown" });
    if (action.reloadCouponsAfter) setTimeout(() => deps.ui.refresh(queryKeys.coupons.all()), action.reloadCouponsAfter);
    if (action.toast) deps.ui.toast(action.toast);
    if (action.openLogin) deps.ui.openLogin();
    if (action.navigate) deps.ui.navigate(action.navigate);
  };
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
