// The runtime's bundle: one Vite build of runtime/ shared by every brand, and the page's first script
// as one small classic script. An I/O step before emit: the emitters take what it reports (the entry,
// its preloads, its CSS, the language chunks, the early script) as their input.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { sha384 } from "../emit/hashes.ts";
import type { AssetRole, BundleAsset, BundleInfo } from "../model.ts";
import { paths } from "../paths.ts";
import { bundleAliases } from "./aliases.ts";

type ViteManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;

/**
 * Every file Vite wrote under assets/, hashed now (I/O before emit) so the pages can name the
 * integrity of what they load and the release inventory can list every chunk with why it is there.
 */
async function hashAssets(outDir: string, manifest: ViteManifest, preloads: string[]): Promise<BundleAsset[]> {
  const sources = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));
  // A stylesheet's source is the chunk that loads it (the entry's is inlined in every page instead).
  for (const [key, chunk] of Object.entries(manifest))
    for (const css of chunk.css ?? []) if (!sources.has(`/${css}`)) sources.set(`/${css}`, key);
  const files = (await readdir(join(outDir, "assets"))).sort();
  return Promise.all(
    files.map(async (name) => {
      const url = `/assets/${name}`;
      const bytes = await readFile(join(outDir, "assets", name));
      const source = sources.get(url) ?? "";
      const role: AssetRole = name.endsWith(".css")
        ? "stylesheet"
        : manifest[source]?.isEntry
          ? "entry"
          : preloads.includes(url)
            ? "static"
            : /(?:^|\/)locales\/[a-z-]+\.json\?(first|later)$/.test(source)
              ? "language"
              : "lazy";
      return { url, integrity: sha384(bytes), bytes: bytes.length, role, source };
    }),
  );
}

/** One vite build of the runtime, shared by every brand. */
export async function bundleRuntime(outDir: string): Promise<BundleInfo> {
  const { build } = await import("vite");
  await build({
    configFile: join(paths.root, "vite.config.ts"),
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
  });
  const manifest = JSON.parse(await readFile(join(outDir, ".vite", "manifest.json"), "utf8")) as ViteManifest;
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
  return {
    entry: `/${entry.file}`,
    preloads,
    css: cssText.join("\n").trim(),
    locales,
    early: await bundleEarly(),
    assets: await hashAssets(outDir, manifest, preloads),
  };
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
