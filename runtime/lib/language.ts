// Language resolution: spec_lang → saved → browser → the area's default, within the area's languages.
import type { Language } from "../../core/browser/config/types.ts";

export interface LanguageInputs {
  param?: string | null;
  saved?: string | null;
  browser?: readonly string[];
  allowed: readonly Language[];
  fallback: Language;
}

/** Maps a BCP 47 tag to one of our language codes ('zh-Hant-TW' → 'zh-tw', 'pt-BR' → 'pt'). */
export function normalizeLanguage(tag: string, allowed: readonly Language[]): Language | undefined {
  const lower = tag.toLowerCase().replace(/_/g, "-");
  if ((allowed as string[]).includes(lower)) return lower as Language;
  if (lower.startsWith("zh")) {
    const traditional = /-(hant|tw|hk|mo)\b/.test(lower);
    const pick = traditional ? "zh-tw" : "zh-cn";
    return (allowed as string[]).includes(pick) ? (pick as Language) : undefined;
  }
  const base = lower.split("-")[0] ?? "";
  return (allowed as string[]).includes(base) ? (base as Language) : undefined;
}

export function resolveLanguage(inputs: LanguageInputs): Language {
  for (const candidate of [inputs.param, inputs.saved, ...(inputs.browser ?? [])]) {
    if (!candidate) continue;
    const lang = normalizeLanguage(candidate, inputs.allowed);
    if (lang) return lang;
  }
  return inputs.allowed.includes(inputs.fallback) ? inputs.fallback : (inputs.allowed[0] ?? inputs.fallback);
}

export const isRtl = (lang: string) => lang === "ar";
