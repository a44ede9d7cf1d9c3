// `gen build`: the compiler's pipeline (./compile.ts) with every phase: validate → resolve → codegen
// → the runtime's bundle and the icons → every brand's site, written to dist/ whole (built in a
// staging folder and swapped in, so dist/ is never half-built).
import { join } from "node:path";
import type { Format } from "../core/node/config/diagnostics.ts";
import { formatValidation } from "../core/node/config/validate.ts";
import { bundleRuntime } from "./bundle/runtime.ts";
import { compile, type Progress, UnknownBrandError } from "./compile.ts";
import type { Io } from "./io.ts";

export interface BuildOptions {
  brand?: string;
  codegenOnly?: boolean;
  out: string;
  format?: Format;
}

export async function buildAll(file: string, opts: BuildOptions, io: Io, color: boolean): Promise<number> {
  const format = opts.format ?? "text";
  // `gen build --format json | jq …` must parse: with a machine format stdout holds the report alone.
  const progress: Progress = format === "text" ? io.out : io.err;
  let compilation: Awaited<ReturnType<typeof compile>>;
  try {
    compilation = await compile(file, {
      ...(opts.brand ? { brand: opts.brand } : {}),
      codegen: true,
      ...(opts.codegenOnly
        ? {}
        : { site: { bundle: (staging?: string) => bundleRuntime(join(staging ?? opts.out, "app")) }, out: opts.out }),
      progress,
    });
  } catch (err) {
    if (!(err instanceof UnknownBrandError)) throw err;
    io.err(`gen build: ${err.message}\n`);
    return 2;
  }
  const { validation, problems, resolved } = compilation;
  // A machine format always gets its report (an empty one, or the warnings, for a valid config).
  if (format !== "text" || !validation.config) io.out(formatValidation(validation, format, color));
  if (!validation.config) {
    io.err("gen build: the config is invalid; nothing was written.\n");
    return 1;
  }
  if (problems.length) {
    for (const problem of problems) io.err(`gen build: ${problem}\n`);
    io.err("gen build: nothing was written.\n");
    return 1;
  }
  if (!opts.codegenOnly) progress(`  built ${opts.brand ?? `${resolved?.brands.length ?? 0} brands`} into ${opts.out}/\n`);
  return 0;
}
