// A make-up payment's link (replenishInfo) and the regions and channels it can be paid with (replenishCountryList).
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../shared/api/query-keys.ts";
import { useApi, usePlatformParam } from "../../../shared/services.ts";

export function useReplenishInfo(replenishId: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.replenishInfo.of(replenishId),
    queryFn: () => api.call("replenishInfo", { replenish_id: replenishId }),
    enabled: replenishId !== "",
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useReplenishCountryList(replenishId: string) {
  const api = useApi();
  const platform = usePlatformParam();
  return useQuery({
    queryKey: queryKeys.replenishCountryList.of(replenishId, platform),
    queryFn: () => api.call("replenishCountryList", { replenish_id: replenishId, platform }),
  });
}
