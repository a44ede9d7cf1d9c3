// A text written whole by the platform or the operator (a coupon's name `خصم 10%`, a channel's note,
// an event's title), shown in a right-to-left language: an isolate like any value (./bidi.ts), and
// each Latin and number run inside it an isolate too, so `10%` in it reads as written. Only the
// screens after the first use it: the first script carries none of it.

import { FSI, isolate, PDI } from "./bidi.ts";
import { isRtl } from "./language.ts";
import { useTranslation } from "./use-translation.ts";

// A run of Latin letters and digits: words with what joins them inside a value (`4.59`,
// `aurora_vip`), a sign or currency before, a percent after, and the spaces between such words.
const WORD = String.raw`[+\-−#×\p{Sc}]?[\p{Script=Latin}\p{Nd}](?:[\p{Script=Latin}\p{Nd}.,:@/'_\-]*[\p{Script=Latin}\p{Nd}])?%?`;
const RUN = new RegExp(`${WORD}(?: +${WORD})*`, "gu");
const RIGHT_TO_LEFT_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

/** The text as an isolate, its own Latin and number runs isolated inside when it is written right to left. */
export function isolateText(text: string, lang: string): string {
  if (!isRtl(lang) || text.includes(FSI) || !RIGHT_TO_LEFT_LETTER.test(text)) return isolate(text, lang);
  return isolate(
    text.replace(RUN, (run) => `${FSI}${run}${PDI}`),
    lang,
  );
}

/** `isolateText` in the screen's language. */
export function useIsolateText(): (text: string) => string {
  const { i18n } = useTranslation();
  return (text) => isolateText(text, i18n.language);
}
