// The installable app: the brand's service worker (written by `gen build` at /sw.js) and the
// install events the tracker reports as `pwa`.
import type { Tracker } from "./tracking.ts";

export const CACHE_ASSETS_MESSAGE = "sf-cache-assets";

/** The page's own hashed assets it has loaded so far (route and language chunks included). */
function loadedAssets(): string[] {
  return performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${location.origin}/assets/`));
}

/** Registers the service worker once the page has loaded, so it never competes with the first render. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active?.postMessage({ type: CACHE_ASSETS_MESSAGE, urls: loadedAssets() }))
      // Without a worker the store still works online; nothing to tell the player.
      .catch(() => undefined);
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** Reports the install prompt becoming available and the app being installed; returns the cleanup. */
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
