// The VIP levels of the game (vipBasicInfo) and the account's standing among them (vipInfo).
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../shared/api/query-keys.ts";
import { useApi, useClientId } from "../../../shared/services.ts";
import { useToken } from "../../../shared/session/account.ts";

export function useVipBasic(enabled: boolean) {
  const api = useApi();
  const clientId = useClientId();
  return useQuery({
    queryKey: queryKeys.vipBasic.of(clientId),
    queryFn: () => api.call("vipBasicInfo", { client_id: clientId }),
    enabled,
    staleTime: 10 * 60_000,
  });
}

export function useVipInfo(enabled: boolean) {
  const api = useApi();
  const clientId = useClientId();
  const token = useToken();
  return useQuery({
    queryKey: queryKeys.vipInfo.of(clientId, token),
    queryFn: () => api.call("vipInfo", { client_id: clientId }),
    enabled,
    staleTime: 0,
  });
}
