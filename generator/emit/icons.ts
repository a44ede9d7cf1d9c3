// The PNG icons a web app manifest and iOS need, rasterised with sharp from each brand's SVG icon.
// Rasterising is the one slow part of emitting a site, so an icon is rendered once per distinct
// (SVG, background colour) and the renders are kept on disk under that content hash: a rebuild
// renders only icons that changed.
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { paths } from "../paths.ts";

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

export type IconSet = Map<string, Uint8Array>;

export interface IconSource {
  svg: string;
  /** The brand colour behind the maskable and Apple icons. */
  background: string;
}

/** Bump when the rendering changes, so cached renders are not reused. */
const RENDER_VERSION = 1;

export const iconKey = (source: IconSource) =>
  createHash("sha256").update(`${RENDER_VERSION}\0${sharp.versions.sharp}\0${source.background}\0${source.svg}`).digest("hex").slice(0, 32);

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

async function render(source: IconSource): Promise<IconSet> {
  const pngs = await Promise.all(
    PNG_ICONS.map((icon) => {
      const image = sharp(Buffer.from(framedSvg(source, icon)));
      // sharp's default compression: level 9 made icons a third smaller (downloaded once, at
      // install) but rendering half as slow again.
      return (icon.opaque ? image.flatten({ background: source.background }) : image).png().toBuffer();
    }),
  );
  return new Map(PNG_ICONS.map((icon, i) => [icon.file, pngs[i] as Uint8Array]));
}

async function readCached(dir: string): Promise<IconSet | undefined> {
  try {
    const pngs = await Promise.all(PNG_ICONS.map((icon) => readFile(join(dir, icon.file))));
    return new Map(PNG_ICONS.map((icon, i) => [icon.file, pngs[i] as Uint8Array]));
  } catch {
    return undefined;
  }
}

async function writeCached(dir: string, set: IconSet): Promise<void> {
  await mkdir(dir, { recursive: true });
  // Write-then-rename: a build running at the same time never reads half a file.
  await Promise.all(
    [...set].map(async ([file, png]) => {
      const tmp = join(dir, `${file}.${process.pid}.tmp`);
      await writeFile(tmp, png);
      await rename(tmp, join(dir, file));
    }),
  );
}

export interface IconReport {
  distinct: number;
  rendered: number;
  cached: number;
}

export const DEFAULT_ICON_CACHE = join(paths.root, "node_modules", ".cache", "storefront-icons");

/** Icon sets by `iconKey`, each distinct source rendered (or read from the cache) once. */
export async function rasteriseIcons(
  sources: IconSource[],
  opts: { cacheDir?: string | false } = {},
): Promise<{ sets: Map<string, IconSet>; report: IconReport }> {
  const cacheDir = opts.cacheDir === undefined ? DEFAULT_ICON_CACHE : opts.cacheDir;
  const distinct = new Map(sources.map((s) => [iconKey(s), s]));
  const queue = [...distinct];
  const sets = new Map<string, IconSet>();
  const report: IconReport = { distinct: distinct.size, rendered: 0, cached: 0 };
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [key, source] = next;
      const dir = cacheDir ? join(cacheDir, key) : undefined;
      const hit = dir ? await readCached(dir) : undefined;
      if (hit) report.cached++;
      else report.rendered++;
      const set = hit ?? (await render(source));
      // The cache only saves time: a folder that cannot be written is no reason to fail a build.
      if (dir && !hit) await writeCached(dir, set).catch(() => undefined);
      sets.set(key, set);
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
  return { sets, report };
}
