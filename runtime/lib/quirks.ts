// Browser quirks: on Safari a touch double-tap within 300 ms is prevented, as it would zoom the page.
import { isSafari } from "./device.ts";

export function preventSafariDoubleTap(doc: Document = document, userAgent = navigator.userAgent): void {
  if (!isSafari(userAgent)) return;
  let last = 0;
  doc.addEventListener(
    "touchend",
    (event) => {
      const now = Date.now();
      if (now - last < 300) event.preventDefault();
      last = now;
    },
    { passive: false },
  );
}
