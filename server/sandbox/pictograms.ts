// The payment marks' pictograms: what the player pays with, each on a 24-unit grid, stroked in the
// mark's second colour (currentColor). A provider's sub-channels of one kind (Razer Gold's banks)
// each have their own: a building, a building and an arrow, a screen, a laptop, a browser, a phone.
import type { Pictogram } from "../catalog/data.ts";
import { el, type SvgElement } from "./svg.ts";

const dot = (cx: number, cy: number, r = 1.4) => el("circle", { cx, cy, r, fill: "currentColor", stroke: "none" });

/** A small bank (pediment, three columns, a step) inside another pictogram, in thinner strokes. */
const smallBank = (left: number, top: number, width: number, height: number): SvgElement[] => {
  const right = left + width;
  const middle = left + width / 2;
  const eaves = top + height * 0.3;
  const bottom = top + height;
  const column = (x: number) => `M${x} ${eaves + 1.4}v${bottom - eaves - 2.8}`;
  return [
    el("path", { d: `M${left} ${eaves} ${middle} ${top}l${width / 2} ${eaves - top}Z`, "stroke-width": 1.5 }),
    el("path", { d: [left + 1.4, middle, right - 1.4].map(column).join(""), "stroke-width": 1.5 }),
    el("path", { d: `M${left} ${bottom}h${width}`, "stroke-width": 1.5 }),
  ];
};

export const PICTOGRAMS: Record<Pictogram, SvgElement[]> = {
  card: [
    el("rect", { x: 2, y: 5, width: 20, height: 14, rx: 2.5 }),
    el("path", { d: "M2 10h20", "stroke-width": 2.6 }),
    el("path", { d: "M6 15h5" }),
  ],
  bank: [el("path", { d: "M3 9 12 4l9 5Z" }), el("path", { d: "M6 12v5M10 12v5M14 12v5M18 12v5" }), el("path", { d: "M3 20h18" })],
  // A bank sending: the building and an arrow leaving it.
  bankTransfer: [
    el("path", { d: "M2 9 8 5.5l6 3.5Z" }),
    el("path", { d: "M4.5 11.5v5M8 11.5v5M11.5 11.5v5" }),
    el("path", { d: "M2 19h12" }),
    el("path", { d: "M16 12.5h6M19 9.5l3 3-3 3" }),
  ],
  onlineBank: [
    el("rect", { x: 2, y: 3, width: 20, height: 14, rx: 2 }),
    el("path", { d: "M8 21h8M12 17v4" }),
    el("path", { d: "M7 9.5 12 6.5l5 3Z", "stroke-width": 1.6 }),
    el("path", { d: "M8.5 11.5v2.5M12 11.5v2.5M15.5 11.5v2.5", "stroke-width": 1.6 }),
  ],
  // A laptop (screen and deck) showing a bank.
  laptopBank: [
    el("rect", { x: 4, y: 4, width: 16, height: 11, rx: 1.5 }),
    el("path", { d: "M4 15h16l2 4H2Z" }),
    ...smallBank(8, 6.5, 8, 6),
  ],
  // A browser window (its bar and two buttons) with a bank in the page.
  browserBank: [
    el("rect", { x: 2, y: 3, width: 20, height: 18, rx: 2 }),
    el("path", { d: "M2 8h20" }),
    dot(5, 5.5, 0.9),
    dot(7.8, 5.5, 0.9),
    ...smallBank(7, 10.5, 10, 8),
  ],
  // A phone with a bank on its screen.
  mobileBank: [el("rect", { x: 5, y: 2, width: 14, height: 20, rx: 2.2 }), el("path", { d: "M10.5 18.5h3" }), ...smallBank(8, 6, 8, 8.5)],
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
