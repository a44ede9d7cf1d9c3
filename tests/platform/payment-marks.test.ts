// The sandbox's payment marks: every method and sub-channel of the catalogue has its own (none alike;
// payment-mark-shapes.test.ts compares what they look like), each carries its catalogue label and a
// wordmark from it, in colours that read, and nothing a catalogue name holds becomes markup.
import { beforeAll, describe, expect, it } from "vitest";
import { englishName, methodById } from "../../core/node/payments/methods.ts";
import { buildCatalog, type Catalog } from "../../server/catalog/catalog.ts";
import { loadCatalogData } from "../../server/catalog/data.ts";
import { catalogueMarkNames, luminance, markLabel, markSpec, paymentMark } from "../../server/sandbox/payment-marks.ts";
import { el, renderSvg } from "../../server/sandbox/svg.ts";
import { demoConfig } from "../demo-config.ts";

let catalog: Catalog;
beforeAll(async () => {
  catalog = buildCatalog(await demoConfig());
});

const split = (name: string) => {
  const dash = name.indexOf("-");
  return dash < 0 ? { paywayId: Number(name), channelId: "" } : { paywayId: Number(name.slice(0, dash)), channelId: name.slice(dash + 1) };
};
const specOf = (name: string) => {
  const { paywayId, channelId } = split(name);
  return markSpec(catalog, paywayId, channelId);
};
const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
const xmlText = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe("payment marks of the catalogue", () => {
  it("cover every method and every channel and sub-channel of every region", () => {
    const names = catalogueMarkNames(catalog);
    // Razer Gold's sub-channels of each region, Adyen's card and Apple Pay, Alipay's wallet and card…
    for (const name of [
      "10103-1",
      "10103-3",
      "10103-91",
      "10103-121",
      "10103-128",
      "10103-605",
      "12101-applepay",
      "11601-WALLET",
      "11602-CARD",
    ])
      expect(names).toContain(name);
    const paywayIds = new Set(names.map((n) => split(n).paywayId));
    for (const id of methodById.keys()) expect(paywayIds, String(id)).toContain(id);
  });

  it("are each drawn from the marks file, none from the fallback", () => {
    const { methods, channels } = catalog.paymentMarks;
    for (const name of catalogueMarkNames(catalog)) {
      const { paywayId, channelId } = split(name);
      expect(channels[`${paywayId}-${channelId}`] ?? methods[String(paywayId)], name).toBeDefined();
    }
  });

  it("are none alike: no two share their drawing, nor their colours, pictogram and words", () => {
    const names = catalogueMarkNames(catalog);
    const svgs = names.map((n) => paymentMark(catalog, n));
    expect(new Set(svgs).size).toBe(names.length);
    const looks = names.map((n) => {
      const { colours, pictogram, wordmark, tag } = specOf(n);
      return JSON.stringify([colours, pictogram, wordmark, tag ?? ""]);
    });
    const twice = looks.filter((look, i) => looks.indexOf(look) !== i);
    expect(twice).toEqual([]);
  });

  it("each carry their catalogue label as title and name, and write a wordmark taken from it or its provider's name", () => {
    for (const name of catalogueMarkNames(catalog)) {
      const { paywayId, channelId } = split(name);
      const label = markLabel(catalog, paywayId, channelId);
      const svg = paymentMark(catalog, name);
      expect(svg, name).toContain(`<title>${xmlText(label)}</title>`);
      expect(svg, name).toContain(`aria-label="${xmlText(label)}"`);
      const { wordmark } = specOf(name);
      expect(svg, name).toContain(`>${xmlText(wordmark)}</text>`);
      // A list may name a channel in its region's script (네이버페이): the provider's name is then the one written.
      const sources = [label, methodById.get(paywayId)?.display.provider ?? ""].map(letters);
      expect(
        sources.some((source) => source.includes(letters(wordmark))),
        `${name}: '${wordmark}' is not part of '${label}' nor of its provider's name`,
      ).toBe(true);
    }
    // A mark is labelled by the name the payment lists give its channel, the other regions' list first.
    expect(markLabel(catalog, 10103, "91")).toBe("Online banking");
    expect(markLabel(catalog, 10302, "billing")).toBe("MyCard 電信小額");
    expect(markLabel(catalog, 11702, "card")).toBe("Card (Airwallex)");
    expect(markLabel(catalog, 10201, "paypal")).toBe("PayPal");
    // A method no channel offers, by its display name.
    const prepaid = methodById.get(12401);
    expect(prepaid && markLabel(catalog, 12401, "")).toBe(prepaid && englishName(prepaid));
  });

  it("write in colours that read: at least 4.5:1 against their background", () => {
    for (const name of catalogueMarkNames(catalog)) {
      const [bg, fg] = specOf(name).colours;
      expect(contrast(bg, fg), `${name} ${bg}/${fg}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("draw a provider's sub-channels of one kind each with its own pictogram and word (Razer Gold's banks)", () => {
    const banks = ["10103-91", "10103-92", "10103-93", "10103-94", "10103-121", "10103-128", "10103-129", "10103-130"].map(specOf);
    expect(new Set(banks.map((mark) => mark.pictogram)).size).toBe(banks.length);
    expect(new Set(banks.map((mark) => mark.wordmark)).size).toBe(banks.length);
    // What each is: online banking on a screen, a transfer leaving a bank, mobile banking on a phone.
    expect(["10103-91", "10103-92", "10103-129"].map((name) => specOf(name).pictogram)).toEqual([
      "onlineBank",
      "bankTransfer",
      "mobileBank",
    ]);
  });

  it("show a provider's variants apart (Razer Gold, its bank, e2p and e2p T1; MyCard's card, billing and points)", () => {
    const razer = ["10103-razer", "10101-bank", "10102-e2p", "10104-e2p_t1"].map(specOf);
    const myCard = ["10301-ingame", "10302-billing", "10303-koudian"].map(specOf);
    for (const family of [razer, myCard]) {
      expect(new Set(family.map((m) => m.colours.join())).size).toBe(family.length);
      expect(new Set(family.map((m) => `${m.wordmark} ${m.tag ?? ""}`)).size).toBe(family.length);
    }
  });
});

describe("a mark's text", () => {
  it("is escaped, whatever a catalogue name holds", async () => {
    const data = loadCatalogData();
    const evil = `</title><script>alert(1)</script>"'&`;
    const list = data.channels.lists.global;
    const alipay = list?.find((c) => c.channelId === "alipay");
    if (!alipay || alipay.sub === undefined || alipay.sub === "razer") throw new Error("the global list has Alipay with sub-channels");
    alipay.sub = alipay.sub.map((s) => (s.channelId === "WALLET" ? { ...s, name: evil } : s));
    const tainted = buildCatalog(await demoConfig(), data);
    const svg = paymentMark(tainted, "11601-WALLET");
    expect(svg).not.toContain("<script");
    expect(svg).toContain(`<title>${xmlText(evil)}</title>`);
    expect(svg.match(/<title>/g)).toHaveLength(1);
  });

  it("is drawn by a builder that takes no element or attribute name from data", () => {
    expect(() => renderSvg(el("g", { 'onload="x"': 1 }))).toThrow(/attribute name/);
    expect(() => renderSvg(el("script><g"))).toThrow(/element name/);
    expect(renderSvg(el("text", { x: 1 }, "<a & b>"))).toBe('<text x="1">&lt;a &amp; b&gt;</text>');
  });

  it("falls back to the method's mark for a channel it does not know, and to neutral colours for a method", () => {
    expect(markSpec(catalog, 10201, "somethingnew")).toEqual({ ...markSpec(catalog, 10201, "paypal") });
    const unknown = markSpec(catalog, 99999, "x");
    expect(unknown).toMatchObject({ label: "99999-x", colours: ["#475569", "#ffffff"] });
    expect(paymentMark(catalog, "99999-x")).toContain("<title>99999-x</title>");
  });
});
