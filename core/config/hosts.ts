// The brand rules about hosts, in one place for every program (browser-safe): which hosts serve a
// brand's storefront, which of them are the automatic preview hosts, and the mode each runs in.
import type { BrandsConfig, HostMap, HostMode } from "./types.ts";

/** Preview hosts end here; `*.localhost` resolves to the machine itself in browsers. */
export const PREVIEW_DOMAIN = ".localhost";

/** The automatic preview hosts of a brand: production and demo, served by the sandbox. */
export function previewHosts(id: string): { production: string; demo: string } {
  return { production: `${id}${PREVIEW_DOMAIN}`, demo: `${id}-demo${PREVIEW_DOMAIN}` };
}

/** Whether `hostname` is one of the brand's preview hosts. */
export function isPreviewHost(hostname: string, brandId: string): boolean {
  const preview = previewHosts(brandId);
  return hostname === preview.production || hostname === preview.demo;
}

/** Whether `hostname` is a preview host of any brand (a local name, never a deployed one). */
export const isLocalPreviewHost = (hostname: string) => hostname.endsWith(PREVIEW_DOMAIN);

/**
 * The sub-hosts of a brand's preview hosts on any port, as a CSP source list: on the preview hosts
 * the platform is the sandbox itself and its backups are `backupN.<preview host>`.
 */
export function previewSubhostSources(id: string): string {
  const preview = previewHosts(id);
  return `http://*.${preview.production}:* http://*.${preview.demo}:*`;
}

/** Demo (beta) mode applies when the host contains 'demo' (spec §1). */
export function modeForHost(hostname: string): HostMode {
  return hostname.includes("demo") ? "demo" : "production";
}

/** Every host → { brand, mode }, the automatic preview hosts included, sorted by host. */
export function hostMap(config: BrandsConfig, only?: string): HostMap {
  const map: HostMap = {};
  for (const brand of config.brands) {
    if (only && brand.id !== only) continue;
    const preview = previewHosts(brand.id);
    for (const host of [...brand.hosts.production, preview.production]) map[host] = { brand: brand.id, mode: "production" };
    for (const host of [...brand.hosts.demo, preview.demo]) map[host] = { brand: brand.id, mode: "demo" };
  }
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Every host a storefront answers on (configured and preview): who may call, frame and be returned to. */
export function storefrontHosts(config: BrandsConfig): Set<string> {
  return new Set(Object.keys(hostMap(config)));
}

/** Names every machine gives itself: the platform answers on them for local tools and tests. */
const LOOPBACK = ["127.0.0.1", "localhost", "::1", "[::1]"];

/**
 * Whether a request's hostname is one the platform answers on: a brand's storefront host (the
 * platform is same-origin there), a brand's API host, a sub-host of a preview host (the preview's
 * backup API hosts `backupN.<id>.localhost`), or loopback. Anything else is not the platform's, so
 * nothing is built from it (links, caches).
 */
export function platformHostCheck(config: BrandsConfig): (hostname: string) => boolean {
  const known = new Set([...storefrontHosts(config), ...LOOPBACK]);
  for (const brand of config.brands)
    for (const mode of [brand.api.production, brand.api.demo])
      for (const origin of [mode.primary, ...mode.backup]) known.add(new URL(origin).hostname.toLowerCase());
  return (hostname) => {
    const host = hostname.toLowerCase();
    if (known.has(host)) return true;
    const dot = host.indexOf(".");
    return dot > 0 && isLocalPreviewHost(host) && known.has(host.slice(dot + 1));
  };
}
