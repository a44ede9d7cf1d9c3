// Limited goods: how many purchases are left, when the next one is possible, and
// the tip that explains the limit.
import type { LimitInfo } from "../../../core/browser/generated/api-types.ts";
import { toMillis, untilParts } from "../../lib/format.ts";

export type LimitState =
  | { kind: "open"; remaining: number }
  | { kind: "unpaid"; billingNo?: string }
  | { kind: "wait"; until: number }
  | { kind: "reached" };

/** extra_pay_times < 0: an unpaid order is pending; 0: none left (until next_pay_time, if any). */
export function limitState(info: LimitInfo, now: number): LimitState {
  if (info.extra_pay_times < 0) return { kind: "unpaid", ...(info.pending_billing_no ? { billingNo: info.pending_billing_no } : {}) };
  if (info.extra_pay_times > 0) return { kind: "open", remaining: info.extra_pay_times };
  if (info.next_pay_time > 0 && toMillis(info.next_pay_time) > now) return { kind: "wait", until: toMillis(info.next_pay_time) };
  return { kind: "reached" };
}

export const buyable = (state: LimitState | undefined) => state === undefined || state.kind === "open";

export interface LimitTip {
  /** i18n key and values of the rule line ('3 per character', '2 times within 7 days'). */
  rule: { key: "goods.limit.role" | "goods.limit.time" | "goods.limit.game"; count: number; days?: number };
  /** Days, hours and minutes to the next purchase, for the 'game' and 'time' limits that wait. */
  next?: { days: number; hours: number; minutes: number };
}

export function limitTip(info: LimitInfo, now: number): LimitTip {
  const state = limitState(info, now);
  const rule: LimitTip["rule"] =
    info.limit_type === "role"
      ? { key: "goods.limit.role", count: info.frequency }
      : info.limit_type === "time"
        ? { key: "goods.limit.time", count: info.frequency, days: info.day_info }
        : { key: "goods.limit.game", count: info.frequency };
  return state.kind === "wait" ? { rule, next: untilParts(state.until, now) } : { rule };
}
