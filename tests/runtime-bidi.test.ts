// Values inside right-to-left text are isolates (runtime/lib/bidi.ts, docs/decisions.md "Right to
// left: every value is an isolate"); the order they are drawn in is e2e/rtl.spec.ts's subject.
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { isolate, isolateValues, keepSignsInIsolates, signsInIsolates } from "../runtime/lib/bidi.ts";
import { isolateText } from "../runtime/lib/bidi-text.ts";

const FSI = "\u2068";
const PDI = "\u2069";

describe("isolate", () => {
  it("wraps a value in Arabic, and leaves it alone in a left-to-right language", () => {
    expect(isolate("300 Gems", "ar")).toBe(`${FSI}300 Gems${PDI}`);
    expect(isolate(1999, "ar")).toBe(`${FSI}1999${PDI}`);
    expect(isolate("300 Gems", "en")).toBe("300 Gems");
    expect(isolate("300 Gems", "ja")).toBe("300 Gems");
  });

  it("leaves an empty value empty", () => {
    expect(isolate("", "ar")).toBe("");
  });
});

describe("isolateText", () => {
  it("isolates the Latin and number runs inside a text written in Arabic, and the text", () => {
    expect(isolateText("خصم 10% على PayPal", "ar")).toBe(`${FSI}خصم ${FSI}10%${PDI} على ${FSI}PayPal${PDI}${PDI}`);
    expect(isolateText("محمد_99", "ar")).toBe(`${FSI}محمد_${FSI}99${PDI}${PDI}`);
    expect(isolateText("Spring 4% off", "ar")).toBe(`${FSI}Spring 4% off${PDI}`);
  });

  it("keeps a text already isolated as it is inside, and leaves left-to-right languages alone", () => {
    expect(isolateText(`خصم ${FSI}8${PDI}%`, "ar")).toBe(`${FSI}خصم ${FSI}8${PDI}%${PDI}`);
    expect(isolateText("خصم 10%", "en")).toBe("خصم 10%");
  });
});

describe("keepSignsInIsolates", () => {
  it("takes a number's sign and percent sign into its isolate", () => {
    expect(keepSignsInIsolates(`-${FSI}8${PDI}%`)).toBe(`${FSI}-8%${PDI}`);
    expect(keepSignsInIsolates(`خصم ${FSI}12.5${PDI}%`)).toBe(`خصم ${FSI}12.5%${PDI}`);
    expect(keepSignsInIsolates(`${FSI}Gold${PDI}%`)).toBe(`${FSI}Gold${PDI}%`);
    expect(keepSignsInIsolates("-8%")).toBe("-8%");
  });
});

describe("the runtime's strings in Arabic", () => {
  it("put each value of a translation in an isolate, its percent sign with it", async () => {
    const strings = async (lang: "ar" | "en") => {
      const instance = i18next.createInstance();
      const translation = (await import(`../locales/${lang}.json`, { with: { type: "json" } })).default;
      // The runtime's own options for values (runtime/lib/i18n.ts).
      await instance
        .use(isolateValues as never)
        .use(signsInIsolates)
        .init({
          lng: lang,
          resources: { [lang]: { translation } },
          postProcess: ["signsInIsolates"],
          interpolation: { escapeValue: false, alwaysFormat: true },
        });
      return instance;
    };
    const arabic = await strings("ar");
    expect(arabic.t("goods.discount", { percent: 8 })).toBe(`${FSI}-8%${PDI}`);
    expect(arabic.t("replenish.for", { name: "aurora_target" })).toContain(`${FSI}aurora_target${PDI}`);
    const english = await strings("en");
    expect(english.t("goods.discount", { percent: 8 })).toBe("-8%");
    expect(english.t("replenish.for", { name: "aurora_target" })).toBe("Paying for aurora_target");
  });
});
