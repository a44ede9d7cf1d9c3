// The goods of the game in the area (getProductList), by type.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { areaParam } from "../../../lib/api/area-param.ts";
import type { ApiClient } from "../../../lib/api/client.ts";
import { queryKeys } from "../../../shared/api/query-keys.ts";
import { useApi, useClientId } from "../../../shared/services.ts";
import { useSession } from "../../../shared/session/session-context.ts";

export const productsQuery = (api: ApiClient, clientId: string, area: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.products.of(clientId, area),
    queryFn: () => api.call("productList", { client_id: clientId, ...areaParam(area) }),
  });

export function useProducts() {
  return useQuery(productsQuery(useApi(), useClientId(), useSession().area));
}
