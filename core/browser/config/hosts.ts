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

/**
 * A host name as browsers resolve it: lower case, no final dot, IPv4 in dotted decimal (`127.1` and
 * `0x7f.1` are 127.0.0.1), IPv6 in brackets and compressed. Unparseable names are only lower-cased.
 */
export function canonicalHost(host: string): string {
  const bare = host.trim();
  const bracketed = bare.includes(":") && !bare.startsWith("[") ? `[${bare}]` : bare;
  try {
    return new URL(`http://${bracketed}/`).hostname.replace(/\.$/, "");
  } catch {
    return bare.toLowerCase().replace(/\.$/, "");
  }
}

/** RFC 2606 and RFC 6761 names, which never reach a server on the internet. */
const RESERVED = /(^|\.)(example|test|invalid)$|(^|\.)example\.(com|net|org)$/;

/** Whether a host is on a reserved example name (`.example`, `.test`, `.invalid`, `example.com`…). */
export const isReservedHost = (host: string) => RESERVED.test(canonicalHost(host));

/** The machine's own names: `localhost` and its sub-names, and what /etc/hosts usually calls it. */
const LOOPBACK_NAMES = /^(localhost|.+\.localhost|localhost\.localdomain|localhost6(\.localdomain6)?|ip6-(localhost|loopback))$/;

/**
 * Whether a host reaches the player's own device (or no device): loopback names, 127.0.0.0/8, ::1,
 * IPv4-mapped 127.x, and the unspecified addresses 0.0.0.0 and ::.
 */
export function isLoopbackHost(host: string): boolean {
  const h = canonicalHost(host);
  return (
    LOOPBACK_NAMES.test(h) ||
    /^127\.\d+\.\d+\.\d+$/.test(h) ||
    h === "0.0.0.0" ||
    h === "[::1]" ||
    h === "[::]" ||
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(h)
  );
}

/** Demo (beta) mode applies when the host contains 'demo' (docs/decisions.md, "Brands and hosts"). */
export function modeForHost(hostname: string): HostMode {
  return hostname.includes("demo") ? "demo" : "production";
}

/**
 * Every host → { brand, mode }, sorted by host: the brands' own hosts, and their automatic preview
 * hosts unless `preview` is false (a platform in production mode, a deploy without them).
 */
export function hostMap(config: BrandsConfig, only?: string, preview = true): HostMap {
  const map: HostMap = {};
  for (const brand of config.brands) {
    if (only && brand.id !== only) continue;
    const local = previewHosts(brand.id);
    for (const host of [...brand.hosts.production, ...(preview ? [local.production] : [])])
      map[host] = { brand: brand.id, mode: "production" };
    for (const host of [...brand.hosts.demo, ...(preview ? [local.demo] : [])]) map[host] = { brand: brand.id, mode: "demo" };
  }
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Every host a storefront answers on, the preview hosts too unless `preview` is false: who may call,
 * frame and be returned to.
 */
export function storefrontHosts(config: BrandsConfig, preview = true): Set<string> {
  return new Set(Object.keys(hostMap(config, undefined, preview)));
}

/** Names every machine gives itself: the platform answers on them for local tools and tests. */
const LOOPBACK = ["127.0.0.1", "localhost", "::1", "[::1]"];

/**
 * Whether a request's hostname is one the platform answers on: a brand's storefront host (the
 * platform is same-origin there), a brand's API host, a sub-host of a preview host (the preview's
 * backup API hosts `backupN.<id>.localhost`), or loopback. Anything else is not the platform's, so
 * nothing is built from it (links, caches). In production mode the preview hosts are not the platform's.
 */
export function platformHostCheck(config: BrandsConfig, mode: "sandbox" | "production" = "sandbox"): (hostname: string) => boolean {
  const preview = mode === "sandbox";
  const known = new Set([...storefrontHosts(config, preview), ...LOOPBACK]);
  for (const brand of config.brands)
    for (const mode of [brand.api.production, brand.api.demo])
      for (const origin of [mode.primary, ...mode.backup]) known.add(new URL(origin).hostname.toLowerCase());
  return (hostname) => {
    const host = hostname.toLowerCase();
    if (known.has(host)) return true;
    const dot = host.indexOf(".");
    return preview && dot > 0 && isLocalPreviewHost(host) && known.has(host.slice(dot + 1));
  };
}
