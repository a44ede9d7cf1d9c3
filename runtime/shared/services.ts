// The services the app makes once at start (app/services.ts), read through narrow hooks: a component
// takes only what it uses, and nothing below app/ knows how they are made.
import { createContext, useContext } from "react";
import type { ApiClient } from "../lib/api/client.ts";
import type { Platform } from "../lib/device.ts";
import type { Tracker } from "../lib/tracking.ts";

/** The device, tracking session and traffic source a pay order carries (docs/api.md, "payStart"). */
export interface PayContext {
  did: string;
  session_id: string;
  session_time: number;
  traffic_source?: string;
}

export interface Services {
  api: ApiClient;
  tracker: Tracker;
  /** The platform parameter of calls: the SDK's when the game opened the store, else the device's. */
  platform: Platform;
  /** The client id of the current game on this device's platform. */
  clientId: string;
  sdkView: boolean;
  /** In the SDK view: the game gave its token in the entry link (kept for the whole visit). */
  sdkToken: boolean;
  /** The API host calls go to first. */
  apiHost(): string;
  /** Carries out the reaction to an error (runtime/lib/api/error-actions.ts: toast, log out, go to a page…). */
  handleError(error: unknown): void;
  payContext(): PayContext;
}

export const ServicesContext = createContext<Services | null>(null);

function useServices(): Services {
  const value = useContext(ServicesContext);
  if (!value) throw new Error("services read outside ServicesContext");
  return value;
}

export const useApi = (): ApiClient => useServices().api;
export const useClientId = (): string => useServices().clientId;
export const useTracker = (): Tracker => useServices().tracker;
export const useErrorHandler = (): Services["handleError"] => useServices().handleError;
export const usePlatformParam = (): Platform => useServices().platform;
export const usePayContext = (): Services["payContext"] => useServices().payContext;
export const useApiHost = (): Services["apiHost"] => useServices().apiHost;

/** Whether the game opened the store in its web view, and whether it gave its token then. */
export function useSdkView(): { sdkView: boolean; sdkToken: boolean } {
  const { sdkView, sdkToken } = useServices();
  return { sdkView, sdkToken };
}
