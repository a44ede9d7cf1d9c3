// The moment the player has what they came for on screen (the goods of the top-up page, or a lazily
// loaded page). What the first render does not need (the event prompt, the footer's legal notices,
// the strings of later screens) is fetched after it, so it never competes with the first render.
import { FIRST_CONTENT_MARK } from "../../core/browser/marks.ts";

/** A screen that never marks (an error page, the old layout's game list) still gets the rest after this. */
const FALLBACK_MS = 1500;

let done = false;
let fallbackArmed = false;
let resolveContent: () => void = () => undefined;
const content = new Promise<void>((resolve) => {
  resolveContent = resolve;
});

export function markFirstContent(): void {
  if (done) return;
  done = true;
  if (typeof performance !== "undefined") performance.mark(FIRST_CONTENT_MARK);
  // After the frame that shows it, when the browser has a moment.
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolveContent(), { timeout: 1000 });
  else setTimeout(resolveContent, 50);
}

/**
 * Resolves once the first content is on screen, marked by the page, or by the fallback the first
 * call of afterFirstContent starts: code made before the first render (the services) waits with
 * this, so its wait never starts that clock early.
 */
export const onFirstContent = (): Promise<void> => content;

/** Resolves once the first content is on screen (at the latest FALLBACK_MS after the first call). */
export function afterFirstContent(): Promise<void> {
  if (!done && !fallbackArmed && typeof window !== "undefined") {
    fallbackArmed = true;
    window.setTimeout(markFirstContent, FALLBACK_MS);
  }
  return content;
}
