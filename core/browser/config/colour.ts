// WCAG colour maths: derive text colours that stay readable on and around any brand colour.

export function parseHex(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const WHITE = "#ffffff";
const INK = "#111827";
/** runtime/ui/base.css --sf-color-bg: the page behind cards, also used inside result hints. */
export const PAGE_BG = "#f4f5f7";

/** `color-mix(in srgb, colour share%, white)`, as the runtime tints chosen rows and badges. */
export function tint(colour: string, share: number): string {
  return toHex(parseHex(colour).map((c) => c * share + 255 * (1 - share)) as [number, number, number]);
}

/** Text colour for content placed on the brand colour (buttons, badges). */
export function onColour(background: string): string {
  // White or near-black where they read well; pure black is the last resort that always reaches 4.5:1
  // (for any colour, the better of black and white gives at least 4.58:1).
  return [WHITE, INK].find((c) => contrast(background, c) >= 4.5) ?? "#000000";
}

/** The brand colour darkened (or lightened) until it reaches `ratio` against `surface`. */
export function readableOn(colour: string, surface: string, ratio = 4.5): string {
  let rgb = parseHex(colour);
  const towardsBlack = luminance(surface) > 0.5;
  for (let i = 0; i < 100 && contrast(toHex(rgb), surface) < ratio; i++) {
    rgb = rgb.map((c) => (towardsBlack ? c * 0.95 : c + (255 - c) * 0.05)) as [number, number, number];
  }
  return toHex(rgb);
}

import type { ThemeTokens } from "./types.ts";

export type { ThemeTokens };

export const AA_TEXT = 4.5;
/** WCAG 1.4.11: user-interface components and graphics against what is next to them. */
export const AA_NON_TEXT = 3;

/** The brand's tokens; a configured text colour is used only when it reaches 4.5:1 on the brand colour. */
export function themeTokens(primary: string, configuredText?: string): ThemeTokens {
  const p = primary.toLowerCase();
  const own = configuredText?.toLowerCase();
  const onPrimary = own && contrast(p, own) >= AA_TEXT ? own : onColour(p);
  const darkest = [WHITE, PAGE_BG, tint(p, 0.1)].sort((a, b) => luminance(a) - luminance(b))[0] ?? WHITE;
  return { primary: p, onPrimary, primaryText: readableOn(p, darkest) };
}
