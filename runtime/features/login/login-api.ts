// Which login endpoints a sign-in uses (spec §7): the store's (/util/login/…, by client_id), or on a
// make-up page the in-game ones (/api/ingame/…) with the link's game product id as game_id.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "react-router-dom";
import { apiCalls } from "../../../core/generated/api-calls.ts";
import { type ApiClient, ApiError } from "../../lib/api/client.ts";
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

/** A make-up link whose game list names no game: nothing to sign in to. */
function noGame(): ApiError {
  return new ApiError("replenishGameList", 0, "", null);
}

/**
 * The API client for signing in here, as a function the sign-in awaits: at once for the store's
 * endpoints; on a make-up page once the link's game is known. That is asked for as soon as the
 * dialog opens, and a tap on Log in before it is answered waits for it (the button shows it is
 * busy) instead of being dropped; if it cannot be learned, the sign-in fails with that error.
 */
export function useLoginApi(): () => Promise<ApiClient> {
  const api = useApi();
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const replenishId = pathname === "/replenishGoods" ? (new URLSearchParams(search).get("replenish_id") ?? "") : "";
  const games = {
    queryKey: queryKeys.replenishGameList.of(replenishId),
    queryFn: () => api.call("replenishGameList", { replenish_id: replenishId }),
    staleTime: Number.POSITIVE_INFINITY,
  };
  useQuery({ ...games, enabled: replenishId !== "" });
  return async () => {
    if (!replenishId) return api;
    const gameId = (await queryClient.ensureQueryData(games)).games[0]?.gp_id;
    if (gameId === undefined) throw noGame();
    return inGameLoginApi(api, gameId);
  };
}
