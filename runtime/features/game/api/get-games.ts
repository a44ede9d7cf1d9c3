// The brand's games (getGameListV2): one query, its options shared by loaders and components.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useServices } from "../../../app/services.ts";
import type { ApiClient } from "../../../lib/api/client.ts";

export const gamesQueryOptions = (api: ApiClient, clientId: string, platform: "android" | "ios" | "web", area: string | undefined) =>
  queryOptions({
    queryKey: ["games", clientId, platform, area ?? ""],
    queryFn: () => api.call("getGameList", { client_id: clientId, platform, ...(area ? { domain_area: area as never } : {}) }),
    staleTime: 5 * 60_000,
  });

export function useGames(area: string | undefined) {
  const { api, clientId, platform } = useServices();
  return useQuery(gamesQueryOptions(api, clientId, platform, area));
}
