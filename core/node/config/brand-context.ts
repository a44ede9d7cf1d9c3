// What every check of one brand is given (./brand-checks.ts runs them): the brand as the file
// gives it, where its values are, and what the checks across brands found out.
import type { Diagnostic } from "./diagnostics.ts";
import { clip, closest, didYouMean } from "./diagnostics.ts";
import type { SourceFile } from "./load.ts";
import { type Loose, obj } from "./loose.ts";
import type { OriginIndex } from "./production-checks.ts";
import { brandsSchema } from "./schema-pass.ts";

/** A brand as the file gives it: not yet validated, so every field is read defensively (./loose.ts). */
export type BrandInput = Loose;

const defs = (brandsSchema as { $defs: Record<string, { enum?: string[]; pattern?: string }> }).$defs;
export const SALES_AREAS = new Set(defs.salesAreaId?.enum);
export const LANGUAGES = new Set(defs.language?.enum);
/** What the schema accepts as a client id: a value it refuses is its error alone. */
export const CLIENT_ID = new RegExp(defs.clientId?.pattern ?? "^$");

export interface BrandContext {
  source: SourceFile;
  /** The pointer of a path inside this brand. */
  at: (...seg: (string | number)[]) => string;
  id: string;
  /** Every game client id of the config, with its brand, game and area. */
  gameOfClient: ReadonlyMap<string, { brand: string; game: string; area: string | undefined }>;
  localeExists: (lang: string) => boolean;
  iconExists: (path: string) => boolean;
  huaweiClientId: string;
  /** Every brand's demo and production origins, for the checks of this brand's production ones. */
  origins: OriginIndex;
  /** `file:line:col` of a pointer, to name where another use of a value is. */
  where: (pointer: string) => string;
}

/** Real area ids the brand has, and misspelt area keys (the schema reports those once). */
export function areasOf(raw: BrandInput): { ids: string[]; misspelt: string[] } {
  const keys = Object.keys(obj(raw.areas));
  return { ids: keys.filter((a) => SALES_AREAS.has(a)), misspelt: keys.filter((a) => !SALES_AREAS.has(a)) };
}

/**
 * An area the brand does not have: a diagnostic, unless a misspelt area key explains it (then the
 * schema's report of that key is the one problem, and this would only add noise and a wrong hint).
 */
export function unknownArea(raw: BrandInput, area: string, report: (hint: string) => Diagnostic): Diagnostic[] {
  const { ids, misspelt } = areasOf(raw);
  if (ids.length === 0 || ids.includes(area)) return [];
  if (misspelt.some((key) => closest(key, [area]) !== undefined)) return [];
  return [
    report(didYouMean(area, ids) ?? `add area '${clip(area)}' to the brand's areas, or use one of ${ids.map((a) => `'${a}'`).join(", ")}`),
  ];
}
