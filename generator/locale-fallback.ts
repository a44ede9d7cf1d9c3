// The build's locale step: a translation's empty or missing strings are filled from English, so a
// page loads its own language only and still never shows a key (ms and pl leave some strings empty).

/** Deep-fills a translation's empty or missing strings from English, so a page loads its own language only. */
export function fillFromEnglish(english: unknown, own: unknown): unknown {
  if (typeof english === "string") return typeof own === "string" && own !== "" ? own : english;
  if (english && typeof english === "object") {
    const mine = own && typeof own === "object" ? (own as Record<string, unknown>) : {};
    return Object.fromEntries(Object.entries(english).map(([k, v]) => [k, fillFromEnglish(v, mine[k])]));
  }
  return own ?? english;
}
