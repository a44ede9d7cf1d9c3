// `gen build`: validate → resolve → codegen → one vite build (and the icons) → per-brand sites, each
// step timed.
// Builds into a staging folder and swaps it in at the end, so dist/ is never half-built.
import { readFile, rename, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { BRAND_MODULE_BUDGET, brandModuleBytes } from "../core/node/config/brand-module.ts";
import type { Format } from "../core/node/config/diagnostics.ts";
import { formatValidation, validateFile } from "../core/node/config/validate.ts";
import { buildInfoFile } from "./build-info.ts";
import { bundleAliases } from "./bundle/aliases.ts";
import { describeCodegen, writeGenerated } from "./codegen.ts";
import { precompress } from "./compress.ts";
import { rasteriseIcons } from "./emit/icons.ts";
import { type BundleInfo, emitSites, iconFiles } from "./emit/site.ts";
import type { Output as Io } from "./output.ts";
import { paths } from "./paths.ts";
import { type ResolvedConfig, resolveConfig } from "./resolve.ts";
import { writeFiles } from "./writer.ts";

export interface BuildOptions {
  brand?: string;
  codegenOnly?: boolean;
  out: string;
  format?: Format;
}

/** Where progress lines go: stdout for people, stderr when stdout carries a machine-read report. */
type Progress = (line: string) => void;

async function step<T>(progress: Progress, label: string, run: () => Promise<T>, detail: (r: T) => string): Promise<T> {
  const started = performance.now();
  const result = await run();
  const ms = performance.now() - started;
  progress(`  ${label.padEnd(10)} ${detail(result).padEnd(46)} ${ms.toFixed(0).padStart(6)} ms\n`);
  return result;
}

export async function buildAll(file: string, opts: BuildOptions, io: Io, color: boolean): Promise<number> {
  const format = opts.format ?? "text";
  // `gen build --format json | jq …` must parse: with a machine format stdout holds the report alone.
  const progress: Progress = format === "text" ? io.out : io.err;
  const validation = await step(
    progress,
    "validate",
    () => validateFile(file),
    (r) => {
      const n = (r.source.data as { brands?: unknown[] } | undefined)?.brands?.length ?? 0;
      return r.config ? `${n} brands valid` : `${r.diagnostics.filter((d) => d.severity === "error").length} errors`;
    },
  );
  const { config } = validation;
  // A machine format always gets its report (an empty one, or the warnings, for a valid config).
  if (format !== "text" || !config) io.out(formatValidation(validation, format, color));
  if (!config) {
    io.err("gen build: the config is invalid; nothing was written.\n");
    return 1;
  }
  if (opts.brand && !config.brands.some((b) => b.id === opts.brand)) {
    io.err(`gen build: no brand '${opts.brand}' in ${file} (brands: ${config.brands.map((b) => b.id).join(", ")})\n`);
    return 2;
  }

  // Resolved once (theme, hosts, origins, icons): every later step reads this model.
  const resolved = resolveConfig(config, file, opts.brand);
  const oversized = brandModuleProblems(resolved);
  if (oversized.length) {
    for (const problem of oversized) io.err(`gen build: ${problem}\n`);
    io.err("gen build: nothing was written.\n");
    return 1;
  }
  await step(progress, "codegen", () => writeGenerated(resolved), describeCodegen);
  if (opts.codegenOnly) return 0;

  const out = resolve(opts.out);
  const staging = `${out}.staging-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    // Independent, and each mostly waits on native code: the bundler and the icon renderer overlap.
    const [bundle, icons] = await Promise.all([
      step(
        progress,
        "bundle",
        () => bundleRuntime(join(staging, "app")),
        (b) => `runtime → ${b.entry}`,
      ),
      step(
        progress,
        "icons",
        () => rasteriseIcons(resolved.brands.map((b) => b.icon)),
        ({ report: r }) => `${r.distinct} distinct: ${r.rendered} rendered, ${r.cached} from cache`,
      ),
    ]);
    await step(
      progress,
      "sites",
      async () =>
        writeFiles(staging, [
          ...emitSites(resolved, bundle),
          ...iconFiles(resolved, icons.sets),
          await buildInfoFile(file, config, opts.brand),
        ]),
      (r) => `${resolved.brands.length} brands, ${r.written} files`,
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
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
  progress(`  built ${opts.brand ?? `${config.brands.length} brands`} into ${opts.out}/\n`);
  return 0;
}

/**
 * The brand modules over their budget, measured on the bytes this build writes and serves. Validation
 * checks the same with the same function; this is the build's own guard for a config that reached it
 * another way (a test, a script calling buildAll's steps).
 */
export function brandModuleProblems(resolved: ResolvedConfig): string[] {
  return resolved.brands.flatMap(({ brand, module }) => {
    const bytes = brandModuleBytes(module);
    return bytes > BRAND_MODULE_BUDGET
      ? [`brand '${brand.id}'s module is ${bytes} bytes gzip, over its budget of ${BRAND_MODULE_BUDGET} bytes`]
      : [];
  });
}

/** One vite build of the runtime, shared by every brand. */
export async function bundleRuntime(outDir: string): Promise<BundleInfo> {
  const { build } = await import("vite");
  await build({
    configFile: join(paths.root, "vite.config.ts"),
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
  });
  const manifest = JSON.parse(await readFile(join(outDir, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
  >;
  const entry = Object.values(manifest).find((c) => c.isEntry);
  if (!entry) throw new Error("vite produced no entry chunk");
  const preloads: string[] = [];
  const css = new Set(entry.css ?? []);
  const seen = new Set<string>();
  const walk = (keys: string[] = []) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || seen.has(key) || chunk.isEntry) continue;
      seen.add(key);
      preloads.push(`/${chunk.file}`);
      for (const c of chunk.css ?? []) css.add(c);
      walk(chunk.imports);
    }
  };
  walk(entry.imports);
  const cssText = await Promise.all([...css].map((c) => readFile(join(outDir, c), "utf8")));
  const locales = Object.fromEntries(
    Object.entries(manifest).flatMap(([key, chunk]) => {
      const lang = /(?:^|\/)locales\/([a-z-]+)\.json\?first$/.exec(key)?.[1];
      return lang ? [[lang, `/${chunk.file}`]] : [];
    }),
  );
  return { entry: `/${entry.file}`, preloads, css: cssText.join("\n").trim(), locales, early: await bundleEarly() };
}

/**
 * The page's first script (runtime/early.ts) as one small classic script, inlined in each brand's
 * HTML: it starts the top-up's calls while the bundle loads. Built with the runtime's aliases, so
 * it is the runtime's own code for working out those calls.
 */
async function bundleEarly(): Promise<string> {
  const { build } = await import("vite");
  const out = await build({
    configFile: false,
    root: paths.runtime,
    logLevel: "warn",
    resolve: { alias: bundleAliases },
    build: {
      write: false,
      target: "es2022",
      minify: true,
      lib: { entry: join(paths.runtime, "early.ts"), formats: ["iife"], name: "sfEarly", fileName: "early" },
    },
  });
  const output = (Array.isArray(out) ? out : [out]).flatMap((o) => ("output" in o ? o.output : []));
  const chunk = output.find((o) => o.type === "chunk");
  if (!chunk || output.length !== 1) throw new Error("the early script must build to one file");
  const code = chunk.code.trim();
  // Inlined as it is: nothing in it may end or comment out its element.
  if (/<\/script|<!--/i.test(code)) throw new Error("the early script contains '</script' or '<!--'");
  return code;
}
