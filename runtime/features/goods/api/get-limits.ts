// How often the character may still buy each limited goods (limitProductInfo).
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../shared/api/query-keys.ts";
import { useApi, useClientId } from "../../../shared/services.ts";
import { useCurrentUser } from "../../../shared/session/account.ts";

export function useLimits(roleId: string | undefined, serverId: string | undefined, areaId?: string) {
  const api = useApi();
  const clientId = useClientId();
  const user = useCurrentUser();
  return useQuery({
    queryKey: queryKeys.limits.of(clientId, roleId, serverId, user?.oauth_token),
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
