// The generator's one pipeline, which every command goes through (`gen build`, `gen dev`,
// `gen preview`, `gen deploy-config`, `gen build --codegen-only`): load → validate → resolve once →
// emit → write. Each phase is a function of the last one's output; I/O happens before emit (reading
// the config, its icons, the templates and locales; bundling the runtime; rendering icons) and after
// it (writing), never inside an emitter (docs/architecture.md, "The compiler").
import { rename, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { BRAND_MODULE_BUDGET, brandModuleBytes } from "../core/node/config/brand-module.ts";
import { readConfig } from "../core/node/config/read.ts";
import { type ValidationResult, validateRead } from "../core/node/config/validate.ts";
import { type CodegenReport, describeCodegen, generateRuntimeFiles, writeGenerated } from "./codegen.ts";
import { precompress } from "./compress.ts";
import { emitBuildInfo } from "./emit/build-info.ts";
import type { EmittedFile, OutputFile } from "./emit/file.ts";
import { pageCodes } from "./emit/page-scripts.ts";
import { emitRelease } from "./emit/release.ts";
import { emitSites, iconFiles } from "./emit/site.ts";
import { renderBrandIcons } from "./icons.ts";
import { readProductInputs } from "./inputs.ts";
import type { BundleInfo, ResolvedConfig } from "./model.ts";
import { resolveConfig } from "./resolve.ts";
import { writeFiles } from "./writer.ts";

/** A line per phase with its time, for people (stdout) or beside a machine-read report (stderr). */
export type Progress = (line: string) => void;

export interface CompileOptions {
  /** Emit only this brand's site (`--brand`); runtime/generated/ always has every brand. */
  brand?: string;
  /** `--strict`: the pre-deploy checks are errors too. */
  strict?: boolean;
  /** Write runtime/generated/ (the build, `gen dev`, `--codegen-only`). */
  codegen?: boolean;
  /**
   * Emit the sites. Their bundle is made once the config is valid, while the icons render; it is
   * given the staging folder when the sites are written (`out`).
   */
  site?: { bundle: (staging?: string) => Promise<BundleInfo>; iconCache?: string | false };
  /** Write the sites into this folder: built in a staging folder beside it and swapped in whole. */
  out?: string;
  progress?: Progress;
}

export interface Compilation {
  file: string;
  /** The loaded source and every diagnostic; `config` when there is no error. */
  validation: ValidationResult;
  /** The model every emitter read (icon bytes and the config's fingerprint in it); absent when invalid. */
  resolved?: ResolvedConfig;
  /** Why nothing was written although the config is valid (a brand module over its budget). */
  problems: string[];
  /** runtime/generated/'s files. */
  generated: EmittedFile[];
  /** The sites' files (dist/-relative), when asked for. */
  site: OutputFile[];
  codegen?: CodegenReport;
}

/** `--brand` named a brand the config does not have: a usage error. */
export class UnknownBrandError extends Error {}

async function step<T>(progress: Progress | undefined, label: string, work: () => Promise<T>, detail: (r: T) => string): Promise<T> {
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  progress?.(`  ${label.padEnd(10)} ${detail(result).padEnd(46)} ${ms.toFixed(0).padStart(6)} ms\n`);
  return result;
}

/** The brand modules over their budget, measured on the bytes the build writes and serves. */
export function brandModuleProblems(resolved: ResolvedConfig): string[] {
  return resolved.brands.flatMap(({ brand, module }) => {
    const bytes = brandModuleBytes(module);
    return bytes > BRAND_MODULE_BUDGET
      ? [`brand '${brand.id}'s module is ${bytes} bytes gzip, over its budget of ${BRAND_MODULE_BUDGET} bytes`]
      : [];
  });
}

const countErrors = (v: ValidationResult) => v.diagnostics.filter((d) => d.severity === "error").length;

export async function compile(file: string, options: CompileOptions = {}): Promise<Compilation> {
  const { progress } = options;
  // Load and validate: the config and its icons read once; the product's templates and locales beside.
  const [validation, product] = await step(
    progress,
    "validate",
    async () => {
      const product = readProductInputs();
      const read = await readConfig(file);
      return Promise.all([validateRead(read, { strict: options.strict }), product]);
    },
    ([v]) => (v.config ? `${v.config.brands.length} brands valid` : `${countErrors(v)} errors`),
  );
  const compilation: Compilation = { file, validation, problems: [], generated: [], site: [] };
  const { config } = validation;
  if (!config) return compilation;
  if (options.brand && !config.brands.some((b) => b.id === options.brand)) {
    throw new UnknownBrandError(`no brand '${options.brand}' in ${file} (brands: ${config.brands.map((b) => b.id).join(", ")})`);
  }

  const read = { text: validation.source.text, icons: validation.icons ?? new Map(), locales: product.locales };
  const resolved = resolveConfig(config, read, options.brand);
  compilation.resolved = resolved;
  compilation.problems = brandModuleProblems(resolved);
  if (compilation.problems.length) return compilation;

  compilation.generated = generateRuntimeFiles(resolved);
  if (options.codegen) {
    compilation.codegen = await step(progress, "codegen", () => writeGenerated(compilation.generated), describeCodegen);
  }
  if (!options.site) return compilation;
  const site = options.site;
  const out = options.out ? resolve(options.out) : undefined;
  const staging = out ? `${out}.staging-${process.pid}` : undefined;
  if (staging) await rm(staging, { recursive: true, force: true });
  try {
    // Independent, and each mostly waits on native code: the bundler and the icon renderer overlap.
    const [bundle, icons] = await Promise.all([
      step(
        progress,
        "bundle",
        () => site.bundle(staging),
        (b) => `runtime → ${b.entry}`,
      ),
      step(
        progress,
        "icons",
        () => renderBrandIcons(resolved.siteBrands, site.iconCache === undefined ? {} : { cacheDir: site.iconCache }),
        ({ report: r }) => `${r.distinct} distinct: ${r.rendered} rendered, ${r.cached} from cache`,
      ),
    ]);
    // What each brand's pages load, made once for the pages and the release inventory, which names
    // every file the sites emit by its digest (dist/release.json).
    const codes = pageCodes(resolved.siteBrands, bundle);
    const sites = [...emitSites(resolved, bundle, product.templates, codes), ...iconFiles(resolved, icons.byBrand)];
    compilation.site = [...sites, emitBuildInfo(resolved), emitRelease(resolved, bundle, sites, codes)];
    if (out && staging) await writeSite(compilation, out, staging, progress);
  } catch (err) {
    if (staging) await rm(staging, { recursive: true, force: true });
    throw err;
  }
  return compilation;
}

/** The write phase of the sites: into the staging folder, precompressed, then swapped in whole. */
async function writeSite(compilation: Compilation, out: string, staging: string, progress?: Progress): Promise<void> {
  const brands = compilation.resolved?.siteBrands.length ?? 0;
  await step(
    progress,
    "sites",
    () => writeFiles(staging, compilation.site),
    (r) => `${brands} brands, ${r.written} files`,
  );
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  await step(
    progress,
    "compress",
    () => precompress(join(staging, "app", "assets")),
    (r) => `${r.files} assets: ${kb(r.bytes)} → gzip ${kb(r.gzipBytes)}, brotli ${kb(r.brotliBytes)}`,
  );
  await rm(out, { recursive: true, force: true });
  await rename(staging, out);
}
