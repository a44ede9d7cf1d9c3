// What a build was made from, written into dist/ so `gen preview` can tell a stale dist/ from a
// current one: a fingerprint of the config file's text and of every brand's icon it names.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { BrandsConfig } from "../core/browser/config/types.ts";
import type { EmittedFile } from "./emit/file.ts";

/** Next to hosts.json at the root of dist/; never served (only brands/ and app/assets/ are). */
export const BUILD_INFO_FILE = "build-info.json";

export interface BuildInfo {
  /** sha256 of the config's text and its icons' contents, in order. */
  fingerprint: string;
  /** The brands built (all, or the one of `--brand`). */
  brands: string[];
}

export async function configFingerprint(file: string, config: BrandsConfig): Promise<string> {
  const hash = createHash("sha256");
  hash.update(await readFile(file));
  const dir = dirname(resolve(file));
  for (const brand of config.brands) {
    if (!brand.icon) continue;
    hash.update(`\0${brand.icon}\0`);
    hash.update(await readFile(resolve(dir, brand.icon)));
  }
  return hash.digest("hex");
}

export async function buildInfoFile(file: string, config: BrandsConfig, only?: string): Promise<EmittedFile> {
  const info: BuildInfo = {
    fingerprint: await configFingerprint(file, config),
    brands: config.brands.map((b) => b.id).filter((id) => !only || id === only),
  };
  return { path: BUILD_INFO_FILE, contents: `${JSON.stringify(info, null, 2)}\n` };
}

/** The build's record, or undefined when dist/ has none (built before it existed) or it is unreadable. */
export async function readBuildInfo(dist: string): Promise<BuildInfo | undefined> {
  try {
    const info = JSON.parse(await readFile(join(dist, BUILD_INFO_FILE), "utf8")) as Partial<BuildInfo>;
    return typeof info.fingerprint === "string" && Array.isArray(info.brands) ? (info as BuildInfo) : undefined;
  } catch {
    return undefined;
  }
}
