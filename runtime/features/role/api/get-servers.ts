// The game's servers in the area (getServerList).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { areaParam } from "../../../lib/api/area-param.ts";
import type { ApiClient } from "../../../lib/api/client.ts";
import { queryKeys } from "../../../shared/api/query-keys.ts";
import { useApi, useClientId } from "../../../shared/services.ts";
import { useSession } from "../../../shared/session/session-context.ts";

export const serversQuery = (api: ApiClient, clientId: string, area: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.servers.of(clientId, area),
    queryFn: () => api.call("serverList", { client_id: clientId, ...areaParam(area) }),
    staleTime: 5 * 60_000,
  });

export function useServers() {
  return useQuery(serversQuery(useApi(), useClientId(), useSession().area));
}
