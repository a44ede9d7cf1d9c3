// i18next with each language in two chunks, English included: the strings the first render may show,
// loaded before it, and the rest, loaded once the first content is on screen (or before a screen
// that needs them: see `laterStrings`). A page loads only its own language; the build fills a
// translation's empty strings from English and cuts the parts (vite.config.ts).
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { MISSING_STRING_MARK } from "../../core/marks.ts";
import { isRtl } from "./language.ts";
import { retryLoad } from "./retry-load.ts";

type Strings = Record<string, unknown>;
type Loaders = Record<string, () => Promise<{ default: Strings }>>;

const first: Loaders = import.meta.glob<{ default: Strings }>("../../locales/*.json", { query: "?first" });
const later: Loaders = import.meta.glob<{ default: Strings }>("../../locales/*.json", { query: "?later" });

async function load(loaders: Loaders, lang: string): Promise<Strings | undefined> {
  const loader = loaders[`../../locales/${lang}.json`];
  return loader ? (await loader()).default : undefined;
}

/**
 * Every value put into a right-to-left text (a name, an amount, a date) is a bidi isolate (U+2068 …
 * U+2069): Latin runs and numbers keep their own order inside Arabic, and punctuation around them
 * stays where the translator put it. Left-to-right languages get the values as they are.
 */
const isolateValues = {
  type: "formatter" as const,
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value: unknown, _format: string | undefined, lng: string | undefined) =>
    lng && isRtl(lng) && (typeof value === "string" || typeof value === "number") ? `\u2068${value}\u2069` : value,
};

let current: i18n | undefined;
const laterLoaded = new Map<string, Promise<void>>();

/** The later part of a language, added to the instance once (it re-renders what uses it). */
function addLater(instance: i18n, lang: string): Promise<void> {
  let loaded = laterLoaded.get(lang);
  if (!loaded) {
    loaded = retryLoad(() => load(later, lang)).then(
      (strings) => {
        if (strings) instance.addResourceBundle(lang, "translation", strings, true, false);
      },
      (error: unknown) => {
        // Not kept: the next screen that needs the strings asks again.
        laterLoaded.delete(lang);
        throw error;
      },
    );
    laterLoaded.set(lang, loaded);
  }
  return loaded;
}

/** Resolves once the active language's every string is there; screens loaded on demand wait for it. */
export function laterStrings(): Promise<void> {
  if (!current || current.language === "cimode") return Promise.resolve();
  return addLater(current, current.language);
}

export async function createI18n(lang: string): Promise<i18n> {
  const instance = i18next.createInstance();
  laterLoaded.clear();
  // The keys pseudo-locale (cimode) shows keys and needs no strings; an unknown language gets English.
  const own = lang === "cimode" ? undefined : await load(first, lang);
  const resources: Record<string, { translation: Strings }> = {};
  if (own) resources[lang] = { translation: own };
  else if (lang !== "cimode") resources.en = { translation: (await load(first, "en")) ?? {} };
  const active = own || lang === "cimode" ? lang : "en";
  await instance
    .use(initReactI18next)
    .use(isolateValues as never)
    .init({
      lng: active,
      fallbackLng: false,
      // Our codes are lower case (zh-tw, zh-cn); i18next would otherwise look them up as zh-TW.
      lowerCaseLng: true,
      resources,
      returnEmptyString: false,
      interpolation: { escapeValue: false, alwaysFormat: true },
      // Components re-render when the later part is added.
      react: { bindI18nStore: "added" },
      saveMissing: active !== "cimode",
      missingKeyHandler: (_langs, _ns, key) => {
        if (typeof performance !== "undefined") performance.mark(`${MISSING_STRING_MARK}${key}`);
      },
    });
  current = instance;
  applyDocumentLanguage(active);
  return instance;
}

export function applyDocumentLanguage(lang: string): void {
  document.documentElement.lang = lang === "cimode" ? "en-x-keys" : lang;
  document.documentElement.dir = isRtl(lang) ? "rtl" : "ltr";
}

/** Switch language at run time: load both its parts, then change, then remember the choice. */
export async function switchLanguage(instance: i18n, lang: string): Promise<void> {
  if (!instance.hasResourceBundle(lang, "translation")) {
    const strings = await load(first, lang);
    if (strings) instance.addResourceBundle(lang, "translation", strings);
  }
  await addLater(instance, lang);
  await instance.changeLanguage(lang);
  applyDocumentLanguage(lang);
}
