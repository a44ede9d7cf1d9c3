// The PNG icons a web app manifest and iOS need, and the SVG each is rendered from: pure data and
// text. Rendering them (sharp, and its cache on disk) is ../icons.ts's, before emit.
import type { IconSource } from "../model.ts";

export interface PngIcon {
  file: string;
  size: number;
  /** Side of the square the brand's icon is drawn in, centred. */
  box: number;
  /** Drawn on a full-bleed brand-colour square (maskable and Apple icons must be opaque). */
  opaque: boolean;
}

export const PNG_ICONS: readonly PngIcon[] = [
  // The header's logo (28–32 px at up to 3×): an SVG in an <img> is a document of its own, which
  // the browser parses, lays out and paints on the main thread while the store starts.
  { file: "icon-96.png", size: 96, box: 96, opaque: false },
  { file: "icon-192.png", size: 192, box: 192, opaque: false },
  { file: "icon-512.png", size: 512, box: 512, opaque: false },
  // A maskable icon's safe zone is the centred circle of 80% diameter: a square inside it has a
  // side of 0.8 / √2 of the icon, whatever the launcher's mask (circle, squircle, teardrop).
  { file: "icon-maskable-512.png", size: 512, box: 290, opaque: true },
  // iOS rounds the corners itself and shows transparency as black.
  { file: "apple-touch-icon.png", size: 180, box: 144, opaque: true },
];

/** An SVG of exactly `size` pixels with the brand's icon in its centred box: rendered at 72 dpi, no resampling. */
export function framedSvg(source: IconSource, icon: PngIcon): string {
  const at = (icon.size - icon.box) / 2;
  const href = `data:image/svg+xml;base64,${Buffer.from(source.svg).toString("base64")}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${icon.size}" height="${icon.size}" viewBox="0 0 ${icon.size} ${icon.size}">` +
    (icon.opaque ? `<rect width="${icon.size}" height="${icon.size}" fill="${source.background}"/>` : "") +
    `<image href="${href}" x="${at}" y="${at}" width="${icon.box}" height="${icon.box}"/></svg>`
  );
}
