// The brand's games (getGameListV2): one query, its options shared by loaders and components. The
// last answer is kept as `gameInfo` (spec §3, 7 days): a returning player sees the game at once
// while the list is asked again.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { GetGameListResponse } from "../../../../core/generated/api-types.ts";
import { useServices } from "../../../app/services.ts";
import type { ApiClient } from "../../../lib/api/client.ts";
import { getItem, setItem } from "../../../lib/storage.ts";

type Platform = "android" | "ios" | "web";

interface CachedGames {
  /** Client id, platform and area the answer was for. */
  key: string;
  games: GetGameListResponse;
}

/** The kept answer for exactly this client id, platform and area, if it has the answer's shape. */
export function cachedGames(key: string): GetGameListResponse | undefined {
  const v = getItem<CachedGames>("gameInfo");
  return typeof v === "object" && v !== null && v.key === key && Array.isArray(v.games?.games) ? v.games : undefined;
}

export const gamesQueryOptions = (api: ApiClient, clientId: string, platform: Platform, area: string | undefined) => {
  const key = [clientId, platform, area ?? ""].join("|");
  return queryOptions({
    queryKey: ["games", clientId, platform, area ?? ""],
    queryFn: async () => {
      const games = await api.call("getGameList", { client_id: clientId, platform, ...(area ? { domain_area: area as never } : {}) });
      setItem("gameInfo", { key, games } satisfies CachedGames);
      return games;
    },
    initialData: () => cachedGames(key),
    // The kept answer is shown, never trusted as fresh: the list is asked for again at once.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
};

export function useGames(area: string | undefined) {
  const { api, clientId, platform } = useServices();
  return useQuery(gamesQueryOptions(api, clientId, platform, area));
}
