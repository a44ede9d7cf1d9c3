// The sandbox's artwork as a phone gets it from an image CDN: drawn at the size the link names, in
// the best format the browser accepts. An SVG in an <img> is a document of its own for the browser
// to parse, lay out and paint on the main thread; a small AVIF or WebP is decoded off it.
import sharp from "sharp";
import type { PictureCache } from "../domain/artwork.ts";

export type PictureFormat = "avif" | "webp" | "png";

const TYPES: Record<PictureFormat, string> = { avif: "image/avif", webp: "image/webp", png: "image/png" };

/** The format for an Accept header: AVIF, then WebP, then PNG (which every browser shows). */
export function pictureFormat(accept: string | undefined): PictureFormat {
  const types = (accept ?? "").toLowerCase();
  if (types.includes("image/avif")) return "avif";
  if (types.includes("image/webp")) return "webp";
  return "png";
}

/** The SVG drawn `width` pixels wide, in `format`; drawn once per platform (its `cache`). */
export function renderPicture(cache: PictureCache, svg: string, width: number, format: PictureFormat): Promise<Buffer> {
  const key = `${format}:${width}:${svg}`;
  let picture = cache.get(key);
  if (!picture) {
    const image = sharp(Buffer.from(svg), { density: 288 }).resize({ width });
    picture = (
      format === "avif"
        ? image.avif({ quality: 55, effort: 2 })
        : format === "webp"
          ? image.webp({ quality: 80 })
          : image.png({ compressionLevel: 9, palette: true })
    ).toBuffer();
    // A drawing that failed is not kept: the next request draws it again.
    picture.catch(() => cache.delete(key));
    cache.set(key, picture);
  }
  return picture;
}

export const pictureType = (format: PictureFormat) => TYPES[format];
