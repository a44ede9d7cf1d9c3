// What `gen diff` reports: one change per fact that differs between two compilations of the config,
// per brand, with whether players can lose by it (docs/decisions.md, "What gen diff calls risky").
// Types and words only; ./model-changes.ts and ./output-changes.ts find the changes, ./render.ts prints them.

export type ChangeKind =
  | "brand-added"
  | "brand-removed"
  | "host-added"
  | "host-removed"
  | "host-moved"
  | "origin-changed"
  | "area-added"
  | "area-removed"
  | "language-added"
  | "language-removed"
  | "default-language-changed"
  | "currency-changed"
  | "region-added"
  | "region-removed"
  | "game-added"
  | "game-removed"
  | "game-moved"
  | "client-id-added"
  | "client-id-removed"
  | "client-id-changed"
  | "layout-changed"
  | "route-added"
  | "route-removed"
  | "csp-changed"
  | "size-changed"
  | "icon-changed"
  | "files-changed"
  | "setting-changed";

export interface Change {
  /** The brand it is about; absent for a product-wide setting. */
  brand?: string;
  kind: ChangeKind;
  /** What changed: a host, an origin's role, an area, a page… */
  subject: string;
  before?: string;
  after?: string;
  /** Players can lose by it: a page, a language, a game, a payment path they had stops or changes. */
  risky: boolean;
}

/** Each kind in words, as a line of the report begins. */
export const KIND_LABELS: Record<ChangeKind, string> = {
  "brand-added": "brand added",
  "brand-removed": "brand removed",
  "host-added": "host added",
  "host-removed": "host removed",
  "host-moved": "host moved to this brand",
  "origin-changed": "platform origin changed",
  "area-added": "sales area added",
  "area-removed": "sales area removed",
  "language-added": "language added",
  "language-removed": "language removed",
  "default-language-changed": "default language changed",
  "currency-changed": "currency changed",
  "region-added": "payment region added",
  "region-removed": "payment region removed",
  "game-added": "game added",
  "game-removed": "game removed",
  "game-moved": "game moved to another area",
  "client-id-added": "client id added",
  "client-id-removed": "client id removed",
  "client-id-changed": "client id changed",
  "layout-changed": "layout rules changed",
  "route-added": "route added",
  "route-removed": "route removed",
  "csp-changed": "Content-Security-Policy changed",
  "size-changed": "size changed (gzip bytes)",
  "icon-changed": "icon changed",
  "files-changed": "other files changed",
  "setting-changed": "setting changed",
};

/** Every page's HTML with its inline CSS, gzip, at most (e2e/budgets.spec.ts holds the built pages to it). */
export const HTML_BUDGET = 14 * 1024;

/** The two compilations compared, and what they differ in. */
export interface DiffReport {
  /** How each side was named on the command line (a file, or a git revision and the file in it). */
  base: string;
  head: string;
  changes: Change[];
  /** Brands of the head with a change, brands added, brands removed. */
  brands: { changed: string[]; added: string[]; removed: string[] };
  risky: number;
  /** Every file a player's browser could receive is byte for byte the same. */
  nothingPlayersSee: boolean;
  /** The config's text or an icon differs (its fingerprint): with `nothingPlayersSee`, only comments, order or formatting changed. */
  sourceChanged: boolean;
}

/** A change's one-line description, without the brand: `host removed: shop.example (production)`. */
export function describeChange(change: Change): string {
  const values =
    change.before !== undefined || change.after !== undefined ? `: ${change.before ?? "(none)"} → ${change.after ?? "(none)"}` : "";
  return `${KIND_LABELS[change.kind]}: ${change.subject}${values}`;
}
