// Which layout version applies: the first matching new-layout rule, else the brand's default.
import type { Brand } from "./types.ts";

export type LayoutVersion = "old" | "new";

/** A rule matches when the area is in its regions (or it names none) and the game in its games (or none). */
export function chooseLayout(brand: Pick<Brand, "layout">, area: string | undefined, game: string | undefined): LayoutVersion {
  if (!area) return brand.layout.default;
  const match = brand.layout.newLayoutRules.some(
    (rule) =>
      (rule.regions.length === 0 || rule.regions.includes(area as never)) &&
      (rule.games.length === 0 || (game !== undefined && rule.games.includes(game))),
  );
  return match ? "new" : brand.layout.default;
}
