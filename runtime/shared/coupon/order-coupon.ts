// The coupon of an order in the recharge sheet (docs/decisions.md, "Loyalty"): on opening, the usable
// coupons for the goods are fetched and the lowest discount_rate is preselected; changing the
// coupon re-fetches the price; a coupon or price failure clears the choice and marks coupons
// unavailable until the list is reloaded. The coupon applies only in the VIP version, to a goods
// that takes coupons, with a channel that has open_coupon.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { Coupon, PaymentChannel } from "../../../core/browser/generated/api-types.ts";
import { useCoupons } from "../api/coupons.ts";
import { queryKeys } from "../api/query-keys.ts";
import { useApi, useClientId } from "../services.ts";
import { useLoggedIn } from "../session/account.ts";
import type { SelectedGoods } from "../session/order-selection.ts";

export type CouponRowState =
  | { kind: "hidden" }
  | { kind: "notSupported" }
  | { kind: "channelNotSupported" }
  | { kind: "claimMore" }
  | { kind: "select" }
  | { kind: "applied"; coupon: Coupon };

/** What the coupon row says: the coupon applied, how many are usable, or why none can be. */
export function couponRowState(input: {
  vip: boolean;
  goodsTakesCoupons: boolean;
  channel: Pick<PaymentChannel, "open_coupon"> | undefined;
  available: boolean;
  usable: Coupon[];
  selectedCode: string | undefined;
}): CouponRowState {
  if (!input.vip) return { kind: "hidden" };
  if (!input.goodsTakesCoupons) return { kind: "notSupported" };
  if (input.channel && !input.channel.open_coupon) return { kind: "channelNotSupported" };
  if (!input.available || input.usable.length === 0) return { kind: "claimMore" };
  const coupon = input.usable.find((c) => c.code === input.selectedCode);
  return coupon ? { kind: "applied", coupon } : { kind: "select" };
}

export interface OrderCoupon {
  row: CouponRowState;
  /** The coupon the order uses ('' for none): what the price and the payment are asked with. */
  applied: string;
  /** Usable coupons for this goods (0 when they are unavailable). */
  usable: number;
  selectedCode: string | undefined;
  pick: (code: string | null) => void;
  quote: ReturnType<typeof useQuote>;
}

/** The coupon with the lowest discount_rate (the biggest discount); the earliest to expire on a tie. */
export function lowestDiscount<C extends Pick<Coupon, "discount_rate" | "valid_end_time" | "code">>(coupons: C[]): C | undefined {
  return [...coupons].sort(
    (a, b) => a.discount_rate - b.discount_rate || a.valid_end_time - b.valid_end_time || a.code.localeCompare(b.code),
  )[0];
}

function useQuote(productId: string | undefined, couponCode: string, enabled: boolean) {
  const api = useApi();
  const clientId = useClientId();
  return useQuery({
    queryKey: queryKeys.productPoints.of(clientId, productId, couponCode),
    queryFn: () => api.call("productPoints", { client_id: clientId, product_id: productId ?? "", coupon_code: couponCode }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useOrderCoupon(vip: boolean, goods: SelectedGoods | undefined, channel: PaymentChannel | undefined): OrderCoupon {
  const loggedIn = useLoggedIn();
  const wanted = vip && loggedIn && goods?.isCoupon === true;
  const list = useCoupons("avail,lock", wanted, goods?.value);
  // undefined: the preselection (lowest discount_rate); null: the player chose none.
  const [choice, setChoice] = useState<string | null | undefined>(undefined);
  const bad = useRef(new Set<string>());
  const [broken, setBroken] = useState(false);
  const usable = broken || list.isError ? [] : (list.data?.coupons ?? []).filter((c) => c.use_category === "avail");
  // A reloaded list (after a -3062, a claim) is trusted again.
  const loadedAt = list.dataUpdatedAt;
  useEffect(() => {
    if (loadedAt) setBroken(false);
  }, [loadedAt]);

  const preselected = lowestDiscount(usable.filter((c) => !bad.current.has(c.code)))?.code;
  const selectedCode =
    choice === undefined ? preselected : choice === null ? undefined : usable.some((c) => c.code === choice) ? choice : preselected;
  const row = couponRowState({
    vip,
    goodsTakesCoupons: goods?.isCoupon === true,
    channel,
    available: !broken && !list.isError,
    usable,
    selectedCode,
  });
  const applied = row.kind === "applied" ? row.coupon.code : "";
  const quote = useQuote(goods?.value, applied, vip && loggedIn && goods !== undefined && (!wanted || !list.isPending));
  const failedCode = quote.isError ? applied : undefined;
  useEffect(() => {
    if (failedCode === undefined) return;
    // A coupon or price failure: clear the choice, mark coupons unavailable until the list is reloaded.
    if (failedCode) bad.current.add(failedCode);
    setChoice(undefined);
    setBroken(true);
  }, [failedCode]);

  return { row, applied, usable: usable.length, selectedCode, pick: setChoice, quote };
}
