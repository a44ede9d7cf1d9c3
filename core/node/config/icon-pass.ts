// The brands' icons, decoded as the build will draw them: a file that is no image of its kind, or
// one that draws nothing, would become blank app icons.
import { extname } from "node:path";
import sharp from "sharp";
import type { Diagnostic } from "./diagnostics.ts";
import { joinPointer, type SourceFile } from "./load.ts";
import { arr, obj, str } from "./loose.ts";
import type { IconBytes } from "./read.ts";

const FORMATS: Record<string, string> = { ".svg": "svg", ".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg", ".webp": "webp" };

/** "a PNG image", "an SVG image": the article goes by how the format's letters are said. */
const anImage = (format: string) => `${/^[AEFHILMNORSX]/i.test(format) ? "an" : "a"} ${format.toUpperCase()} image`;

/** Why an icon cannot be drawn, or undefined when it can. */
async function problemOf(file: string, bytes: Uint8Array): Promise<string | undefined> {
  const wanted = FORMATS[extname(file).toLowerCase()];
  try {
    const meta = await sharp(bytes).metadata();
    if (wanted && meta.format !== wanted) return `is ${meta.format ? anImage(meta.format) : "no image"}, not ${wanted.toUpperCase()}`;
    const { channels } = await sharp(bytes)
      .resize(32, 32, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .ensureAlpha()
      .stats();
    if ((channels[3]?.max ?? 255) === 0) return "draws nothing (every pixel is transparent)";
    return undefined;
  } catch {
    return `does not decode as ${wanted ? anImage(wanted) : "an image"}`;
  }
}

/** The icons as read (./read.ts); a missing one is the semantic pass's `icon-missing`. */
export async function iconPass(source: SourceFile, icons: IconBytes): Promise<Diagnostic[]> {
  const checks = arr(obj(source.data).brands).map(async (raw, i) => {
    const icon = str(obj(raw).icon);
    const bytes = icon ? icons.get(icon) : undefined;
    if (!icon || !bytes) return undefined;
    const problem = await problemOf(icon, bytes);
    return problem ? source.diag("icon-not-image", joinPointer("brands", i, "icon"), `icon file '${icon}' ${problem}`) : undefined;
  });
  return (await Promise.all(checks)).filter((d): d is Diagnostic => d !== undefined);
}
