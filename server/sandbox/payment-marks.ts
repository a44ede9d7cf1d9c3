// The sandbox's payment marks: one per method and sub-channel, drawn for this product (no provider's
// logo) yet recognisable: the method's colour pair, a pictogram of what the player pays with, and a
// short wordmark from its name. The data is server/catalog/payment-marks.json; the label (the SVG's
// title) is the catalogue's name for the channel, so everything written goes through the SVG builder.
import type { PaymentKind } from "../../core/browser/payments/display.ts";
import { englishName, methodById } from "../../core/node/payments/methods.ts";
import type { Catalog } from "../catalog/catalog.ts";
import type { MarkData, Pictogram } from "../catalog/data.ts";
import { el, type SvgElement, svgDocument } from "./svg.ts";

/** The mark's size: a card's proportions, legible as is in a channel row. */
export const MARK_WIDTH = 64;
export const MARK_HEIGHT = 40;

/** What a mark shows: `label` is its full name (the title), the rest what is drawn. */
export interface MarkSpec extends MarkData {
  label: string;
}

// Each pictogram on a 24-unit grid, stroked in the mark's second colour (currentColor).
const dot = (cx: number, cy: number, r = 1.4) => el("circle", { cx, cy, r, fill: "currentColor", stroke: "none" });
const PICTOGRAMS: Record<Pictogram, SvgElement[]> = {
  card: [
    el("rect", { x: 2, y: 5, width: 20, height: 14, rx: 2.5 }),
    el("path", { d: "M2 10h20", "stroke-width": 2.6 }),
    el("path", { d: "M6 15h5" }),
  ],
  bank: [el("path", { d: "M3 9 12 4l9 5Z" }), el("path", { d: "M6 12v5M10 12v5M14 12v5M18 12v5" }), el("path", { d: "M3 20h18" })],
  onlineBank: [
    el("rect", { x: 2, y: 3, width: 20, height: 14, rx: 2 }),
    el("path", { d: "M8 21h8M12 17v4" }),
    el("path", { d: "M7 9.5 12 6.5l5 3Z", "stroke-width": 1.6 }),
    el("path", { d: "M8.5 11.5v2.5M12 11.5v2.5M15.5 11.5v2.5", "stroke-width": 1.6 }),
  ],
  wallet: [
    el("path", { d: "M5 8V6.5A2.5 2.5 0 0 1 7.5 4H17v4" }),
    el("rect", { x: 3, y: 8, width: 18, height: 12, rx: 2.5 }),
    dot(16.5, 14),
  ],
  phoneTap: [
    el("rect", { x: 3, y: 2, width: 11, height: 20, rx: 2.2 }),
    el("path", { d: "M7.5 18.5h2" }),
    el("path", { d: "M17 9a4.5 4.5 0 0 1 0 6M20 6.5a8.5 8.5 0 0 1 0 11" }),
  ],
  phoneBill: [
    el("rect", { x: 2, y: 2, width: 11, height: 20, rx: 2.2 }),
    el("path", { d: "M6.5 18.5h2" }),
    el("path", { d: "M15 6h7v14l-1.75-1.2-1.75 1.2-1.75-1.2L15 20Z", "stroke-width": 1.8 }),
    el("path", { d: "M17.5 10h2M17.5 13.5h2", "stroke-width": 1.6 }),
  ],
  voucher: [
    el("path", { d: "M2 6h20v4a2 2 0 0 0 0 4v4H2v-4a2 2 0 0 0 0-4Z" }),
    el("path", { d: "M9 7.5v9", "stroke-dasharray": "2 2", "stroke-width": 1.6 }),
  ],
  pinCard: [
    el("rect", { x: 2, y: 5, width: 20, height: 14, rx: 2.5 }),
    dot(7.5, 12),
    dot(12, 12),
    dot(16.5, 12),
    el("path", { d: "M6 16h12", "stroke-width": 1.4 }),
  ],
  coins: [
    el("ellipse", { cx: 12, cy: 6.5, rx: 7, ry: 3 }),
    el("path", { d: "M5 6.5v5c0 1.7 3.1 3 7 3s7-1.3 7-3v-5" }),
    el("path", { d: "M5 11.5v5c0 1.7 3.1 3 7 3s7-1.3 7-3v-5" }),
  ],
  qr: [
    el("rect", { x: 3, y: 3, width: 7, height: 7, rx: 1 }),
    el("rect", { x: 14, y: 3, width: 7, height: 7, rx: 1 }),
    el("rect", { x: 3, y: 14, width: 7, height: 7, rx: 1 }),
    el("path", { d: "M14 14h3v3h-3ZM18 18h3v3h-3ZM18 14h3M14 21h1.5", fill: "currentColor", "stroke-width": 1.2 }),
  ],
  globe: [
    el("circle", { cx: 12, cy: 12, r: 9 }),
    el("ellipse", { cx: 12, cy: 12, rx: 4, ry: 9 }),
    el("path", { d: "M3.5 9h17M3.5 15h17", "stroke-width": 1.6 }),
  ],
  store: [
    el("path", { d: "M4 4h16l2 5H2Z" }),
    el("path", { d: "M2 9a2.5 2.5 0 0 0 5 0 2.5 2.5 0 0 0 5 0 2.5 2.5 0 0 0 5 0 2.5 2.5 0 0 0 5 0", "stroke-width": 1.6 }),
    el("path", { d: "M4 12v8h16v-8M10 20v-5h4v5" }),
  ],
  transfer: [el("path", { d: "M3 8h16M15 4l4 4-4 4" }), el("path", { d: "M21 16H5M9 12l-4 4 4 4" })],
};

export const PICTOGRAM_NAMES = Object.keys(PICTOGRAMS) as Pictogram[];

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
  let w = 0;
  for (const c of text) {
    if (/[ijlI.,'!|:]/.test(c)) w += 0.3;
    else if (/[ ft\-r]/.test(c)) w += 0.38;
    else if (/[mwMW]/.test(c)) w += 0.9;
    else if (/[A-Z]/.test(c)) w += 0.7;
    else if (/[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(c)) w += 1;
    else w += 0.6;
  }
  return w;
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
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
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
 * The name the catalogue gives a channel: a sub-channel's own name (Razer Gold's "Online banking",
 * Adyen's "Apple Pay"), else the method's display name; for a method nobody knows, its file name.
 */
export function markLabel(catalog: Catalog, paywayId: number, channelId: string): string {
  const { byRegion, other } = catalog.channels;
  for (const list of [...byRegion.values(), other])
    for (const c of list) for (const s of c.sub ?? []) if (s.paywayId === paywayId && s.channelId === channelId) return s.name;
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
    for (const c of list) for (const x of [c, ...(c.sub ?? [])]) names.add(`${x.paywayId}-${x.channelId}`);
  const offered = new Set([...names].map((n) => Number(n.split("-")[0])));
  for (const id of methodById.keys()) if (!offered.has(id)) names.add(String(id));
  return [...names].sort();
}
