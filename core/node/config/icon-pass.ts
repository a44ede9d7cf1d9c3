// The brands' icons, decoded as the build will draw them: a file that is no image of its kind, or
// one that draws nothing, would become blank app icons.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, extname, resolve } from "node:path";
import sharp from "sharp";
import type { Diagnostic } from "./diagnostics.ts";
import { joinPointer, type SourceFile } from "./load.ts";
import { arr, obj, str } from "./loose.ts";

const FORMATS: Record<string, string> = { ".svg": "svg", ".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg", ".webp": "webp" };

/** "a PNG image", "an SVG image": the article goes by how the format's letters are said. */
const anImage = (format: string) => `${/^[AEFHILMNORSX]/i.test(format) ? "an" : "a"} ${format.toUpperCase()} image`;

/** Why an icon cannot be drawn, or undefined when it can. */
async function problemOf(file: string): Promise<string | undefined> {
  const wanted = FORMATS[extname(file).toLowerCase()];
  const bytes = await readFile(file);
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

export async function iconPass(source: SourceFile): Promise<Diagnostic[]> {
  const dir = dirname(resolve(source.file));
  const checks = arr(obj(source.data).brands).map(async (raw, i) => {
    const icon = str(obj(raw).icon);
    const path = icon ? resolve(dir, icon) : undefined;
    if (!icon || !path || !existsSync(path)) return undefined;
    const problem = await problemOf(path);
    return problem ? source.diag("icon-not-image", joinPointer("brands", i, "icon"), `icon file '${icon}' ${problem}`) : undefined;
  });
  return (await Promise.all(checks)).filter((d): d is Diagnostic => d !== undefined);
}
