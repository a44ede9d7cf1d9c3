// The login popup's config (loginConfig): the sign-in providers offered and where their pages are.
import { useQuery } from "@tanstack/react-query";
import { areaParam } from "../../../lib/api/area-param.ts";
import { queryKeys } from "../../../shared/api/query-keys.ts";
import { useApi, useClientId } from "../../../shared/services.ts";
import { useSession } from "../../../shared/session/session-context.ts";

export function useLoginConfig(enabled: boolean) {
  const api = useApi();
  const clientId = useClientId();
  const { area } = useSession();
  return useQuery({
    queryKey: queryKeys.loginConfig.of(clientId, area),
    queryFn: () => api.call("loginConfig", { client_id: clientId, ...areaParam(area) }),
    enabled,
    staleTime: 10 * 60_000,
  });
}
