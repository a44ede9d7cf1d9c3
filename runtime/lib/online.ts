// Whether the browser is online, from navigator.onLine and its online/offline events. Only
// "offline" is certain: online means a network is attached, not that the platform answers.
import { useSyncExternalStore } from "react";

export const isOffline = (): boolean => typeof navigator !== "undefined" && navigator.onLine === false;

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
