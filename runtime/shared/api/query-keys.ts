// Every query key of the storefront, one family per platform call: a key is never spelled twice, and
// a family's `all()` is the prefix of each of its keys, so invalidating it refreshes every one of them.
import type { QueryKey } from "@tanstack/react-query";
import type { Platform } from "../../lib/device.ts";

type Area = string | undefined;
/** The account's token in a key: its data is another account's after a login or logout. */
type Token = string | undefined;

/** The parameters of each family's keys, after the family's name. */
interface KeyParams {
  games: [clientId: string, platform: Platform, area: string];
  pageConfig: [clientId: string, area: Area];
  products: [clientId: string, area: Area];
  servers: [clientId: string, area: Area];
  roles: [clientId: string, serverId: string | undefined, token: Token];
  allRoles: [clientId: string, token: Token];
  limits: [clientId: string, roleId: string | undefined, serverId: string | undefined, token: Token];
  loginConfig: [clientId: string, area: Area];
  countryList: [clientId: string, productId: string | undefined, platform: Platform, area: Area];
  productPoints: [clientId: string, productId: string | undefined, couponCode: string];
  thirdGift: [clientId: string, billingNo: string];
  replenishGameList: [replenishId: string];
  replenishInfo: [replenishId: string];
  replenishCountryList: [replenishId: string, platform: Platform];
  vipBasic: [clientId: string];
  vipInfo: [clientId: string, token: string];
  coupons: [clientId: string, categories: string, productId: string, token: string];
  activities: [clientId: string, token: string];
  activityStatus: [clientId: string, token: string];
  orders: [clientId: string, token: string];
}

export interface KeyFamily<P extends unknown[]> {
  all(): QueryKey;
  of(...params: P): QueryKey;
}

/**
 * The families by name. A family's prefix is its name, so no two families can share keys; the
 * bundle carries no list of them (the names live in KeyParams, a type).
 */
export const queryKeys = new Proxy({} as { [N in keyof KeyParams]: KeyFamily<KeyParams[N]> }, {
  get: (_, name: string): KeyFamily<unknown[]> => ({ all: () => [name], of: (...params) => [name, ...params] }),
});

/** What the logged-in account sees of the game: dropped at logout, never shown to the next account. */
export const accountKeys = (): QueryKey[] => [queryKeys.roles.all(), queryKeys.allRoles.all(), queryKeys.limits.all()];

/** What a settled order changes: limits, VIP points, coupons, event progress and the order history. */
export const settledOrderKeys = (): QueryKey[] => [
  queryKeys.limits.all(),
  queryKeys.vipInfo.all(),
  queryKeys.coupons.all(),
  queryKeys.activities.all(),
  queryKeys.activityStatus.all(),
  queryKeys.orders.all(),
];
