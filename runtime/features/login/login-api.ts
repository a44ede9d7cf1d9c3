// Which login endpoints a sign-in uses (spec §7): the store's (/util/login/…, by client_id), or on a
// make-up page the in-game ones (/api/ingame/…) with the link's game product id as game_id.
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router-dom";
import { apiCalls } from "../../../core/generated/api-calls.ts";
import type { ApiClient } from "../../lib/api/client.ts";
import { queryKeys } from "../../shared/api/query-keys.ts";
import { useApi } from "../../shared/services.ts";

/** The client that sends login calls to their /api/ingame/ path with game_id in place of client_id. */
export function inGameLoginApi(api: ApiClient, gameId: number): ApiClient {
  return {
    call(name, params, options) {
      const path = apiCalls[name].paths.find((p) => p.startsWith("/api/ingame/"));
      if (!path) return api.call(name, params, options);
      const { client_id: _storeClient, ...rest } = params as Record<string, unknown>;
      return api.call(name, { ...rest, game_id: gameId } as never, { ...options, path });
    },
  };
}

/** The API client for signing in here; undefined while a make-up link's game is still unknown. */
export function useLoginApi(): ApiClient | undefined {
  const api = useApi();
  const { pathname, search } = useLocation();
  const replenishId = pathname === "/replenishGoods" ? (new URLSearchParams(search).get("replenish_id") ?? "") : "";
  const games = useQuery({
    queryKey: queryKeys.replenishGameList.of(replenishId),
    queryFn: () => api.call("replenishGameList", { replenish_id: replenishId }),
    enabled: replenishId !== "",
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!replenishId) return api;
  const gameId = games.data?.games[0]?.gp_id;
  return gameId === undefined ? undefined : inGameLoginApi(api, gameId);
}
