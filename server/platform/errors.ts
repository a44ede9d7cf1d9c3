// Business errors with the codes of schema/api/errors.json.
import { messageOf } from "./contract.ts";
import { PlatformError } from "./envelope.ts";

export const E = {
  badRequest: -400,
  notFound: -404,
  tooMany: -429,
  notLoggedIn: -600,
  loginFailed: -601,
  accountMismatch: -602,
  forbidden: -603,
  notAGame: -3001,
  wrongDomain: -3014,
  replenishError: -3016,
  activityMissing: -3022,
  illegalCoupon: -3062,
  goodsNotFound: -3101,
  limitReached: -3102,
  unpaidOrder: -3103,
  paymentUnavailable: -3104,
  paywayMissing: -3105,
  roleNotFound: -3106,
  cardInvalid: -3201,
  cardUsed: -3202,
  cardLocked: -3203,
  vipOff: -3301,
  claimFailed: -3302,
  notEnoughPoints: -3303,
  realNameFailed: -3401,
  betaInvalid: -3501,
  notRealName: 6001,
} as const;

export function fail(code: number, message = messageOf(code), content: unknown = null): never {
  throw new PlatformError(code, message, 200, content);
}
