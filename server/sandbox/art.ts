// Generated SVG artwork for games, banners and goods, so no screen shows a broken image (payment
// channels have their own marks: payment-marks.ts).
import { stableId } from "../catalog/catalog.ts";
import { el, svgDocument } from "./svg.ts";

const PALETTE = ["#2563eb", "#7c3aed", "#db2777", "#ea580c", "#059669", "#0891b2", "#4f46e5", "#b45309"];

export type ArtKind = "game" | "banner" | "goods";

/** A game's initials (up to three letters or digits of its name) on a colour of its own. */
export function artSvg(kind: ArtKind, name: string, label?: string): string {
  const colour = PALETTE[stableId(`${kind}/${name}`) % PALETTE.length] ?? "#2563eb";
  if (kind === "banner") {
    return svgDocument(
      720,
      240,
      {},
      el(
        "defs",
        {},
        el(
          "linearGradient",
          { id: "g", x1: 0, y1: 0, x2: 1, y2: 1 },
          el("stop", { offset: 0, "stop-color": colour }),
          el("stop", { offset: 1, "stop-color": "#111827" }),
        ),
      ),
      el("rect", { width: 720, height: 240, fill: "url(#g)" }),
      el("circle", { cx: 600, cy: 60, r: 120, fill: "#ffffff", opacity: 0.08 }),
      el("circle", { cx: 80, cy: 220, r: 90, fill: "#ffffff", opacity: 0.06 }),
    );
  }
  if (kind === "goods") {
    return svgDocument(
      64,
      64,
      {},
      el("rect", { width: 64, height: 64, rx: 14, fill: colour }),
      el("path", { d: "M32 10 50 26 32 56 14 26Z", fill: "#fff", opacity: 0.92 }),
      el("path", { d: "M14 26h36L32 56Z", fill: "#fff", opacity: 0.6 }),
    );
  }
  const text =
    (label ?? name)
      .replace(/[^\p{L}\p{N} ]/gu, " ")
      .trim()
      .slice(0, 3)
      .toUpperCase() || "?";
  return svgDocument(
    64,
    64,
    {},
    el("rect", { width: 64, height: 64, rx: 14, fill: colour }),
    el(
      "text",
      {
        x: 32,
        y: 39,
        "text-anchor": "middle",
        "font-family": "system-ui,sans-serif",
        "font-size": text.length > 2 ? 16 : 20,
        "font-weight": 700,
        fill: "#fff",
      },
      text,
    ),
  );
}
