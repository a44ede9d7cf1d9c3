// What the first render does not need: parts shown once the first content is on screen, and
// screens loaded on demand, which also wait for the strings of later screens (runtime/lib/i18n.ts).
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, startTransition, useEffect, useState } from "react";
import { afterFirstContent, markFirstContent } from "../lib/first-content.ts";
import { laterStrings } from "../lib/i18n.ts";
import { retryLoad } from "../lib/retry-load.ts";
import { Loaded } from "./part-boundary.tsx";

/** Once the first content is on screen, the rest of the active language's strings load. */
export function loadLaterStringsAfterFirstContent(): Promise<void> {
  return afterFirstContent().then(laterStrings);
}

/** Renders its (lazy) children once the first content is on screen and every string is there. */
export function AfterFirstContent({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    // A transition: the parts render in slices that yield to the browser, not in one long task.
    void loadLaterStringsAfterFirstContent().then(() => live && startTransition(() => setReady(true)));
    return () => {
      live = false;
    };
  }, []);
  // The player can do without these: one that cannot load shows nothing.
  return ready ? (
    <Loaded fallback={null} error={null}>
      {children}
    </Loaded>
  ) : null;
}

/** Rendered beside a screen's content: marks the first content once that content has rendered. */
export function FirstContentMark() {
  useEffect(markFirstContent, []);
  return null;
}

/** A component loaded on demand, its load tried again when it fails (runtime/lib/retry-load.ts). */
// biome-ignore lint/suspicious/noExplicitAny: the props of any component, as React.lazy has them.
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => retryLoad(load));
}

/** A component loaded on demand that shows strings of the later part: it waits for both, in parallel. */
// biome-ignore lint/suspicious/noExplicitAny: the props of any component, as React.lazy has them.
export function lazyWithStrings<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => Promise.all([retryLoad(load), laterStrings()]).then(([module]) => module));
}
