// The account's characters: on one server (roleList), and across servers for the 'used servers' tab (allRoleList).
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../shared/api/query-keys.ts";
import { useApi, useClientId } from "../../../shared/services.ts";
import { useCurrentUser } from "../../../shared/session/account.ts";

export function useRoles(serverId: string | undefined) {
  const api = useApi();
  const clientId = useClientId();
  const user = useCurrentUser();
  return useQuery({
    queryKey: queryKeys.roles.of(clientId, serverId, user?.oauth_token),
    queryFn: () => api.call("roleList", { client_id: clientId, server_id: serverId ?? "" }),
    enabled: user !== undefined && Boolean(serverId),
  });
}

export function useAllRoles() {
  const api = useApi();
  const clientId = useClientId();
  const user = useCurrentUser();
  return useQuery({
    queryKey: queryKeys.allRoles.of(clientId, user?.oauth_token),
    queryFn: () => api.call("allRoleList", { client_id: clientId }),
    enabled: user !== undefined,
  });
}
