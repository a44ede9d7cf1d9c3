// The shells of an entry page (core/browser/entry-pages.ts) in both layouts: what the HTML paints before
// any script runs, drawn as the runtime's layouts and skeletons draw that page's first screen, with
// their classes and in the brand's first language. Pure: the resolved brand comes in.

import type { LayoutVersion } from "../../core/browser/config/layout.ts";
import { type EntryPage, type EntryShell, entryShell, pathsWithShell, shellBody } from "../../core/browser/entry-pages.ts";
import { NAV_ITEMS, STEP_KEYS } from "../../core/browser/layout-chrome.ts";
import { layoutRoutes as MANIFESTS } from "../../core/browser/routes.ts";
import type { ResolvedBrand } from "../model.ts";

/** One layout's shell, as templates/index.html.hbs draws it; every field is there (the template is strict). */
interface ShellView {
  layout: LayoutVersion;
  old: boolean;
  /** The old layout's step bar, or false. */
  steps: { n: number; label: string; state: string; current: boolean; link: boolean }[] | false;
  /** The new layout's header title (else the brand's name). */
  title: string | false;
  /** The old layout's page heading. */
  pageTitle: string | false;
  /** The game choice's card title: its card and rows instead of the screen skeleton. */
  games: string | false;
  /** The top-up: the banner's place, which the page's first script fills. */
  topUp: boolean;
  /** The new layout's bottom navigation, or false. */
  nav: { to: string; label: string; icon: string; active: boolean }[] | false;
}

function shellView(site: ResolvedBrand, layout: LayoutVersion, shell: EntryShell): ShellView {
  const t = site.shellText;
  const { features } = site.brand;
  const title = shell.titleKey ? t(shell.titleKey) : false;
  const step = layout === "old" ? shell.step : undefined;
  return {
    layout,
    old: layout === "old",
    steps: step
      ? STEP_KEYS.map((key, i) => ({
          n: i + 1,
          label: t(key),
          state: i + 1 === step ? "is-current" : i + 1 < step ? "is-done" : "",
          current: i + 1 === step,
          // The runtime's step 1 is a button back to the game choice: the same box, not a control here.
          link: i === 0 && step > 1,
        }))
      : false,
    title: layout === "new" ? title : false,
    pageTitle: layout === "old" && !step ? title : false,
    games: shellBody(shell) === "games" ? t("game.select") : false,
    topUp: shellBody(shell) === "topUp",
    nav:
      layout === "new" && shell.nav
        ? NAV_ITEMS.filter((item) => !item.needsEvents || features.events).map((item) => ({
            to: item.to,
            label: t(item.label),
            icon: item.icon,
            // The runtime's NavLink marks the item of the current page.
            active: entryShell(MANIFESTS.new, item.to, features).screen === shell.screen,
          }))
        : false,
  };
}

/** What templates/index.html.hbs needs of a page's shells, and the paths each layout's shell is right for. */
export function entryShells(site: ResolvedBrand, page: EntryPage) {
  const { features } = site.brand;
  const path = page.paths[0];
  const layouts = (["old", "new"] as const).map((layout) => ({ layout, shell: entryShell(MANIFESTS[layout], path, features) }));
  return {
    shells: layouts.map(({ layout, shell }) => shellView(site, layout, shell)),
    // The page's first script marks a visit to any other path (a static host serving this page for
    // every route), and the shell then drops its route's own parts.
    paths: Object.fromEntries(layouts.map(({ layout, shell }) => [layout, pathsWithShell(MANIFESTS[layout], shell, features).join(" ")])),
  };
}
