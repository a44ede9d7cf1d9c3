// The scripts a storefront page may load from another origin than its own, and why: one list for
// the page's Content-Security-Policy (generator/emit/site.ts), the release inventory
// (generator/emit/release.ts) and the runtime that loads them (runtime/lib/kr-script.ts).
import type { Brand } from "../config/types.ts";

/** Where the Korean-market payment script is served on each of the brand's platform hosts. */
export const KR_SCRIPT_PATH = "/sandbox/kr-pay.js";

export interface ExternalScript {
  /** The origins it may come from: the page's CSP allows them in `script-src`. */
  origins: string[];
  /** The path on each of them. */
  path: string;
  /** Why the page loads it, for the inventory a reviewer reads (docs/security.md, "Release inventory"). */
  why: string;
}

/**
 * A brand selling in Korea loads the Korean-market payment script from its platform hosts, the
 * production ones (the primary, then the backups the API client fails over to) and the demo primary,
 * when the page is in Korean on a device that is not a phone.
 */
export function externalScripts(brand: Brand): ExternalScript[] {
  if (!brand.areas.kr) return [];
  return [
    {
      origins: [brand.api.production.primary, ...brand.api.production.backup, brand.api.demo.primary],
      path: KR_SCRIPT_PATH,
      why: "the Korean-market payment script (the brand has a kr area): loaded from the platform host in use when the page is in Korean on a device that is not a phone",
    },
  ];
}
