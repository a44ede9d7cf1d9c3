// How often an order is checked after payment (docs/decisions.md, "Purchase journey"): the first check 1 s after
// payment, then every 3 s while pending, every 10 s after the first minute, none after 15 minutes.

export const POLL = { firstMs: 1_000, fastMs: 3_000, slowMs: 10_000, slowAfterMs: 60_000, stopAfterMs: 15 * 60_000 } as const;

/**
 * The wait before the next check, or null when polling stops: no check is made after the 15
 * minutes, not even one scheduled just before them. `checks` = checks done so far.
 */
export function nextPollDelay(checks: number, elapsedMs: number): number | null {
  const delay = checks === 0 ? POLL.firstMs : elapsedMs < POLL.slowAfterMs ? POLL.fastMs : POLL.slowMs;
  return elapsedMs + delay > POLL.stopAfterMs ? null : delay;
}

export const ORDER_STATUS = { success: 1, pending: -1, fail: -2, repeat: 10 } as const;

export type ResultView = "pending" | "success" | "fail";

export function viewOf(status: number): ResultView {
  if (status === ORDER_STATUS.success) return "success";
  if (status === ORDER_STATUS.fail) return "fail";
  return "pending";
}
