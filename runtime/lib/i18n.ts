// i18next with one chunk per language, English included: a page loads only its own language (the
// build fills a translation's empty strings from English, see vite.config.ts).
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { isRtl } from "./language.ts";

const loaders = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*.json");

async function loadResources(lang: string): Promise<Record<string, unknown> | undefined> {
  const load = loaders[`../../locales/${lang}.json`];
  return load ? (await load()).default : undefined;
}

export async function createI18n(lang: string): Promise<i18n> {
  const instance = i18next.createInstance();
  // The keys pseudo-locale (cimode) shows keys and needs no strings; an unknown language gets English.
  const own = lang === "cimode" ? undefined : await loadResources(lang);
  const resources: Record<string, { translation: Record<string, unknown> }> = {};
  if (own) resources[lang] = { translation: own };
  else if (lang !== "cimode") resources.en = { translation: (await loadResources("en")) ?? {} };
  const active = own || lang === "cimode" ? lang : "en";
  await instance.use(initReactI18next).init({
    lng: active,
    fallbackLng: false,
    // Our codes are lower case (zh-tw, zh-cn); i18next would otherwise look them up as zh-TW.
    lowerCaseLng: true,
    resources,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
  });
  applyDocumentLanguage(active);
  return instance;
}

export function applyDocumentLanguage(lang: string): void {
  document.documentElement.lang = lang === "cimode" ? "en-x-keys" : lang;
  document.documentElement.dir = isRtl(lang) ? "rtl" : "ltr";
}

/** Switch language at run time: load its chunk, then change, then remember the choice. */
export async function switchLanguage(instance: i18n, lang: string): Promise<void> {
  if (!instance.hasResourceBundle(lang, "translation")) {
    const resources = await loadResources(lang);
    if (resources) instance.addResourceBundle(lang, "translation", resources);
  }
  await instance.changeLanguage(lang);
  applyDocumentLanguage(lang);
}
