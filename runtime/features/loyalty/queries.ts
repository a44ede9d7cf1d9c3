// The loyalty data: VIP, coupons, top-up events and the order history, one query each. Keys start
// with the call's family so a settled order (or a -3062) can refresh them together.
import { useQuery } from "@tanstack/react-query";
import { useServices } from "../../app/services.ts";
import { useBrand } from "../../lib/brand-context.ts";
import { useUser } from "../login/user-store.ts";
import { usePageConfig } from "../purchase/queries.ts";

/** VIP version = the brand's switch AND the game's is_open_coupon (SPEC-NOTES). */
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

/** The player is logged in for this game (the SDK view brings its own token). */
export function useLoggedIn(): boolean {
  const { clientId, sdkView, sdkToken } = useServices();
  const user = useUser(clientId);
  return sdkView ? sdkToken : user !== undefined;
}

export const useToken = () => {
  const { clientId } = useServices();
  return useUser(clientId)?.oauth_token ?? "sdk";
};

export function useVipBasic(enabled: boolean) {
  const { api, clientId } = useServices();
  return useQuery({
    queryKey: ["vipBasic", clientId],
    queryFn: () => api.call("vipBasicInfo", { client_id: clientId }),
    enabled,
    staleTime: 10 * 60_000,
  });
}

export function useVipInfo(enabled: boolean) {
  const { api, clientId } = useServices();
  const token = useToken();
  return useQuery({
    queryKey: ["vipInfo", clientId, token],
    queryFn: () => api.call("vipInfo", { client_id: clientId }),
    enabled,
    staleTime: 0,
  });
}

/** Coupons by use_category (comma list); for a goods, those that cannot apply to it come as 'lock'. */
export function useCoupons(categories: string, enabled: boolean, productId?: string) {
  const { api, clientId } = useServices();
  const token = useToken();
  return useQuery({
    queryKey: ["coupons", clientId, categories, productId ?? "", token],
    queryFn: () =>
      api.call("couponList", { client_id: clientId, use_category: categories, ...(productId ? { product_id: productId } : {}) }),
    enabled,
    staleTime: 0,
  });
}

export function useActivities(enabled: boolean) {
  const { api, clientId } = useServices();
  const token = useToken();
  return useQuery({
    queryKey: ["activities", clientId, token],
    queryFn: () => api.call("activityInfo", { client_id: clientId }),
    enabled,
    staleTime: 0,
  });
}

export function useActivityStatus(enabled: boolean) {
  const { api, clientId } = useServices();
  const token = useToken();
  return useQuery({
    queryKey: ["activities", "status", clientId, token],
    queryFn: () => api.call("activityStatus", { client_id: clientId }),
    enabled,
    staleTime: 60_000,
  });
}
