// i18next with each language in two chunks, English included: the strings the first render may show,
// loaded before it, and the rest, loaded once the first content is on screen (or before a screen
// that needs them: see `laterStrings`). A page loads only its own language; the build fills a
// translation's empty strings from English and cuts the parts (vite.config.ts).
import i18next, { type i18n } from "i18next";
import { MISSING_STRING_MARK } from "../../core/browser/marks.ts";
import { isolateValues, signsInIsolates } from "./bidi.ts";
import { isRtl } from "./language.ts";
import { type Loaders, load, type Strings } from "./locale-load.ts";
import { retryLoad } from "./retry-load.ts";

const first: Loaders = import.meta.glob<{ default: Strings }>("../../locales/*.json", { query: "?first" });

let current: i18n | undefined;

/**
 * Resolves once the active language's every string is there; screens loaded on demand wait for it.
 * The later parts' loaders are code of their own (./i18n-later.ts): the first script carries none.
 */
export function laterStrings(): Promise<void> {
  const instance = current;
  if (!instance || instance.language === "cimode") return Promise.resolve();
  return retryLoad(() => import("./i18n-later.ts")).then((later) => later.addLater(instance, instance.language));
}

export async function createI18n(lang: string): Promise<i18n> {
  const instance = i18next.createInstance();
  // The keys pseudo-locale (cimode) shows keys and needs no strings; an unknown language gets English.
  const own = lang === "cimode" ? undefined : await load(first, lang);
  const resources: Record<string, { translation: Strings }> = {};
  if (own) resources[lang] = { translation: own };
  else if (lang !== "cimode") resources.en = { translation: (await load(first, "en")) ?? {} };
  const active = own || lang === "cimode" ? lang : "en";
  await instance
    // Every value put into a right-to-left text is an isolate, a number's signs with it (./bidi.ts).
    .use(isolateValues as never)
    .use(signsInIsolates)
    .init({
      postProcess: ["signsInIsolates"],
      lng: active,
      fallbackLng: false,
      // Our codes are lower case (zh-tw, zh-cn); i18next would otherwise look them up as zh-TW.
      lowerCaseLng: true,
      resources,
      returnEmptyString: false,
      interpolation: { escapeValue: false, alwaysFormat: true },
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
  await (await retryLoad(() => import("./i18n-later.ts"))).addLater(instance, lang);
  await instance.changeLanguage(lang);
  applyDocumentLanguage(lang);
}
