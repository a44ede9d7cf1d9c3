// Every language file has exactly the keys of the English reference, and real (non-English) text.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fillFromEnglish } from "../generator/locale-fallback.ts";

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

describe("locales", () => {
  it("has one file per language of the spec, and no other", () => {
    expect(readdirSync(dir).sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
  });

  for (const lang of LANGUAGES.filter((l) => l !== "en")) {
    it(`${lang} has every English key and nothing else`, () => {
      const entries = new Map(flatten(load(lang)));
      expect([...entries.keys()].sort()).toEqual([...en.keys()].sort());
    });
  }

  it("translates: at most a handful of strings equal English in any language", () => {
    for (const lang of LANGUAGES.filter((l) => l !== "en")) {
      // 'payway_id is no exist' is the platform's literal message, quoted by the spec in every language.
      // A pattern of placeholders and punctuation only ("{{provider}} · {{word}}") has no words to translate.
      const words = (v: string) => /\p{L}/u.test(v.replace(/\{\{\w+\}\}/g, ""));
      const same = flatten(load(lang)).filter(([k, v]) => v !== "" && v === en.get(k) && k !== "error.paywayMissing" && words(v));
      // Words like "Demo" are the same in several languages; whole sentences never are.
      expect(
        same.filter(([, v]) => v.includes(" ")),
        lang,
      ).toEqual([]);
    }
  });
});

describe("the build's English fill", () => {
  it("fills empty and missing strings from English, deeply, and keeps every translated one", () => {
    const english = { a: "A", b: { c: "C", d: "D" }, e: "E" };
    expect(fillFromEnglish(english, { a: "", b: { c: "ç" } })).toEqual({ a: "A", b: { c: "ç", d: "D" }, e: "E" });
    expect(fillFromEnglish(english, { a: "à", b: "not an object", x: "dropped" })).toEqual({ a: "à", b: { c: "C", d: "D" }, e: "E" });
  });
});
