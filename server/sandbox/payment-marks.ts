// The sandbox's payment marks: one per method and sub-channel, drawn for this product (no provider's
// logo) yet recognisable: the method's colour pair, a pictogram of what the player pays with, and a
// short wordmark from its name. The data is server/catalog/payment-marks.json; the label (the SVG's
// title) is the catalogue's name for the channel, so everything written goes through the SVG builder.
import type { PaymentKind } from "../../core/browser/payments/display.ts";
import { englishName, methodById } from "../../core/node/payments/methods.ts";
import type { Catalog } from "../catalog/catalog.ts";
import type { MarkData, Pictogram } from "../catalog/data.ts";
import { PICTOGRAMS } from "./pictograms.ts";
import { el, svgDocument } from "./svg.ts";

/** The mark's size: a card's proportions, legible as is in a channel row. */
export const MARK_WIDTH = 64;
export const MARK_HEIGHT = 40;

/** What a mark shows: `label` is its full name (the title), the rest what is drawn. */
export interface MarkSpec extends MarkData {
  label: string;
}

/** What a method of a kind is drawn with when the marks file has nothing for it. */
const KIND_PICTOGRAM: Record<PaymentKind, Pictogram> = {
  card: "card",
  wallet: "wallet",
  bank: "bank",
  carrier: "phoneBill",
  voucher: "voucher",
};

const NEUTRAL: [string, string] = ["#475569", "#ffffff"];

/** Ems of bold sans-serif text, per character class: enough to fit a word without measuring it. */
function ems(text: string): number {
  let width = 0;
  for (const character of text) {
    if (/[ijlI.,'!|:]/.test(character)) width += 0.3;
    else if (/[ ft\-r]/.test(character)) width += 0.38;
    else if (/[mwMW]/.test(character)) width += 0.9;
    else if (/[A-Z]/.test(character)) width += 0.7;
    else if (/[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(character)) width += 1;
    else width += 0.6;
  }
  return width;
}

/** Text fitted into `width`: the largest size up to `max`, and squeezed below `min` rather than cut. */
function fittedText(
  text: string,
  at: { x: number; y: number; anchor: "start" | "middle" | "end" },
  width: number,
  max: number,
  min: number,
) {
  const natural = ems(text);
  const size = Math.max(min, Math.min(max, width / natural));
  const squeeze = natural * size > width;
  return el(
    "text",
    {
      x: at.x,
      y: at.y,
      "text-anchor": at.anchor,
      "font-size": Number(size.toFixed(2)),
      ...(squeeze ? { textLength: width, lengthAdjust: "spacingAndGlyphs" } : {}),
    },
    text,
  );
}

/** Relative luminance (WCAG 2), for the border a light mark needs on a light page. */
export function luminance(hex: string): number {
  const [red, green, blue] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

export function paymentMarkSvg(mark: MarkSpec): string {
  const [bg, fg] = mark.colours;
  const light = luminance(bg) > 0.7;
  const tagWidth = mark.tag ? Math.min(34, ems(mark.tag) * 9 + 7) : 0;
  return svgDocument(
    MARK_WIDTH,
    MARK_HEIGHT,
    { width: MARK_WIDTH, height: MARK_HEIGHT, role: "img", "aria-label": mark.label },
    el("title", {}, mark.label),
    el("rect", {
      x: 0.5,
      y: 0.5,
      width: MARK_WIDTH - 1,
      height: MARK_HEIGHT - 1,
      rx: 7,
      fill: bg,
      ...(light ? { stroke: fg, "stroke-opacity": 0.35 } : {}),
    }),
    el(
      "g",
      {
        transform: "translate(5 3.5) scale(0.75)",
        color: fg,
        fill: "none",
        stroke: "currentColor",
        "stroke-width": 2.2,
        "stroke-linecap": "round",
        "stroke-linejoin": "round",
      },
      ...PICTOGRAMS[mark.pictogram],
    ),
    el(
      "g",
      { fill: fg, "font-family": "system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif", "font-weight": 700 },
      ...(mark.tag
        ? [
            el("rect", { x: 59 - tagWidth, y: 4.5, width: tagWidth, height: 13, rx: 4, fill: "none", stroke: fg, "stroke-width": 1.2 }),
            fittedText(mark.tag, { x: 59 - tagWidth / 2, y: 14.2, anchor: "middle" }, tagWidth - 5, 9, 6),
          ]
        : []),
      fittedText(mark.wordmark, { x: MARK_WIDTH / 2, y: 34.5, anchor: "middle" }, 56, 13, 8.5),
    ),
  );
}

/**
 * A mark's text alternative: the name the payment lists give its channel (a sub-channel's own, in
 * English: Razer Gold's "Online banking", Adyen's "Apple Pay"). A list may name a channel in its
 * region's language (Japan's 「クレジットカード」 for the Airwallex card): one mark serves every
 * region, so the other regions' list speaks first, then the regions' in their order. For a method
 * no channel offers, its display name; for one nobody knows, its file name.
 */
export function markLabel(catalog: Catalog, paywayId: number, channelId: string): string {
  const { byRegion, other } = catalog.channels;
  for (const list of [other, ...byRegion.values()])
    for (const channel of list)
      for (const offered of [channel, ...(channel.sub ?? [])])
        if (offered.paywayId === paywayId && offered.channelId === channelId) return offered.name;
  const method = methodById.get(paywayId);
  return method ? englishName(method) : `${paywayId}-${channelId}`;
}

/** The mark of `<payway id>-<channel id>`: the channel's own, else its method's, else one from the method's kind. */
export function markSpec(catalog: Catalog, paywayId: number, channelId: string): MarkSpec {
  const label = markLabel(catalog, paywayId, channelId);
  const { channels, methods } = catalog.paymentMarks;
  const own = channels[`${paywayId}-${channelId}`] ?? methods[String(paywayId)];
  if (own) return { ...own, label };
  const method = methodById.get(paywayId);
  const wordmark = (method?.display.provider ?? label).slice(0, 10);
  return { colours: NEUTRAL, pictogram: method ? KIND_PICTOGRAM[method.kind] : "wallet", wordmark, label };
}

/** The SVG for `/sandbox/art/payway/<payway id>-<channel id>.svg`. */
export function paymentMark(catalog: Catalog, name: string): string {
  const dash = name.indexOf("-");
  const paywayId = Number(dash < 0 ? name : name.slice(0, dash));
  const channelId = dash < 0 ? "" : name.slice(dash + 1);
  return paymentMarkSvg(markSpec(catalog, paywayId, channelId));
}

/**
 * Every mark the catalogue shows, by file name: each channel and sub-channel of every region, and
 * each method of schema/payment-methods.json that no channel offers (by its payway id alone).
 */
export function catalogueMarkNames(catalog: Catalog): string[] {
  const names = new Set<string>();
  const { byRegion, other } = catalog.channels;
  for (const list of [...byRegion.values(), other])
    for (const channel of list)
      for (const offered of [channel, ...(channel.sub ?? [])]) names.add(`${offered.paywayId}-${offered.channelId}`);
  const offered = new Set([...names].map((name) => Number(name.split("-")[0])));
  for (const id of methodById.keys()) if (!offered.has(id)) names.add(String(id));
  return [...names].sort();
}
