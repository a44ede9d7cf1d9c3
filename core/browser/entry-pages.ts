// The pages a player can open the store on, and the HTML each is served: `gen build` writes one
// page per group of entry paths whose first screen looks the same (its shell: header, step bar or
// title, bottom navigation and the screen's skeleton, in both layouts), and the Node server and the
// generated nginx configuration serve each path its page. Every other path gets the top-up's
// index.html, as a static host without this map would: the page's first script then drops the
// top-up's own parts (runtime/early.ts).
import type { Feature, RouteEntry, Screen } from "./routes.ts";

/** What a path's first screen shows around its content, in one layout. */
export interface EntryShell {
  /** The screen the path ends on, after the layout's redirects (a switched-off feature's is NotFound). */
  screen: Screen;
  /** The old layout's step bar, on this step. */
  step?: 1 | 2 | 3 | 4;
  /** The page's title (the new layout's header, the old layout's heading). */
  titleKey?: string;
  /** The new layout's bottom navigation shows. */
  nav?: boolean;
}

/** The route a path names in a manifest, children included; never the catch-alls (`*`, `/@*`). */
function find(manifest: readonly RouteEntry[], path: string): RouteEntry | undefined {
  for (const entry of manifest) {
    if (entry.path === path) return entry;
    const child = entry.children && find(entry.children, path);
    if (child) return child;
  }
  return undefined;
}

/** Where a path ends in a layout's manifest, following its redirects, with the route's shell. */
export function entryShell(manifest: readonly RouteEntry[], path: string, features: Readonly<Record<Feature, boolean>>): EntryShell {
  const seen = new Set<string>();
  let entry = find(manifest, path);
  while (entry?.redirect && !seen.has(entry.path)) {
    seen.add(entry.path);
    entry = find(manifest, entry.redirect);
  }
  if (!entry?.screen || (entry.feature && !features[entry.feature])) return { screen: "NotFound" };
  const { screen, step, titleKey, nav } = entry;
  return { screen, ...(step ? { step } : {}), ...(titleKey ? { titleKey } : {}), ...(nav ? { nav } : {}) };
}

/**
 * What a screen shows while it loads: the top-up's banner, selection card and goods; the game
 * choice's card of rows; or any other page's skeleton (router.tsx's ScreenSkeleton).
 */
export type ShellBody = "topUp" | "games" | "screen";

export const shellBody = ({ screen }: EntryShell): ShellBody =>
  screen === "SelectGoods" ? "topUp" : screen === "SelectGame" ? "games" : "screen";

/** The top-up's first screens (its goods, its game choice): its calls start from the page itself (runtime/early.ts) and at boot. */
export const startsTopUp = (shell: EntryShell) => shellBody(shell) !== "screen";

/** Two paths whose shells are drawn alike have the same key. */
const drawnKey = (shell: EntryShell) => JSON.stringify([shellBody(shell), shell.step, shell.titleKey, shell.nav]);

/**
 * Each page of a brand's folder and the paths it is served for. Within a group every path's shell is
 * drawn alike in both layouts, whatever the brand's features (tests/entry-pages.test.ts holds it).
 */
export const ENTRY_PAGES = [
  { file: "index.html", paths: ["/selectGoods"] },
  // The new layout's top-up; the old layout's game choice.
  { file: "entry/start.html", paths: ["/", "/selectGame"] },
  { file: "entry/recharge.html", paths: ["/recharge"] },
  // The old layout's result step; the new layout's top-up (which shows the result).
  { file: "entry/result.html", paths: ["/result"] },
  { file: "entry/activity.html", paths: ["/activity"] },
  { file: "entry/my.html", paths: ["/my"] },
  { file: "entry/user-center.html", paths: ["/userCenter"] },
  // Pages without a title of their own: the pay-on-behalf page, the messages and the real-name check.
  { file: "entry/page.html", paths: ["/replenishGoods", "/errorReplenish", "/notArea", "/certifiedReal", "/showError"] },
] as const satisfies readonly { file: string; paths: readonly string[] }[];

export type EntryPage = (typeof ENTRY_PAGES)[number];

/** Every path that has a page of its own. */
export const ENTRY_PATHS: readonly string[] = /* @__PURE__ */ ENTRY_PAGES.flatMap((p) => p.paths);

/** The file of a brand's folder a path is served: its entry page, else the top-up's index.html. */
export const entryFile = (path: string): string =>
  ENTRY_PAGES.find((p) => (p.paths as readonly string[]).includes(path))?.file ?? "index.html";

/** Whether a file of a brand's folder is one of its entry pages (served as a page, never as a popup). */
export const isEntryFile = (file: string): boolean => ENTRY_PAGES.some((p) => p.file === file);

/** Per layout, the entry paths whose first screen is the top-up's: its calls start there from the page itself. */
export function topUpPaths(
  manifests: Readonly<Record<"old" | "new", readonly RouteEntry[]>>,
  features: Readonly<Record<Feature, boolean>>,
): Record<"old" | "new", string[]> {
  const starts = (layout: "old" | "new") => ENTRY_PATHS.filter((path) => startsTopUp(entryShell(manifests[layout], path, features)));
  return { old: starts("old"), new: starts("new") };
}

/** The paths whose shell in a layout is drawn as the given one: where a page's shell is right as it is. */
export function pathsWithShell(manifest: readonly RouteEntry[], shell: EntryShell, features: Readonly<Record<Feature, boolean>>): string[] {
  const key = drawnKey(shell);
  return ENTRY_PATHS.filter((path) => drawnKey(entryShell(manifest, path, features)) === key);
}
