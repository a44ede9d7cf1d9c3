// Which login endpoints a sign-in uses (docs/api.md, "Login"): the store's (/util/login/…, by client_id), or on a
// make-up page the in-game ones (/api/ingame/…) with the link's game product id as game_id.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "react-router-dom";
import { apiCalls } from "../../../core/browser/generated/api-calls.ts";
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

/** The API client for signing in here. */
export interface LoginApi {
  /**
   * The client if it is known now: at once on a store page, on a make-up page once the link's
   * game is known. A sign-in that opens a provider's popup uses it at once, inside the tap, so that no
   * popup blocker takes the popup for one the page opened on its own.
   */
  current: ApiClient | undefined;
  /** The client once it is known: waits for the link's game, or fails with why it cannot be had. */
  ready: () => Promise<ApiClient>;
}

/**
 * The store's login endpoints, or on a make-up page the in-game ones with the link's game. That
 * game is asked for as soon as the dialog opens; a tap on Log in before it is answered waits for
 * it (the button shows it is busy) instead of being dropped.
 */
export function useLoginApi(): LoginApi {
  const api = useApi();
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const replenishId = pathname === "/replenishGoods" ? (new URLSearchParams(search).get("replenish_id") ?? "") : "";
  const games = {
    queryKey: queryKeys.replenishGameList.of(replenishId),
    queryFn: () => api.call("replenishGameList", { replenish_id: replenishId }),
    staleTime: Number.POSITIVE_INFINITY,
  };
  const known = useQuery({ ...games, enabled: replenishId !== "" }).data;
  if (!replenishId) return { current: api, ready: async () => api };
  const forGame = (list: typeof known) => {
    const gameId = list?.games[0]?.gp_id;
    return gameId === undefined ? undefined : inGameLoginApi(api, gameId);
  };
  return {
    current: forGame(known),
    ready: async () => {
      const client = forGame(await queryClient.ensureQueryData(games));
      if (!client) throw noGame();
      return client;
    },
  };
}
