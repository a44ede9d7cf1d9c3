// Plural keys of the locale files: i18next's JSON v4 suffixes (`_one`, `_few`, …), one per CLDR
// plural category of a language, so a key English writes as `x_one` + `x_other` is `x_other` alone
// in Japanese and `x_zero` … `x_other` in Arabic.

/** CLDR's plural categories in CLDR's order (the order the files list them in). */
export const PLURAL_CATEGORIES = ["zero", "one", "two", "few", "many", "other"] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

const SUFFIX = new RegExp(`^(.+)_(${PLURAL_CATEGORIES.join("|")})$`);

/** The categories a language's plural rules select from, in CLDR order. */
export function pluralCategories(lang: string): PluralCategory[] {
  const own = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
  return PLURAL_CATEGORIES.filter((c) => own.includes(c));
}

/** `x_few` → { base: "x", category: "few" }; undefined for a key without a plural suffix. */
export function pluralForm(key: string): { base: string; category: PluralCategory } | undefined {
  const m = SUFFIX.exec(key);
  return m ? { base: m[1] as string, category: m[2] as PluralCategory } : undefined;
}

/**
 * The plural keys of one level of the English reference: base → its English forms. A key is plural
 * when English has its `_other` form (i18next's last resort for every count).
 */
export function pluralBases(english: Record<string, unknown>): Map<string, Partial<Record<PluralCategory, string>>> {
  const bases = new Map<string, Partial<Record<PluralCategory, string>>>();
  for (const key of Object.keys(english)) {
    const form = pluralForm(key);
    if (form?.category === "other") bases.set(form.base, {});
  }
  for (const [key, value] of Object.entries(english)) {
    const form = pluralForm(key);
    const forms = form && bases.get(form.base);
    if (forms && typeof value === "string") forms[form.category] = value;
  }
  return bases;
}

/**
 * The English text standing in for a missing form of a language: English's own form of that
 * category when English has it (`one`), else English's `other` — the form English uses for 0, 2, 3, 5
 * and 11 alike — never the singular for a category English lacks.
 */
export const englishStandIn = (forms: Partial<Record<PluralCategory, string>>, category: PluralCategory): string =>
  forms[category] ?? forms.other ?? "";
