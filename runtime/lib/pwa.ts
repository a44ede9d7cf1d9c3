// The installable app: the brand's service worker (written by `gen build` at /sw.js) and the
// install events the tracker reports as `pwa`.
import type { Tracker } from "./tracking.ts";

export const CACHE_ASSETS_MESSAGE = "sf-cache-assets";

const ownAssets = (entries: PerformanceEntryList): string[] =>
  entries.map((entry) => entry.name).filter((url) => url.startsWith(`${location.origin}/assets/`));

/**
 * Registers the service worker once the page has loaded, so it never competes with the first render.
 * Once the worker controls the page every fetch passes through it (hashed assets are cached as they
 * come). The assets the page loaded before are named to it then, and so is each one still on its way
 * at that moment, when it arrives: it went to the network, not through the worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  const name = (urls: string[]) => {
    if (urls.length) container.controller?.postMessage({ type: CACHE_ASSETS_MESSAGE, urls });
  };
  const controlled = () => {
    name(ownAssets(performance.getEntriesByType("resource")));
    new PerformanceObserver((list) => name(ownAssets(list.getEntries()))).observe({ type: "resource" });
  };
  const register = () => {
    container
      .register("/sw.js", { scope: "/" })
      .then(() => {
        if (container.controller) controlled();
        else container.addEventListener("controllerchange", controlled, { once: true });
      })
      // Without a worker the store still works online; nothing to tell the player.
      .catch(() => undefined);
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** Reports the install prompt becoming available and the app being installed (before the worker is registered: the prompt follows it); returns the cleanup. */
export function trackInstall(tracker: Tracker): () => void {
  const installable = () => tracker.track("pwa", { action: "installable" });
  const installed = () => tracker.track("pwa", { action: "installed" });
  window.addEventListener("beforeinstallprompt", installable, { once: true });
  window.addEventListener("appinstalled", installed);
  return () => {
    window.removeEventListener("beforeinstallprompt", installable);
    window.removeEventListener("appinstalled", installed);
  };
}
