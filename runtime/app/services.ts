// The services every screen uses: the API client, tracking, and the one place errors are acted on.
import type { i18n } from "i18next";
import { createContext, useContext } from "react";
import { setRealNameTicket } from "../features/real-name/ticket.ts";
import { type ApiClient, createApiClient } from "../lib/api/client.ts";
import { actionFor } from "../lib/api/error-actions.ts";
import { hostPlan } from "../lib/api/hosts.ts";
import type { BrandRuntime } from "../lib/brand-context.ts";
import { platformOf } from "../lib/device.ts";
import { getItem, removeItem, setItem } from "../lib/storage.ts";
import { createTracker, type Tracker } from "../lib/tracking.ts";

export interface Services {
  api: ApiClient;
  tracker: Tracker;
  platform: ReturnType<typeof platformOf>;
  /** The client id of the current game on this device's platform. */
  clientId: string;
  sdkView: boolean;
  /** The API host calls go to first. */
  apiHost(): string;
  /** Carries out the spec's reaction to an error (toast, log out, go to a page…). */
  handleError(error: unknown): void;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const value = useContext(ServicesContext);
  if (!value) throw new Error("useServices outside ServicesContext");
  return value;
}

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

function trackingSession(): { id: string; time: number } {
  let start = getItem<number>("trackTimestamp");
  if (typeof start !== "number") {
    start = Date.now();
    setItem("trackTimestamp", start);
  }
  return { id: `${start.toString(36)}`, time: Math.floor(start / 1000) };
}

export interface ServiceDeps {
  runtime: BrandRuntime;
  game: string;
  i18n: i18n;
  location: Location;
  navigate: (to: string) => void;
  toast: (message: string) => void;
  openLogin: () => void;
}

export function createServices(deps: ServiceDeps): Services {
  const { runtime, location } = deps;
  const params = new URLSearchParams(location.search);
  const platform =
    (params.get("visit") === "sdk" && (params.get("platform") as ReturnType<typeof platformOf> | null)) || platformOf(navigator.userAgent);
  const gameConfig = runtime.brand.games[deps.game];
  const sdkView = params.get("visit") === "sdk";
  const clientId = (sdkView && params.get("client_id")) || gameConfig?.clientIdMap[platform] || params.get("client_id") || "";
  const did = deviceId(params);
  const plan = () => hostPlan(runtime.brand, runtime.mode, location, getItem<string>("paymentBakApi"));
  const token = () => (sdkView ? params.get("oauth_token") : getItem<string>("oauth_token")) ?? undefined;
  const api = createApiClient({
    plan,
    common: () => ({ idfv: did, spec_lang: deps.i18n.language, oauth_token: token() }),
    remember: (host) => setItem("paymentBakApi", host),
  });
  const session = trackingSession();
  const tracker = createTracker(() => ({
    host: plan().tracking,
    appId: runtime.brand.tracking.appId,
    eventId: runtime.brand.tracking.eventId,
    sessionId: session.id,
    sessionTime: session.time,
    did,
    clientId,
  }));
  const handleError = (error: unknown) => {
    const action = actionFor(error, { sdkView, networkMessage: deps.i18n.t("error.network") });
    if (action.realNameTicket) setRealNameTicket(action.realNameTicket);
    if (action.clearUser) removeItem("oauth_token");
    if (action.clearGame) removeItem("gameInfo");
    if (action.clearArea) removeItem("payment_domain_area");
    if (action.report) tracker.track("error", { call: (error as { call?: string }).call ?? "unknown" });
    if (action.toast) deps.toast(action.toast);
    if (action.openLogin) deps.openLogin();
    if (action.navigate) deps.navigate(action.navigate);
  };
  return { api, tracker, platform, clientId, sdkView, handleError, apiHost: () => plan().hosts[0] ?? location.origin };
}
