// Which platform hosts the storefront calls, in which order (docs/decisions.md, "Runtime core"): the remembered working host,
// the primary, then the backups in order (production only). Preview hosts call their own server.
import { isPreviewHost } from "../../../core/browser/config/hosts.ts";
import type { Brand, HostMode } from "../../../core/browser/config/types.ts";

export interface HostPlan {
  /** API origins in the order they are tried. */
  hosts: string[];
  tracking: string;
}

export function hostPlan(
  brand: Pick<Brand, "id" | "api">,
  mode: HostMode,
  location: { hostname: string; origin: string; port: string },
  remembered?: string,
): HostPlan {
  const api = mode === "demo" ? brand.api.demo : brand.api.production;
  let primary = api.primary;
  let backups = mode === "production" ? api.backup : [];
  let tracking = api.tracking;
  if (isPreviewHost(location.hostname, brand.id)) {
    // The sandbox answers the API on any host; backups become sub-hosts of the preview host, so
    // failover can be seen working on one machine.
    const port = location.port ? `:${location.port}` : "";
    primary = location.origin;
    backups = backups.map((_, i) => `http://backup${i + 1}.${location.hostname}${port}`);
    tracking = location.origin;
  }
  const hosts = [primary, ...backups];
  const first = remembered && hosts.includes(remembered) ? [remembered] : [];
  return { hosts: [...first, ...hosts.filter((h) => h !== remembered)], tracking };
}
