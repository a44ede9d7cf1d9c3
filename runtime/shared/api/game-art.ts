// The current game in a game list, its banner, and the list kept from the last visit (`gameInfo`,
// 7 days; docs/decisions.md, "First load"). Plain functions: the page's first script (runtime/early.ts) finds the banner
// with them to fetch it before the bundle arrives, the runtime to show it.
import type { Game, GetGameListResponse, SubGame } from "../../../core/browser/generated/api-types.ts";
import type { Platform } from "../../lib/device.ts";
import { webUrl } from "../../lib/safe-url.ts";
import { getItem } from "../../lib/storage.ts";

export interface CachedGames {
  /** Client id, platform and area the answer was for. */
  key: string;
  games: GetGameListResponse;
}

/** What a kept game list is for: its client id, platform and area. */
export const gamesKey = (clientId: string, platform: Platform, area: string | undefined) => [clientId, platform, area ?? ""].join("|");

/** The kept answer for exactly this client id, platform and area, if it has the answer's shape. */
export function cachedGames(key: string): GetGameListResponse | undefined {
  const v = getItem<CachedGames>("gameInfo");
  return typeof v === "object" && v !== null && v.key === key && Array.isArray(v.games?.games) ? v.games : undefined;
}

/** The game (or sub-game) of a client id in a game list, and its parent (itself when it is no sub-game). */
export function currentGame(list: GetGameListResponse | undefined, clientId: string): { game?: Game | SubGame; parent?: Game } {
  for (const g of list?.games ?? []) {
    if (g.client_id === clientId) return { game: g, parent: g };
    const sub = Object.values(g.sub_game ?? {}).find((s) => s.client_id === clientId);
    if (sub) return { game: sub, parent: g };
  }
  return {};
}

/** The picture across the top of the goods: the game's banner, else its logo. */
export function bannerUrl({ game, parent }: ReturnType<typeof currentGame>): string | undefined {
  return game ? webUrl(parent?.banner ?? parent?.logo ?? game.logo) : undefined;
}
