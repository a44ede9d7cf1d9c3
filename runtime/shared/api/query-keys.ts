// Every query key of the storefront, one family per platform call: a key is never spelled twice, and
// a family's `all()` is the prefix of each of its keys, so invalidating it refreshes every one of them.
import type { QueryKey } from "@tanstack/react-query";
import type { Platform } from "../../lib/device.ts";

type Area = string | undefined;
/** The account's token in a key: its data is another account's after a login or logout. */
type Token = string | undefined;

export interface KeyFamily<P extends unknown[]> {
  all(): QueryKey;
  of(...params: P): QueryKey;
}

function family<P extends unknown[]>(...prefix: string[]): KeyFamily<P> {
  return { all: () => prefix, of: (...params) => [...prefix, ...params] };
}

export const queryKeys = {
  games: family<[clientId: string, platform: Platform, area: string]>("games"),
  pageConfig: family<[clientId: string, area: Area]>("pageConfig"),
  products: family<[clientId: string, area: Area]>("products"),
  servers: family<[clientId: string, area: Area]>("servers"),
  roles: family<[clientId: string, serverId: string | undefined, token: Token]>("roles"),
  allRoles: family<[clientId: string, token: Token]>("allRoles"),
  limits: family<[clientId: string, roleId: string | undefined, serverId: string | undefined, token: Token]>("limits"),
  loginConfig: family<[clientId: string, area: Area]>("loginConfig"),
  countryList: family<[clientId: string, productId: string | undefined, platform: Platform, area: Area]>("countryList"),
  productPoints: family<[clientId: string, productId: string | undefined, couponCode: string]>("productPoints"),
  thirdGift: family<[clientId: string, billingNo: string]>("thirdGift"),
  replenishGameList: family<[replenishId: string]>("replenishGameList"),
  replenishInfo: family<[replenishId: string]>("replenishInfo"),
  replenishCountryList: family<[replenishId: string, platform: Platform]>("replenishCountryList"),
  vipBasic: family<[clientId: string]>("vipBasic"),
  vipInfo: family<[clientId: string, token: string]>("vipInfo"),
  coupons: family<[clientId: string, categories: string, productId: string, token: string]>("coupons"),
  activities: family<[clientId: string, token: string]>("activities"),
  /** Under `activities`: claiming a reward refreshes the status with the list. */
  activityStatus: family<[clientId: string, token: string]>("activities", "status"),
  orders: family<[clientId: string, token: string]>("orders"),
};

/** What the logged-in account sees of the game: dropped at logout, never shown to the next account. */
export const accountKeys = (): QueryKey[] => [queryKeys.roles.all(), queryKeys.allRoles.all(), queryKeys.limits.all()];

/** What a settled order changes: limits, VIP points, coupons, event progress and the order history. */
export const settledOrderKeys = (): QueryKey[] => [
  queryKeys.limits.all(),
  queryKeys.vipInfo.all(),
  queryKeys.coupons.all(),
  queryKeys.activities.all(),
  queryKeys.orders.all(),
];
