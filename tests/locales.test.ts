// Every language file has exactly the keys of the English reference (each plural key in the
// language's own forms), and real (non-English) text; the build's English fill keeps plurals right.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { fillFromEnglish, localePart } from "../generator/locale-fallback.ts";
import { pluralCategories, pluralForm } from "../generator/locale-plurals.ts";

const dir = join(import.meta.dirname, "..", "locales");
const load = (lang: string) => JSON.parse(readFileSync(join(dir, `${lang}.json`), "utf8")) as Record<string, unknown>;
const flatten = (o: Record<string, unknown>, prefix = ""): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === "object" && v !== null
      ? flatten(v as Record<string, unknown>, `${prefix}${k}.`)
      : [[`${prefix}${k}`, String(v)] as [string, string]],
  );

const LANGUAGES = ["ar", "de", "en", "es", "fr", "id", "it", "ja", "ko", "ms", "pl", "pt", "ru", "th", "tr", "vi", "zh-cn", "zh-tw"];
const en = new Map(flatten(load("en")));
/** The English keys written as plural forms (`x_one`, `x_other`), by their base. */
const PLURAL_KEYS = [...en.keys()].flatMap((k) => (pluralForm(k)?.category === "other" ? [pluralForm(k)?.base as string] : []));
/** Counts that stand alone (after a colon, in brackets, with no noun to agree): one form fits every number. */
const COUNT_WITHOUT_NOUN = ["goods.limit.role", "goods.limit.game", "coupon.usable", "coupon.notUsable", "activity.waiting"];

/** An i18next instance of one language's strings as the build ships them (filled from English). */
async function shipped(lang: string) {
  const instance = i18next.createInstance();
  const strings = lang === "en" ? load("en") : fillFromEnglish(load("en"), load(lang), lang);
  await instance.init({ lng: lang, lowerCaseLng: true, fallbackLng: false, resources: { [lang]: { translation: strings as object } } });
  return instance;
}

describe("locales", () => {
  it("has one file per language the product ships, and no other", () => {
    expect(readdirSync(dir).sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
  });

  for (const lang of LANGUAGES.filter((l) => l !== "en")) {
    it(`${lang} has every English key and nothing else, each plural key in its own forms`, () => {
      const entries = new Map(flatten(load(lang)));
      const expected = [...en.keys()].flatMap((key) => {
        const form = pluralForm(key);
        if (!form || !PLURAL_KEYS.includes(form.base)) return [key];
        return form.category === "other" ? pluralCategories(lang).map((c) => `${form.base}_${c}`) : [];
      });
      expect([...entries.keys()].sort()).toEqual(expected.sort());
    });
  }

  it("has plural keys for the strings that count things, each in exactly its language's categories", () => {
    expect(PLURAL_KEYS).toEqual(
      expect.arrayContaining(["activity.progressDays", "activity.days", "goods.limit.remaining", "goods.limit.time"]),
    );
    for (const lang of LANGUAGES) {
      const keys = flatten(load(lang)).map(([k]) => k);
      for (const base of PLURAL_KEYS) {
        const forms = keys.flatMap((k) => (pluralForm(k)?.base === base ? [pluralForm(k)?.category] : []));
        expect(forms, `${lang} ${base}`).toEqual(pluralCategories(lang));
      }
      // No count is written into a sentence without its plural forms.
      const singular = flatten(load(lang)).filter(([k, v]) => !pluralForm(k) && /\{\{count\}\}/.test(v) && !COUNT_WITHOUT_NOUN.includes(k));
      expect(singular, lang).toEqual([]);
    }
  });

  it("translates: at most a handful of strings equal English in any language", () => {
    for (const lang of LANGUAGES.filter((l) => l !== "en")) {
      // A pattern of placeholders and punctuation only ("{{provider}} · {{word}}") has no words to translate.
      const words = (v: string) => /\p{L}/u.test(v.replace(/\{\{\w+\}\}/g, ""));
      const same = flatten(load(lang)).filter(([k, v]) => v !== "" && v === en.get(k) && words(v));
      // Words like "Demo" are the same in several languages; whole sentences never are.
      expect(
        same.filter(([, v]) => v.includes(" ")),
        lang,
      ).toEqual([]);
    }
  });
});

describe("plural forms as players read them", () => {
  it("English: one day, two days", async () => {
    const { t } = await shipped("en");
    expect(t("activity.progressDays", { count: 1 })).toBe("1 day in a row");
    expect(t("activity.progressDays", { count: 2 })).toBe("2 days in a row");
    expect(t("goods.limit.time", { count: 1, days: t("goods.limit.days", { count: 7 }) })).toBe("Once within 7 days");
    expect(t("goods.limit.time", { count: 2, days: t("goods.limit.days", { count: 1 }) })).toBe("2 times within 1 day");
  });

  it("Arabic: 0, 1, 2, 3, 11 and 100 each take their own form", async () => {
    const { t } = await shipped("ar");
    const ar = load("ar") as { activity: Record<string, string> };
    const counts = [0, 1, 2, 3, 11, 100];
    const shown = counts.map((count) => t("activity.progressDays", { count }));
    expect(shown).toEqual(
      ["zero", "one", "two", "few", "many", "other"].map((c, i) =>
        (ar.activity[`progressDays_${c}`] as string).replace("{{count}}", String(counts[i])),
      ),
    );
    // The forms differ where Arabic grammar does: the singular, the dual, 3–10 and 11–99.
    expect(new Set(shown.slice(1, 5).map((s) => s.replace(/\d+/g, ""))).size).toBe(4);
  });

  it("Russian and Polish: 1, 2, 5 and 22 in their own forms; Japanese: one form for every number", async () => {
    const ru = await shipped("ru");
    expect([1, 2, 5, 22].map((count) => ru.t("activity.days", { count }))).toEqual(["1 день", "2 дня", "5 дней", "22 дня"]);
    const pl = await shipped("pl");
    expect([1, 2, 5, 22].map((count) => pl.t("activity.days", { count }))).toEqual(["1 dzień", "2 dni", "5 dni", "22 dni"]);
    const ja = await shipped("ja");
    expect([1, 2].map((count) => ja.t("activity.progressDays", { count }))).toEqual(["1日連続", "2日連続"]);
  });
});

describe("the build's English fill", () => {
  it("fills empty and missing strings from English, deeply, and keeps every translated one", () => {
    const english = { a: "A", b: { c: "C", d: "D" }, e: "E" };
    expect(fillFromEnglish(english, { a: "", b: { c: "ç" } }, "fr")).toEqual({ a: "A", b: { c: "ç", d: "D" }, e: "E" });
    expect(fillFromEnglish(english, { a: "à", b: "not an object", x: "dropped" }, "fr")).toEqual({ a: "à", b: { c: "C", d: "D" }, e: "E" });
  });

  it("gives a plural key exactly the language's forms: a missing one from English's `other`, never its singular", () => {
    const english = { days_one: "{{count}} day", days_other: "{{count}} days", title: "Days" };
    // Russian lacks 'few': English's plural stands in, and the key still resolves for 3.
    expect(fillFromEnglish(english, { days_one: "{{count}} день", days_many: "{{count}} дней", days_other: "" }, "ru")).toEqual({
      days_one: "{{count}} день",
      days_few: "{{count}} days",
      days_many: "{{count}} дней",
      days_other: "{{count}} days",
      title: "Days",
    });
    // Japanese has one form: English's singular is not added, a stray one is dropped.
    expect(fillFromEnglish(english, { days_one: "{{count}}日", days_other: "{{count}}日" }, "ja")).toEqual({
      days_other: "{{count}}日",
      title: "Days",
    });
    // Arabic with nothing translated: every one of its six forms is there.
    expect(Object.keys(fillFromEnglish(english, {}, "ar") as object)).toEqual([
      "days_zero",
      "days_one",
      "days_two",
      "days_few",
      "days_many",
      "days_other",
      "title",
    ]);
  });
});

describe("the build's two parts", () => {
  it("splits every language in a first part and the rest that together are the whole, plural forms with their key", () => {
    for (const lang of LANGUAGES) {
      const strings = (lang === "en" ? load("en") : fillFromEnglish(load("en"), load(lang), lang)) as Record<string, unknown>;
      const first = new Map(flatten(localePart(strings, "first") as Record<string, unknown>));
      const later = new Map(flatten(localePart(strings, "later") as Record<string, unknown>));
      expect([...first.keys(), ...later.keys()].sort(), lang).toEqual(
        flatten(strings)
          .map(([k]) => k)
          .sort(),
      );
      // A goods' limit shows on the first screen, in every form the language has.
      for (const c of pluralCategories(lang)) expect(first.has(`goods.limit.remaining_${c}`), `${lang} ${c}`).toBe(true);
      expect(first.has("error.network")).toBe(true);
      // A payment's failure shows on the recharge sheet, which waits for the rest.
      expect(later.has("error.paywayMissing")).toBe(true);
    }
  });
});
