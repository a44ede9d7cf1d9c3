// `npm run bench:gen`: validate, codegen and full-build times at 10, 100 and 1000 brands, the
// per-brand module size and the initial JS a player downloads (which must not grow with brands).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { readConfig } from "../core/node/config/read.ts";
import { validateFile, validateRead } from "../core/node/config/validate.ts";
import { generateCoreFiles, generateRuntimeFiles } from "../generator/codegen.ts";
import { readProductInputs } from "../generator/inputs.ts";
import { resolveConfig } from "../generator/resolve.ts";
import { syntheticConfig } from "./synthetic.ts";

const root = join(import.meta.dirname, "..");
const tmp = join(root, "bench", ".tmp");
const sizes = (process.env.BENCH_SIZES ?? "10,100,1000").split(",").map(Number);
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const r = await fn();
  return [r, performance.now() - t];
}

/** Scripts the brand-1 page loads before its first render: entry, its static imports, and the brand module. */
function initialJs(dist: string, brand: string) {
  const html = readFileSync(join(dist, "brands", brand, "index.html"), "utf8");
  const scripts = [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map((m) => m[1] ?? "");
  const files = [...new Set(scripts)].map((url) => join(dist, "app", url));
  const brandModule = files.filter((f) => /\/brand-[^/]+\.js$/.test(f));
  const runtime = files.filter((f) => !brandModule.includes(f));
  return { runtime: runtime.reduce((n, f) => n + gz(f), 0), brandModule: brandModule.reduce((n, f) => n + gz(f), 0) };
}

mkdirSync(tmp, { recursive: true });
const rows: string[] = [];
const results: Record<string, unknown>[] = [];
try {
  for (const n of sizes) {
    const file = join(tmp, `brands-${n}.yaml`);
    writeFileSync(file, syntheticConfig(n));
    // Warm once (module loading, ajv compile), then take the median of 3.
    await validateFile(file);
    const validateMs: number[] = [];
    const codegenMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [result, v] = await time(async () => validateRead(await readConfig(file)));
      if (!result.config) throw new Error(`synthetic config of ${n} brands is invalid: ${result.diagnostics[0]?.message}`);
      const config = result.config;
      const read = { text: result.source.text, icons: result.icons ?? new Map(), locales: (await readProductInputs()).locales };
      const [, c] = await time(async () => [...(await generateCoreFiles()), ...generateRuntimeFiles(resolveConfig(config, read))]);
      validateMs.push(v);
      codegenMs.push(c);
    }
    const out = join(tmp, `dist-${n}`);
    const t = performance.now();
    execFileSync(process.execPath, [join(root, "cli", "gen.js"), "build", file, "--out", out], { stdio: "pipe" });
    const buildMs = performance.now() - t;
    const js = initialJs(out, "brand0001");
    const v = median(validateMs);
    const c = median(codegenMs);
    results.push({ brands: n, validateMs: v, codegenMs: c, buildMs, brandModuleGzip: js.brandModule, initialRuntimeJsGzip: js.runtime });
    rows.push(
      `| ${n} | ${v.toFixed(0)} ms | ${c.toFixed(0)} ms | ${(v + c).toFixed(0)} ms | ${(buildMs / 1000).toFixed(2)} s | ${js.brandModule} B | ${kb(js.runtime)} (${js.runtime} B) | ${kb(js.runtime + js.brandModule)} |`,
    );
    rmSync(out, { recursive: true, force: true });
  }
} finally {
  // The full builds above wrote synthetic brands into runtime/generated/: put the real ones back.
  execFileSync(process.execPath, [join(root, "cli", "gen.js"), "build", join(root, "brands.yaml"), "--codegen-only"], {
    stdio: "pipe",
  });
}

console.log(
  "| brands | validate | codegen | validate + codegen | full `gen build` | brand module (gzip) | runtime initial JS (gzip) | player's initial JS (gzip) |",
);
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const r of rows) console.log(r);
const runtimes = new Set(results.map((r) => r.initialRuntimeJsGzip));
console.log(`\nInitial runtime JS identical at every size: ${runtimes.size === 1 ? "yes" : "NO"}`);
writeFileSync(join(tmp, "gen-results.json"), `${JSON.stringify(results, null, 2)}\n`);
