// i18next with English as the reference; other languages are separate lazy chunks.
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../../locales/en.json";
import { isRtl } from "./language.ts";

const loaders = import.meta.glob<{ default: Record<string, unknown> }>(["../../locales/*.json", "!../../locales/en.json"]);

async function loadResources(lang: string): Promise<Record<string, unknown> | undefined> {
  const load = loaders[`../../locales/${lang}.json`];
  return load ? (await load()).default : undefined;
}

export async function createI18n(lang: string): Promise<i18n> {
  const instance = i18next.createInstance();
  const resources: Record<string, { translation: Record<string, unknown> }> = { en: { translation: en } };
  if (lang !== "en") {
    const other = await loadResources(lang);
    if (other) resources[lang] = { translation: other };
  }
  await instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: "en",
    // Our codes are lower case (zh-tw, zh-cn); i18next would otherwise look them up as zh-TW.
    lowerCaseLng: true,
    resources,
    // An empty entry (allowed in ms and pl) falls back to English.
    returnEmptyString: false,
    interpolation: { escapeValue: false },
  });
  applyDocumentLanguage(lang);
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
