// The sandbox's artwork as a phone gets it from an image CDN: drawn at the size the link names, in
// the best format the browser accepts. An SVG in an <img> is a document of its own for the browser
// to parse, lay out and paint on the main thread; a small AVIF or WebP is decoded off it.
import sharp from "sharp";

export type PictureFormat = "avif" | "webp" | "png";

const TYPES: Record<PictureFormat, string> = { avif: "image/avif", webp: "image/webp", png: "image/png" };

/** The format for an Accept header: AVIF, then WebP, then PNG (which every browser shows). */
export function pictureFormat(accept: string | undefined): PictureFormat {
  const types = (accept ?? "").toLowerCase();
  if (types.includes("image/avif")) return "avif";
  if (types.includes("image/webp")) return "webp";
  return "png";
}

/** Drawn pictures by SVG, width and format; the oldest goes first past the limit. */
const cache = new Map<string, Promise<Buffer>>();
const CACHE_LIMIT = 500;

/** The SVG drawn `width` pixels wide, in `format`. */
export function renderPicture(svg: string, width: number, format: PictureFormat): Promise<Buffer> {
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
    picture.catch(() => cache.delete(key));
    cache.set(key, picture);
    if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value ?? "");
  }
  return picture;
}

export const pictureType = (format: PictureFormat) => TYPES[format];
