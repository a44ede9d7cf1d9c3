// The account's order history (My page only: the infinite query stays out of the first render).
import { useInfiniteQuery } from "@tanstack/react-query";
import type { OrderListResponse } from "../../../../core/browser/generated/api-types.ts";
import { queryKeys } from "../../../shared/api/query-keys.ts";
import { useApi, useClientId } from "../../../shared/services.ts";
import { useToken } from "../../../shared/session/account.ts";

/** The account's orders, 20 a page, newest first. */
export function useOrders(enabled: boolean, refetchEvery: (pages: OrderListResponse[]) => number | false) {
  const api = useApi();
  const clientId = useClientId();
  const token = useToken();
  return useInfiniteQuery({
    queryKey: queryKeys.orders.of(clientId, token),
    queryFn: ({ pageParam }) => api.call("orderList", { client_id: clientId, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => refetchEvery(query.state.data?.pages ?? []),
  });
}
