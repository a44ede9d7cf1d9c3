// The payment regions and their channels for a goods (countryList).
import { useQuery } from "@tanstack/react-query";
import { areaParam } from "../../../lib/api/area-param.ts";
import { queryKeys } from "../../../shared/api/query-keys.ts";
import { useApi, useClientId, usePlatformParam } from "../../../shared/services.ts";
import { useSession } from "../../../shared/session/session-context.ts";

export function useCountryList(productId: string | undefined) {
  const api = useApi();
  const clientId = useClientId();
  const platform = usePlatformParam();
  const { area } = useSession();
  return useQuery({
    queryKey: queryKeys.countryList.of(clientId, productId, platform, area),
    queryFn: () => api.call("countryList", { client_id: clientId, product_id: productId ?? "", platform, ...areaParam(area) }),
    enabled: productId !== undefined,
    staleTime: 5 * 60_000,
  });
}
