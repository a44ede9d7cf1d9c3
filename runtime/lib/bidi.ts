// Values inside right-to-left text (docs/decisions.md, "Right to left: every value is an isolate"):
// a number, percent, price, name or code shown in Arabic is wrapped in FIRST STRONG ISOLATE …
// POP DIRECTIONAL ISOLATE (U+2068 … U+2069), so it reads in its own order whatever surrounds it.
// The one way that reaches every place a value goes: text, a translated sentence, an attribute
// (aria-label, title) and an <option>. Left-to-right languages get their values untouched. A text
// written whole in Arabic (a coupon's name, a note from the platform) is ./bidi-text.ts's.

import { isRtl } from "./language.ts";
import { useTranslation } from "./use-translation.ts";

export const FSI = "\u2068";
export const PDI = "\u2069";

/** The value as an isolate in a right-to-left language, as it is in any other. */
export function isolate(value: string | number, lang: string): string {
  const text = String(value);
  return isRtl(lang) && text !== "" ? `${FSI}${text}${PDI}` : text;
}

/** `isolate` in the screen's language: `const iso = useIsolate(); <dd>{iso(order.billing_no)}</dd>`. */
export function useIsolate(): (value: string | number) => string {
  const { i18n } = useTranslation();
  return (value) => isolate(value, i18n.language);
}

/**
 * A translated sentence whose values are isolates (runtime/lib/i18n.ts): the sign before a number
 * and the percent sign after it, which the translation writes around its placeholder, go inside
 * the number's isolate (`-⁨8⁩%` → `⁨-8%⁩`), so `-8%` reads as one value and not `%8-`.
 */
export function keepSignsInIsolates(text: string): string {
  return text.includes(FSI) ? text.replace(/([+\-−]?)\u2068([+\-−]?\d[\d.,]*)\u2069(%?)/gu, `${FSI}$1$2$3${PDI}`) : text;
}

/**
 * i18next's formatter for every value put into a translation (runtime/lib/i18n.ts): a name, an
 * amount, a date, in a right-to-left language, is an isolate; punctuation around it stays where
 * the translator put it.
 */
export const isolateValues = {
  type: "formatter" as const,
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value: unknown, _format: string | undefined, lng: string | undefined) =>
    lng && (typeof value === "string" || typeof value === "number") ? isolate(value, lng) : value,
};

/** i18next's post-processor of every translation: `keepSignsInIsolates`. */
export const signsInIsolates = { type: "postProcessor" as const, name: "signsInIsolates", process: keepSignsInIsolates };
