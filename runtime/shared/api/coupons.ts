// The account's coupons (couponList), by use_category: the 'my reward' popup and an order's coupon.
import { useQuery } from "@tanstack/react-query";
import { useApi, useClientId } from "../services.ts";
import { useToken } from "../session/account.ts";
import { queryKeys } from "./query-keys.ts";

/** Coupons by use_category (comma list); for a goods, those that cannot apply to it come as 'lock'. */
export function useCoupons(categories: string, enabled: boolean, productId?: string) {
  const api = useApi();
  const clientId = useClientId();
  const token = useToken();
  return useQuery({
    queryKey: queryKeys.coupons.of(clientId, categories, productId ?? "", token),
    queryFn: () =>
      api.call("couponList", { client_id: clientId, use_category: categories, ...(productId ? { product_id: productId } : {}) }),
    enabled,
    staleTime: 0,
  });
}
