// What the storefront does for each error code (docs/api.md#error-codes), in one table. Pure: it describes the
// reaction; the app shell carries it out.
import { CODE } from "../../../core/browser/generated/api-errors.ts";
import type { CallName } from "../../../core/browser/generated/api-types.ts";
import { ApiError, NetworkError } from "./client.ts";

export interface ErrorAction {
  /** Remove the current game's user info (log out locally). */
  clearUser?: boolean;
  /** Open the login popup. */
  openLogin?: boolean;
  /** Remove the cached game info. */
  clearGame?: boolean;
  /** Clear the saved sales area. */
  clearArea?: boolean;
  /** Go to this route. */
  navigate?: string;
  /** Reload the coupon list after this many milliseconds. */
  reloadCouponsAfter?: number;
  /** Show the server's message (or the network message) as a toast. */
  toast?: string;
  /** The ticket a 6001 answer carries, for the real-name verification form. */
  realNameTicket?: string;
  /** Report to the tracking sink as an error event. */
  report?: boolean;
}

/** Calls whose failures stay silent: their screen shows the empty or unavailable state, and a toast would say it twice. */
export const SILENT_CALLS: ReadonlySet<CallName> = new Set([
  "countryList",
  "replenishCountryList",
  "couponList",
  "productPoints",
  "cardInfo",
  "cardPay",
]);
/** Card calls keep silent only on network failures; their business errors show in the card form. */
const CARD_CALLS: ReadonlySet<CallName> = new Set(["cardInfo", "cardPay"]);

export interface ErrorContext {
  sdkView: boolean;
  networkMessage: string;
  /** Said for paywayMissing instead of the platform's message ('payway_id is no exist' is a note for developers); asked only then, its string may still be loading for other errors. */
  paywayMissing?: () => string;
  /** The browser is offline: the page's offline banner already explains failing loads. */
  offline?: boolean;
  offlineMessage?: string;
}

export function actionFor(error: unknown, context: ErrorContext): ErrorAction {
  if (error instanceof NetworkError && context.offline) {
    // Only what the player asked for answers, with why; nothing is reported (it could not be sent).
    return SILENT_CALLS.has(error.call) ? {} : { toast: context.offlineMessage ?? context.networkMessage };
  }
  if (error instanceof NetworkError) {
    return SILENT_CALLS.has(error.call) ? { report: true } : { toast: context.networkMessage, report: true };
  }
  if (!(error instanceof ApiError)) return { toast: context.networkMessage };
  const toast = error.message;
  switch (error.code) {
    case CODE.wrongDomain:
      return { clearArea: true, navigate: "/notArea" };
    case CODE.notRealName: {
      const ticket = (error.content as { ticket?: unknown } | null)?.ticket;
      return { clearUser: true, navigate: "/", ...(typeof ticket === "string" ? { realNameTicket: ticket } : {}) };
    }
    case CODE.replenishError:
      // A make-up link's methods refused: the link may just have run out, which the make-up page
      // tells apart (the page-expired view) from a bad link (it goes to /errorReplenish itself).
      return error.call === "replenishCountryList" ? {} : { navigate: "/errorReplenish" };
    case CODE.notLoggedIn:
      // In the SDK view the game owns the session: keep it, no login popup.
      return context.sdkView ? { toast } : { clearUser: true, openLogin: true, toast };
    case CODE.notAGame:
      return { clearGame: true, toast };
    case CODE.illegalCoupon:
      return { reloadCouponsAfter: 1000, toast };
    case CODE.activityMissing:
      return { toast };
    case CODE.paywayMissing:
      return { toast: context.paywayMissing?.() ?? toast };
    default:
      if (SILENT_CALLS.has(error.call) && !CARD_CALLS.has(error.call)) return {};
      return CARD_CALLS.has(error.call) ? {} : { toast };
  }
}
