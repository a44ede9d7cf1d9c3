// The no-coupon confirm before Buy (tip_noUse_coupon; docs/decisions.md, "Purchase journey"): in the VIP version, for a goods that
// takes coupons, when usable coupons exist but none is applied, or the channel refuses coupons.

export interface CouponState {
  /** Usable coupons for this goods. */
  usable: number;
  /** The applied coupon's code, if any. */
  applied?: string;
}

export function needsNoCouponConfirm(input: {
  vip: boolean;
  goodsTakesCoupons: boolean;
  channelTakesCoupons: boolean;
  coupons?: CouponState;
}): boolean {
  const { vip, goodsTakesCoupons, channelTakesCoupons, coupons } = input;
  if (!vip || !goodsTakesCoupons || !coupons || coupons.usable === 0) return false;
  return !coupons.applied || !channelTakesCoupons;
}
