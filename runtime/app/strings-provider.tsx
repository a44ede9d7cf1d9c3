// The strings to the components. react-i18next re-renders for added strings through
// useSyncExternalStore, which React always renders in one synchronous pass, even inside a
// transition: the later part's arrival, just after the first content, was one long task of the
// whole page. Here it is a context change made in a transition instead, which React renders in
// slices that yield to the browser (docs/performance.md, "Where the blocking time goes").
import type { i18n } from "i18next";
import { type PropsWithChildren, startTransition, useEffect, useMemo, useState } from "react";
import { I18nContext } from "react-i18next";

export function StringsProvider({ i18n, children }: PropsWithChildren<{ i18n: i18n }>) {
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    const added = () => startTransition(() => setRevision((n) => n + 1));
    i18n.store.on("added", added);
    return () => i18n.store.off("added", added);
  }, [i18n]);
  // A new value each time strings are added: every useTranslation() reads this context, so each
  // re-renders, and its t() reads the store afresh.
  const value = useMemo(() => ({ i18n, revision }), [i18n, revision]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
