// The strings to the components (lib/use-translation.ts). Added strings, the later part arriving just
// after the first content, re-render what shows them as a transition, which React renders in slices
// that yield to the browser: through a store subscription (useSyncExternalStore, as react-i18next
// binds), React renders a change in one synchronous pass even inside a transition, and that was one
// long task of the whole page (docs/performance.md, "Where the blocking time goes"). A language the
// player chose re-renders at once.
import type { i18n } from "i18next";
import { type PropsWithChildren, startTransition, useEffect, useMemo, useState } from "react";
import { StringsContext } from "../lib/use-translation.ts";

export function StringsProvider({ i18n, children }: PropsWithChildren<{ i18n: i18n }>) {
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    const next = () => setRevision((n) => n + 1);
    const added = () => startTransition(next);
    i18n.store.on("added", added);
    i18n.on("languageChanged", next);
    return () => {
      i18n.store.off("added", added);
      i18n.off("languageChanged", next);
    };
  }, [i18n]);
  // A new value each time: every useTranslation() reads this context, so each re-renders, and its
  // t() reads the store afresh.
  const value = useMemo(() => ({ i18n, revision }), [i18n, revision]);
  return <StringsContext.Provider value={value}>{children}</StringsContext.Provider>;
}
