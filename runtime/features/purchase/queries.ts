// The platform data of the purchase journey, one query each, keyed by the game's client id.
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { Game, SubGame } from "../../../core/generated/api-types.ts";
import { type Services, useServices } from "../../app/services.ts";
import type { ApiClient } from "../../lib/api/client.ts";
import { useSession } from "../../lib/session-context.ts";
import { gamesQueryOptions, useGames } from "../game/api/get-games.ts";
import { useUser } from "../login/user-store.ts";

type Area = { domain_area?: never };
const areaParam = (area: string | undefined): Area => (area ? { domain_area: area as never } : {});

/** The current game (or sub-game) of the game list, and its parent when it is a sub-game. */
export function useCurrentGame(): {
  game: Game | SubGame | undefined;
  parent: Game | undefined;
  gpId: number | undefined;
  loading: boolean;
} {
  const { area } = useSession();
  const { clientId } = useServices();
  const { data, isPending } = useGames(area);
  for (const g of data?.games ?? []) {
    if (g.client_id === clientId) return { game: g, parent: g, gpId: g.gp_id, loading: false };
    const sub = Object.values(g.sub_game).find((s) => s.client_id === clientId);
    if (sub) return { game: sub, parent: g, gpId: undefined, loading: false };
  }
  return { game: undefined, parent: undefined, gpId: undefined, loading: isPending };
}

export const pageConfigQuery = (api: ApiClient, clientId: string, area: string | undefined) =>
  queryOptions({
    queryKey: ["pageConfig", clientId, area],
    queryFn: () => api.call("pageConfig", { client_id: clientId, ...areaParam(area) }),
    staleTime: 5 * 60_000,
  });

export const productsQuery = (api: ApiClient, clientId: string, area: string | undefined) =>
  queryOptions({
    queryKey: ["products", clientId, area],
    queryFn: () => api.call("productList", { client_id: clientId, ...areaParam(area) }),
  });

export const serversQuery = (api: ApiClient, clientId: string, area: string | undefined) =>
  queryOptions({
    queryKey: ["servers", clientId, area],
    queryFn: () => api.call("serverList", { client_id: clientId, ...areaParam(area) }),
    staleTime: 5 * 60_000,
  });

export function usePageConfig() {
  const { api, clientId } = useServices();
  return useQuery(pageConfigQuery(api, clientId, useSession().area));
}

export function useProducts() {
  const { api, clientId } = useServices();
  return useQuery(productsQuery(api, clientId, useSession().area));
}

export function useServers() {
  const { api, clientId } = useServices();
  return useQuery(serversQuery(api, clientId, useSession().area));
}

/**
 * The top-up page's data, asked for at once and in parallel as the app starts, while the layout's
 * code loads: the first render waits for one round trip of the platform, never for a chain of them.
 */
export function prefetchTopUp(client: QueryClient, { api, clientId, platform }: Services, area: string | undefined): void {
  void client.prefetchQuery(gamesQueryOptions(api, clientId, platform, area));
  void client.prefetchQuery(pageConfigQuery(api, clientId, area));
  void client.prefetchQuery(productsQuery(api, clientId, area));
  void client.prefetchQuery(serversQuery(api, clientId, area));
}

/** The logged-in account; the query refreshes it after login (get_user_info). */
export function useAccount() {
  const { api, clientId } = useServices();
  const user = useUser(clientId);
  return useQuery({
    queryKey: ["userInfo", clientId, user?.oauth_token],
    queryFn: () => api.call("userInfo", { client_id: clientId }),
    enabled: user !== undefined,
    staleTime: 5 * 60_000,
  });
}

export function useRoles(serverId: string | undefined) {
  const { api, clientId } = useServices();
  const user = useUser(clientId);
  return useQuery({
    queryKey: ["roles", clientId, serverId, user?.oauth_token],
    queryFn: () => api.call("roleList", { client_id: clientId, server_id: serverId ?? "" }),
    enabled: user !== undefined && Boolean(serverId),
  });
}

/** Every role of the account across servers: the 'used servers' tab. */
export function useAllRoles() {
  const { api, clientId } = useServices();
  const user = useUser(clientId);
  return useQuery({
    queryKey: ["allRoles", clientId, user?.oauth_token],
    queryFn: () => api.call("allRoleList", { client_id: clientId }),
    enabled: user !== undefined,
  });
}

export function useLimits(roleId: string | undefined, serverId: string | undefined, areaId?: string) {
  const { api, clientId } = useServices();
  const user = useUser(clientId);
  return useQuery({
    queryKey: ["limits", clientId, roleId, serverId, user?.oauth_token],
    queryFn: () =>
      api.call("limitProductInfo", {
        client_id: clientId,
        role_id: roleId ?? "",
        server_id: serverId ?? "",
        ...(areaId ? { area_id: areaId } : {}),
      }),
    enabled: user !== undefined && Boolean(roleId && serverId),
  });
}

export function useLoginConfig(enabled: boolean) {
  const { api, clientId } = useServices();
  const { area } = useSession();
  return useQuery({
    queryKey: ["loginConfig", clientId, area],
    queryFn: () => api.call("loginConfig", { client_id: clientId, ...areaParam(area) }),
    enabled,
    staleTime: 10 * 60_000,
  });
}
