// How the storefront names and groups payment methods: from the payment-method catalogue, in the
// player's language, never by internal id; the picker's groups keep the platform's order.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import type { PaymentChannel } from "../core/browser/generated/api-types.ts";
import { englishName, loadPaymentCatalogue } from "../core/node/payments/methods.ts";
import { type DisplayWords, groupByKind, kindOf, methodName } from "../runtime/lib/payment/methods.ts";

const LANGUAGES = ["ar", "de", "en", "es", "fr", "id", "it", "ja", "ko", "ms", "pl", "pt", "ru", "th", "tr", "vi", "zh-cn", "zh-tw"];

/** The words of a language as the storefront gets them: i18next over the locale file. */
async function wordsOf(lang: string): Promise<DisplayWords> {
  const strings = JSON.parse(readFileSync(join(import.meta.dirname, "..", "locales", `${lang}.json`), "utf8"));
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    lowerCaseLng: true,
    resources: { [lang]: { translation: strings } },
    interpolation: { escapeValue: false },
  });
  return { word: (w) => i18n.t(`payment.word.${w}`), withWord: (provider, word) => i18n.t("payment.withWord", { provider, word }) };
}

const channel = (payway_id: number, channel_id: string) => ({ payway_id, channel_id }) as Pick<PaymentChannel, "payway_id" | "channel_id">;

describe("payment-method names", () => {
  it("are the catalogue's display names: the provider as is, its word in the player's language", async () => {
    const en = await wordsOf("en");
    expect(methodName(10302, en)).toBe("MyCard · Carrier billing");
    expect(methodName(10801, en)).toBe("Platform Pay");
    expect(methodName(10102, en)).toBe("Razer Gold e2p");
    expect(methodName(12401, en)).toBe("Prepaid card");
    const ja = await wordsOf("ja");
    expect(methodName(10302, ja)).toBe("MyCard・キャリア決済");
    expect(methodName(12401, ja)).toBe("プリペイドカード");
    expect(methodName(10201, ja)).toBe("PayPal");
  });

  it("never show an internal id, in any language", async () => {
    const { methods } = loadPaymentCatalogue();
    for (const lang of LANGUAGES) {
      const words = await wordsOf(lang);
      for (const m of methods) {
        const name = methodName(m.id, words);
        expect(name, `${lang} ${m.id}`).not.toBe("");
        expect(name, `${lang} ${m.id}`).not.toMatch(/payment\.|\{\{/);
        // The catalogue's ids ("MyCardBilling", "PlatformPay", "RazerE2p_t1") show only where one is the provider's own name.
        if (m.name === m.display.provider) continue;
        expect(name, `${lang} ${m.id}`).not.toBe(m.name);
        if (/[a-z][A-Z]|_/.test(m.name)) expect(name, `${lang} ${m.id}`).not.toContain(m.name);
      }
    }
  });

  it("are the platform's names too: its English payway_name is the storefront's English name", async () => {
    const en = await wordsOf("en");
    for (const m of loadPaymentCatalogue().methods) expect(englishName(m), String(m.id)).toBe(methodName(m.id, en));
  });

  it("fall back to the platform's name for a method the catalogue does not know", async () => {
    const en = await wordsOf("en");
    expect(methodName(99999, en, "NewPay")).toBe("NewPay");
    expect(methodName(undefined, en, "NewPay")).toBe("NewPay");
  });
});

describe("the picker's groups", () => {
  it("group channels by what the player pays with, in the order of each group's first channel", () => {
    const list = [
      channel(10103, "razer"),
      channel(10101, "bank"),
      channel(10102, "e2p"),
      channel(10401, "coda"),
      channel(11702, "card"),
      channel(11801, "payermax"),
      channel(10301, "ingame"),
    ];
    const groups = groupByKind(list);
    expect(groups.map((g) => g.kind)).toEqual(["wallet", "bank", "carrier", "card", "voucher"]);
    // Inside a group the platform's order stays.
    expect(groups[0]?.channels.map((c) => c.channel_id)).toEqual(["razer", "e2p", "payermax"]);
    expect(groups.flatMap((g) => g.channels)).toHaveLength(list.length);
  });

  it("put a method the catalogue does not know under 'other'", () => {
    expect(kindOf(99999)).toBe("other");
    expect(groupByKind([channel(99999, "x"), channel(10201, "paypal")]).map((g) => g.kind)).toEqual(["other", "wallet"]);
  });

  it("have a heading and a one-line description for every kind, in every language", () => {
    for (const lang of LANGUAGES) {
      const { payment } = JSON.parse(readFileSync(join(import.meta.dirname, "..", "locales", `${lang}.json`), "utf8"));
      for (const kind of ["card", "wallet", "bank", "carrier", "voucher", "other"]) {
        expect(payment.kind[kind], `${lang} ${kind}`).toMatch(/\S/);
        // One line under a channel's name: short enough for a phone's row.
        expect(payment.about[kind].length, `${lang} ${kind}: ${payment.about[kind]}`).toBeLessThanOrEqual(48);
      }
    }
  });
});
