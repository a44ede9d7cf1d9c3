// Sales-area and game resolution from the entry URL, in order of precedence (docs/architecture.md, "8. Runtime boot").
import type { StartBrand } from "../../core/browser/config/start-brand.ts";
import type { SalesAreaId } from "../../core/browser/config/types.ts";

export interface AreaInputs {
  clientId?: string | null;
  domainArea?: string | null;
  storedArea?: string | null;
}

const areaIds = (brand: StartBrand) => Object.keys(brand.areas) as SalesAreaId[];

/** The game whose client ids include `clientId`. */
export function gameForClientId(brand: StartBrand, clientId: string | null | undefined): string | undefined {
  if (!clientId) return undefined;
  return Object.entries(brand.games).find(([, g]) => g !== undefined && Object.values(g.clientIdMap).includes(clientId))?.[0];
}

/** The brand's only area → the client_id's area → domain_area → the stored area; else none. */
export function resolveArea(brand: StartBrand, inputs: AreaInputs): SalesAreaId | undefined {
  const ids = areaIds(brand);
  if (ids.length === 1) return ids[0];
  const game = gameForClientId(brand, inputs.clientId);
  if (game) return brand.games[game]?.area;
  for (const candidate of [inputs.domainArea, inputs.storedArea]) {
    if (candidate && (ids as string[]).includes(candidate)) return candidate as SalesAreaId;
  }
  return undefined;
}
