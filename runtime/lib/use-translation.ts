// The strings to the components: the page's i18next instance (./i18n.ts) through one context, which
// app/strings-provider.tsx renews when strings are added or the language changes. It stands in for
// react-i18next's hook of the same name, whose namespaces, Suspense and store subscriptions the store
// does not use, and which was 2.0 KB of the first script (docs/decisions.md, "Initial JavaScript
// headroom").
import type { i18n, TFunction } from "i18next";
import { createContext, useContext, useMemo } from "react";

export interface Strings {
  i18n: i18n;
  /** Renewed when strings are added or the language changes: every reader re-renders. */
  revision: number;
}

export const StringsContext = createContext<Strings | null>(null);

export function useTranslation(): { t: TFunction; i18n: i18n } {
  const strings = useContext(StringsContext);
  if (!strings) throw new Error("strings read outside StringsProvider (app/strings-provider.tsx)");
  const { i18n } = strings;
  const language = i18n.language;
  // One function per language, as react-i18next's: it reads the store at each call, so the strings
  // added later show on the re-render a new revision causes, and effects that name `t` do not re-run.
  const t = useMemo(() => i18n.getFixedT(language), [i18n, language]);
  return { t, i18n };
}
