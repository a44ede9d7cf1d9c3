// A brand's module as its players download it: the JavaScript the build writes and its gzip as the
// build serves it. One definition, so `gen validate`'s budget and `gen build`'s files measure the
// same bytes (gzip's levels differ by a byte or two, which is all a budget at its limit needs).
import { gzipSync, type ZlibOptions } from "node:zlib";
import type { BrandModule } from "../../browser/config/types.ts";

/** Every player of a brand downloads its module before the first screen: this many bytes, gzip, at most. */
export const BRAND_MODULE_BUDGET = 3 * 1024;

/** How the build precompresses every asset (generator/compress.ts writes each `.gz` with these). */
export const SERVED_GZIP: ZlibOptions = { level: 9 };

/** The brand module as plain JavaScript for dist/ (what the player downloads). */
export function brandModuleJs(module: BrandModule): string {
  return `export default ${JSON.stringify(module)};\n`;
}

/** The size of the module's `.gz` as the build writes it. */
export const brandModuleBytes = (module: BrandModule) => gzipSync(brandModuleJs(module), SERVED_GZIP).length;
