// What a build was made from, written into dist/ so `gen preview` can tell a stale dist/ from a current
// one: the config's fingerprint (its text and every icon it names, ../resolve.ts) and the brands built.
import type { ResolvedConfig } from "../model.ts";
import type { EmittedFile } from "./file.ts";

/** Next to hosts.json at the root of dist/; never served (only brands/ and app/assets/ are). */
export const BUILD_INFO_FILE = "build-info.json";

export interface BuildInfo {
  /** sha256 of the config's text and its icons' contents, in order. */
  fingerprint: string;
  /** The brands built (all, or the one of `--brand`). */
  brands: string[];
}

export function emitBuildInfo(resolved: ResolvedConfig): EmittedFile {
  const info: BuildInfo = { fingerprint: resolved.fingerprint, brands: resolved.siteBrands.map((b) => b.brand.id) };
  return { path: BUILD_INFO_FILE, contents: `${JSON.stringify(info, null, 2)}\n` };
}
