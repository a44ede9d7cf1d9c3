// A name that may be longer than its place (a username, a game's name): on one line, or on at most
// `lines`, cut with an ellipsis and never broken inside a word (docs/decisions.md, "Long names").
// The whole name stays available: all of it is in the page for screen readers; when it is cut,
// `title` shows it on hover, and it takes focus (Tab, or a tap) and shows itself whole while focused.
// A name inside a link or button is a plain `.sf-clipped` span with a `title`: the control takes
// focus, and shows the name whole (ui/controls.css).
import { type HTMLAttributes, useLayoutEffect, useRef, useState } from "react";
import { useIsolate } from "../lib/bidi.ts";

export interface ClippedTextProps extends HTMLAttributes<HTMLElement> {
  text: string;
  /** Lines before the ellipsis. */
  lines?: 1 | 2 | 3;
}

export function ClippedText({ text, lines = 1, className, ...rest }: ClippedTextProps) {
  const iso = useIsolate();
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text is measured again, even in a box of the same size.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Shown whole while focused, it is measured again when its box shrinks back on blur.
    const observer = new ResizeObserver(() => {
      if (element !== document.activeElement)
        setCut(element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);
  return (
    <span
      ref={ref}
      // Its own direction: a Latin name in Arabic keeps its start in view and loses its end. The
      // box is inline, so the text around places it as it places its own words (ui/controls.css).
      dir="auto"
      className={className ? `sf-clipped ${className}` : "sf-clipped"}
      data-clamp={lines > 1 ? lines : undefined}
      tabIndex={cut ? 0 : undefined}
      title={cut ? text : undefined}
      {...rest}
    >
      {iso(text)}
    </span>
  );
}
