// Code and strings fetched after the first render (lazy screens, dialogs, the later strings) meet
// the same networks the player does: a failed load is tried again, once the connection is back when
// the browser is offline, else after a short wait. Only a load that keeps failing online rejects.
import { isOffline } from "./online.ts";

/** Waits between the online tries, in ms: three tries in all. */
export const RETRY_WAITS_MS = [1000, 3000];

const onceOnline = () => new Promise<void>((resolve) => window.addEventListener("online", () => resolve(), { once: true }));
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function retryLoad<T>(load: () => Promise<T>, waits: readonly number[] = RETRY_WAITS_MS): Promise<T> {
  for (let failed = 0; ; ) {
    try {
      return await load();
    } catch (error) {
      // Tries made offline are not counted: the load waits for the connection instead.
      if (isOffline()) {
        await onceOnline();
        continue;
      }
      const ms = waits[failed++];
      if (ms === undefined) throw error;
      await wait(ms);
    }
  }
}
