// Language picker: the languages of the current brand and area, each named in its own language.
import "./language-picker.css";
import { useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { switchLanguage } from "../../lib/i18n.ts";
import { setItem } from "../../lib/storage.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { useSession } from "../session/session-context.ts";

const NATIVE_NAMES: Record<string, string> = {
  ar: "العربية",
  de: "Deutsch",
  en: "English",
  es: "Español",
  fr: "Français",
  id: "Bahasa Indonesia",
  it: "Italiano",
  ja: "日本語",
  ko: "한국어",
  ms: "Bahasa Melayu",
  pl: "Polski",
  pt: "Português",
  ru: "Русский",
  th: "ไทย",
  tr: "Türkçe",
  vi: "Tiếng Việt",
  "zh-cn": "简体中文",
  "zh-tw": "繁體中文",
};

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const { languages } = useSession();
  const queryClient = useQueryClient();
  const id = useId();
  if (languages.length < 2) return null;
  return (
    <div className="sf-language">
      <label htmlFor={id} className="sf-visually-hidden">
        {t("header.language")}
      </label>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="sf-language__icon">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8 8 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16Zm3-8h-3a8 8 0 0 1 4.4-3.6C8.9 5.5 8.4 6.7 8.1 8ZM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.2 5.6c.6-1.1 1.1-2.3 1.4-3.6h3a8 8 0 0 1-4.4 3.6Zm1.8-5.6a16.5 16.5 0 0 0 0-4h3.4a8 8 0 0 1 0 4h-3.4Z"
        />
      </svg>
      <select
        id={id}
        value={i18n.language}
        onChange={(e) => {
          const lang = e.target.value;
          setItem("perfLang", lang);
          // The platform answers its texts (goods, coupons, events, channel tips) in the language asked: ask again.
          void switchLanguage(i18n, lang).then(() => queryClient.invalidateQueries());
        }}
      >
        {languages.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {NATIVE_NAMES[lang] ?? lang}
          </option>
        ))}
      </select>
    </div>
  );
}
