// After a route change, focus moves to the new page's heading (WCAG 2.4.3): a keyboard or screen
// reader user starts on the page they went to, not on the link that left the last one. A page
// opened from another starts at its top, as a page loaded afresh does: kept at the last page's
// scroll, the old layout's recharge page opened with its coupon row under the sticky header.
import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

/** The page's one h1; the layout's header title when the page has none of its own. */
const HEADING = "main h1, h1";

export function useFocusOnNavigate(): void {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs for each new path on purpose.
  useEffect(() => {
    // The first page keeps the browser's own start (the top of the document).
    if (first.current) {
      first.current = false;
      return;
    }
    // Back and forward keep the place the browser restores.
    if (navigation !== "POP") window.scrollTo(0, 0);
    // After the new page has rendered (its heading may come with its content).
    const frame = requestAnimationFrame(() => {
      const heading = document.querySelector<HTMLElement>(HEADING);
      if (!heading || heading.contains(document.activeElement)) return;
      // A dialog the route change opened keeps its own focus.
      if (document.activeElement?.closest("dialog[open]")) return;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
