// The brand's games (getGameListV2) and the current one among them. The last answer is kept as
// `gameInfo` (7 days; docs/decisions.md, "First load"): a returning player sees the game at once while the list is asked again.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Game, SubGame } from "../../../core/browser/generated/api-types.ts";
import { areaParam } from "../../lib/api/area-param.ts";
import type { ApiClient } from "../../lib/api/client.ts";
import type { Platform } from "../../lib/device.ts";
import { setItem } from "../../lib/storage.ts";
import { useApi, useClientId, usePlatformParam } from "../services.ts";
import { useSession } from "../session/session-context.ts";
import { type CachedGames, cachedGames, currentGame, gamesKey } from "./game-art.ts";
import { queryKeys } from "./query-keys.ts";

export const gamesQueryOptions = (api: ApiClient, clientId: string, platform: Platform, area: string | undefined) => {
  const key = gamesKey(clientId, platform, area);
  return queryOptions({
    queryKey: queryKeys.games.of(clientId, platform, area ?? ""),
    queryFn: async () => {
      const games = await api.call("getGameList", { client_id: clientId, platform, ...areaParam(area) });
      setItem("gameInfo", { key, games } satisfies CachedGames);
      return games;
    },
    initialData: () => cachedGames(key),
    // The kept answer is shown, never trusted as fresh: the list is asked for again at once.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
};

export function useGames() {
  return useQuery(gamesQueryOptions(useApi(), useClientId(), usePlatformParam(), useSession().area));
}

/** The current game (or sub-game) of the game list, and its parent (itself when it is no sub-game). */
export function useCurrentGame(): { game?: Game | SubGame; parent?: Game } {
  return currentGame(useGames().data, useClientId());
}
