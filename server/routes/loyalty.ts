// The calls of schema/api/loyalty.json: the VIP centre, coupons, growth points and top-up events.
import { activityInfo, activityStatus, receiveActivityGift } from "../domain/events.ts";
import { couponList, exchangePoints, receiveCoupons, vipBasicInfo, vipInfo } from "../domain/vip-centre.ts";
import { callRoutes } from "./calls.ts";

export const loyaltyRoutes = callRoutes("loyalty.json", {
  vipBasicInfo: ({ platform, params }) => vipBasicInfo(platform, params),
  vipInfo: ({ platform, params, caller }) => vipInfo(platform, params, caller),
  couponList: ({ platform, params, caller }) => couponList(platform, params, caller),
  receiveCoupons: ({ platform, params, caller }) => receiveCoupons(platform, params, caller),
  exchangePoints: ({ platform, params, caller }) => exchangePoints(platform, params, caller),
  activityInfo: ({ platform, params, caller }) => activityInfo(platform, params, caller),
  receiveActivityGift: ({ platform, params, caller }) => receiveActivityGift(platform, params, caller),
  activityStatus: ({ platform, params, caller }) => activityStatus(platform, params, caller),
});
