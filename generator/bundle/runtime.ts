// The runtime's bundle: one Vite build of runtime/ shared by every brand, and the page's first script
// as one small classic script. An I/O step before emit: the emitters take what it reports (the entry,
// its preloads, its CSS, the language chunks, the early script) as their input.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { BundleInfo } from "../model.ts";
import { paths } from "../paths.ts";
import { bundleAliases } from "./aliases.ts";

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
