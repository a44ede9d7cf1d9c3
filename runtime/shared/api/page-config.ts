// The game's page config (config/recharge) and what it switches on: the VIP version and the top-up events.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { areaParam } from "../../lib/api/area-param.ts";
import type { ApiClient } from "../../lib/api/client.ts";
import { useApi, useClientId } from "../services.ts";
import { useBrand } from "../session/brand-context.ts";
import { useSession } from "../session/session-context.ts";
import { queryKeys } from "./query-keys.ts";

export const pageConfigQuery = (api: ApiClient, clientId: string, area: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.pageConfig.of(clientId, area),
    queryFn: () => api.call("pageConfig", { client_id: clientId, ...areaParam(area) }),
    staleTime: 5 * 60_000,
  });

export function usePageConfig() {
  return useQuery(pageConfigQuery(useApi(), useClientId(), useSession().area));
}

/** VIP version = the brand's switch AND the game's is_open_coupon (docs/decisions.md, "Loyalty"). */
export function useVipVersion(): boolean {
  const { brand } = useBrand();
  const page = usePageConfig();
  return brand.features.vip && page.data?.is_open_coupon === true;
}

/** The game runs cumulative or continuous top-up events (the brand offers them and the game config says so). */
export function useHasEvents(): boolean {
  const { brand } = useBrand();
  const page = usePageConfig();
  return (
    brand.features.events &&
    (page.data?.cumulative_config.is_has_cumulative === true || page.data?.continue_config.is_has_continue === true)
  );
}
