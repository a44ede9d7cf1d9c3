// The game's top-up events with the account's progress (activityInfo), and how many rewards wait (activityStatus).
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../shared/api/query-keys.ts";
import { useApi, useClientId } from "../../../shared/services.ts";
import { useToken } from "../../../shared/session/account.ts";

export function useActivities(enabled: boolean) {
  const api = useApi();
  const clientId = useClientId();
  const token = useToken();
  return useQuery({
    queryKey: queryKeys.activities.of(clientId, token),
    queryFn: () => api.call("activityInfo", { client_id: clientId }),
    enabled,
    staleTime: 0,
  });
}

export function useActivityStatus(enabled: boolean) {
  const api = useApi();
  const clientId = useClientId();
  const token = useToken();
  return useQuery({
    queryKey: queryKeys.activityStatus.of(clientId, token),
    queryFn: () => api.call("activityStatus", { client_id: clientId }),
    enabled,
    staleTime: 60_000,
  });
}
