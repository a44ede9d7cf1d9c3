// The PNG icons (./emit/icons.ts lists them), rasterised with sharp from each brand's SVG icon: an
// I/O step before emit. Rasterising is the one slow part of building a site, so an icon is rendered
// once per distinct (SVG, background colour) and the renders are kept on disk under that content
// hash: a rebuild renders only icons that changed.
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { framedSvg, PNG_ICONS } from "./emit/icons.ts";
import type { IconSet, IconSource, ResolvedBrand } from "./model.ts";
import { paths } from "./paths.ts";

/** Bump when the rendering changes, so cached renders are not reused. */
const RENDER_VERSION = 1;

/** The cache key of a rendered set: the source, its background, the renderer and its version. */
export const iconKey = (source: IconSource) =>
  createHash("sha256").update(`${RENDER_VERSION}\0${sharp.versions.sharp}\0${source.background}\0${source.svg}`).digest("hex").slice(0, 32);

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

/** Each brand's icon set (brands sharing an icon share its one render), by brand id. */
export async function renderBrandIcons(
  brands: readonly ResolvedBrand[],
  opts: { cacheDir?: string | false } = {},
): Promise<{ byBrand: Map<string, IconSet>; report: IconReport }> {
  const { sets, report } = await rasteriseIcons(
    brands.map((b) => b.icon),
    opts,
  );
  const byBrand = new Map(brands.map(({ brand, icon }) => [brand.id, sets.get(iconKey(icon)) as IconSet]));
  return { byBrand, report };
}
