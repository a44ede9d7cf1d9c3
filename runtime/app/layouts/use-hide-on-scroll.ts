// The new layout's header hides while the player scrolls down and returns on scrolling up or near
// the bottom: scroll handling throttled at 300 ms, 100 px bottom threshold, direction reset after 5000 ms
// (docs/decisions.md, "Runtime core": header on scroll).
import { useEffect, useState } from "react";

export const SCROLL = { throttleMs: 300, bottomPx: 100, directionResetMs: 5000 } as const;

/** Whether the header should hide, from the last and the current scroll positions. Pure. */
export function nextHidden(state: { hidden: boolean; lastY: number | null }, y: number, viewport: number, page: number): boolean {
  if (y + viewport >= page - SCROLL.bottomPx) return false;
  if (y <= 0) return false;
  if (state.lastY === null) return state.hidden;
  if (y > state.lastY) return true;
  if (y < state.lastY) return false;
  return state.hidden;
}

export function useHideOnScroll(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const state = { hidden: false, lastY: null as number | null };
    // Where the page starts, read in the next frame, where the browser lays the page out anyway:
    // read here, in the effect, it would force the just-rendered page's layout inside this task.
    const frame = requestAnimationFrame(() => {
      state.lastY ??= window.scrollY;
    });
    let last = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    let reset: ReturnType<typeof setTimeout> | undefined;
    const evaluate = () => {
      pending = undefined;
      last = Date.now();
      const y = window.scrollY;
      state.hidden = nextHidden(state, y, window.innerHeight, document.documentElement.scrollHeight);
      state.lastY = y;
      setHidden(state.hidden);
      clearTimeout(reset);
      // After a pause the direction is measured afresh from where the player resumes.
      reset = setTimeout(() => (state.lastY = window.scrollY), SCROLL.directionResetMs);
    };
    const onScroll = () => {
      if (pending) return;
      const wait = Math.max(0, SCROLL.throttleMs - (Date.now() - last));
      pending = setTimeout(evaluate, wait);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
      clearTimeout(pending);
      clearTimeout(reset);
    };
  }, []);
  return hidden;
}
