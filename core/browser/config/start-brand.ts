// What the page's first script needs of its brand to start the top-up's calls before the bundle
// arrives (runtime/early.ts): its games, areas' languages and API hosts. The generator writes it
// into each brand's HTML; the runtime reads the same fields of the full brand.
import { apiCalls } from "../generated/api-calls.ts";
import type { CallName } from "../generated/api-types.ts";
import type { Brand, SalesArea } from "../generated/config-types.ts";
import type { LayoutVersion } from "./layout.ts";

/** The calls of the top-up page's first screen: the game list, page config, goods and servers. */
export const TOP_UP_CALLS = ["getGameList", "pageConfig", "productList", "serverList"] as const satisfies readonly CallName[];

export type TopUpCallName = (typeof TOP_UP_CALLS)[number];

/** The id of the HTML's data block that holds it (`<script type="application/json">`). */
export const START_DATA_ID = "sf-start";

export type StartBrand = Pick<Brand, "id" | "api" | "defaultGame" | "games" | "layout"> & {
  areas: { [area: string]: Pick<SalesArea, "languages" | "defaultLanguage"> | undefined };
};

/** What the HTML's data block holds: the brand's start data, the paths of the top-up's calls and, per layout, the entry paths where they start. */
export interface StartData {
  brand: StartBrand;
  paths: Record<TopUpCallName, string>;
  topUp: Record<LayoutVersion, string[]>;
}

/** `topUp`: per layout, the entry paths whose first screen is the top-up's (core/browser/entry-pages.ts `topUpPaths`). */
export function startData(brand: Brand, topUp: StartData["topUp"]): StartData {
  return {
    brand: startBrand(brand),
    paths: Object.fromEntries(TOP_UP_CALLS.map((name) => [name, apiCalls[name].paths[0] ?? "/"])) as Record<TopUpCallName, string>,
    topUp,
  };
}

function startBrand({ id, api, defaultGame, games, layout, areas }: Brand): StartBrand {
  return {
    id,
    api,
    defaultGame,
    games,
    layout,
    areas: Object.fromEntries(
      Object.entries(areas).flatMap(([key, a]) => (a ? [[key, { languages: a.languages, defaultLanguage: a.defaultLanguage }]] : [])),
    ),
  };
}
