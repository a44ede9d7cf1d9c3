// Values inside right-to-left text (docs/decisions.md, "Right to left: every value is an isolate"):
// a number, percent, price, name or code shown in Arabic is wrapped in FIRST STRONG ISOLATE …
// POP DIRECTIONAL ISOLATE (U+2068 … U+2069), so it reads in its own order whatever surrounds it.
// The one way that reaches every place a value goes: text, a translated sentence, an attribute
// (aria-label, title) and an <option>. Left-to-right languages get their values untouched.
import { useTranslation } from "react-i18next";
import { isRtl } from "./language.ts";

const FSI = "\u2068";
const PDI = "\u2069";

// A run of Latin letters and digits: words with what joins them inside a value (`4.59`,
// `aurora_vip`), a sign or currency before, a percent after, and the spaces between such words.
const WORD = String.raw`[+\-−#\p{Sc}]?[\p{Script=Latin}\p{Nd}](?:[\p{Script=Latin}\p{Nd}.,:@/'_\-]*[\p{Script=Latin}\p{Nd}])?%?`;
const RUN = new RegExp(`${WORD}(?: +${WORD})*`, "gu");
const RIGHT_TO_LEFT_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

/**
 * The value as an isolate in a right-to-left language, as it is in any other. A value written in
 * Arabic itself (a coupon's name `خصم 10%`, a note from the platform) also has each of its Latin
 * and number runs isolated, so `10%` inside it reads as written too.
 */
export function isolate(value: string | number, lang: string): string {
  const text = String(value);
  if (!isRtl(lang) || text === "") return text;
  const inner = RIGHT_TO_LEFT_LETTER.test(text) && !text.includes(FSI) ? text.replace(RUN, (run) => `${FSI}${run}${PDI}`) : text;
  return `${FSI}${inner}${PDI}`;
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
