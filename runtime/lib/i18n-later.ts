// The later part of each language (runtime/lib/i18n.ts): added to an i18next instance once the
// first content is on screen, or before a screen that needs it.
import type { i18n } from "i18next";
import { type Loaders, load, type Strings } from "./locale-load.ts";
import { retryLoad } from "./retry-load.ts";

const later: Loaders = import.meta.glob<{ default: Strings }>("../../locales/*.json", { query: "?later" });

/** Per instance and language, the one load of its later part (kept while it succeeds). */
const loads = new WeakMap<i18n, Map<string, Promise<void>>>();

/** The later part of a language, added to the instance once (it re-renders what uses it). */
export function addLater(instance: i18n, lang: string): Promise<void> {
  let byLang = loads.get(instance);
  if (!byLang) {
    byLang = new Map();
    loads.set(instance, byLang);
  }
  let loaded = byLang.get(lang);
  if (!loaded) {
    const own = byLang;
    loaded = retryLoad(() => load(later, lang)).then(
      (strings) => {
        // What shows them re-renders as a transition, in slices (app/strings-provider.tsx).
        if (strings) instance.addResourceBundle(lang, "translation", strings, true, false);
      },
      (error: unknown) => {
        // Not kept: the next screen that needs the strings asks again.
        own.delete(lang);
        throw error;
      },
    );
    byLang.set(lang, loaded);
  }
  return loaded;
}
