// Carries out what an error calls for (lib/api/error-actions.ts, the table of what each code does):
// a toast, a log-out, a page. Code of its own, which no first screen needs: ./services.ts loads it
// after the first content, or at the first error if that comes sooner (lib/on-demand.ts).
import { setRealNameTicket } from "../features/real-name/ticket.ts";
import { actionFor, type ErrorContext } from "../lib/api/error-actions.ts";
import { removeItem } from "../lib/storage.ts";
import type { Tracker } from "../lib/tracking.ts";
import { queryKeys } from "../shared/api/query-keys.ts";
import { removeUser } from "../shared/session/user-store.ts";
import type { UiActionHandlers } from "../shared/ui-actions.ts";

/** What the reaction acts on: the game's user, the tracker and the screen. */
export interface ErrorScene {
  clientId: string;
  tracker: Tracker;
  ui: UiActionHandlers;
}

export function actOnError(error: unknown, context: ErrorContext, { clientId, tracker, ui }: ErrorScene): void {
  const action = actionFor(error, context);
  if (action.realNameTicket) setRealNameTicket(action.realNameTicket);
  if (action.clearUser) removeUser(clientId);
  if (action.clearGame) removeItem("gameInfo");
  if (action.clearArea) removeItem("payment_domain_area");
  if (action.report) tracker.track("error", { call: (error as { call?: string }).call ?? "unknown" });
  if (action.reloadCouponsAfter) setTimeout(() => ui.refresh(queryKeys.coupons.all()), action.reloadCouponsAfter);
  if (action.toast) ui.toast(action.toast);
  if (action.openLogin) ui.openLogin();
  if (action.navigate) ui.navigate(action.navigate);
}
