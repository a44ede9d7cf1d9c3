// The platform's own timed work: completing due card exchanges, expiring unpaid orders past their
// time, and forgetting idempotency keys, attempt counters and tracking events past theirs. One timer per platform, stopped with it; it never keeps a
// process alive and a pass never overlaps the one before.
import { forgetOldAttempts } from "./attempts.ts";
import { expireUnpaid } from "./expiry.ts";
import { forgetOldKeys } from "./idempotency.ts";
import type { Platform } from "./platform.ts";
import { settleDueCardOrders } from "./settlement.ts";
import { forgetOldTracking } from "./tracking.ts";

export const SWEEP_MS = 500;
const FORGET_EVERY_MS = 60_000;

/** One pass: what is due now by the platform's clock. */
export async function sweep(platform: Platform, forget: boolean): Promise<void> {
  await settleDueCardOrders(platform);
  await expireUnpaid(platform, "due");
  if (forget) {
    await forgetOldKeys(platform);
    await forgetOldAttempts(platform.db, platform.now());
    await forgetOldTracking(platform);
  }
}

/** Starts the sweep; the function it returns stops it and waits for a pass under way. */
export function startSweeps(platform: Platform, every = SWEEP_MS): () => Promise<void> {
  let pass: Promise<void> | undefined;
  let stopped = false;
  let lastForget = Number.NEGATIVE_INFINITY;
  const timer = setInterval(() => {
    if (stopped || pass) return;
    const at = platform.now().getTime();
    const forget = at - lastForget >= FORGET_EVERY_MS;
    if (forget) lastForget = at;
    pass = sweep(platform, forget)
      .catch((err: unknown) => {
        if (!stopped) console.error(`platform sweep: ${err instanceof Error ? err.message : String(err)}`);
      })
      .finally(() => {
        pass = undefined;
      });
  }, every);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await pass;
  };
}
