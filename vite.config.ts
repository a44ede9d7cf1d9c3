// One bundle of the runtime for every brand; brand modules are loaded by URL from the brand's HTML.
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { bundleAliases } from "./generator/bundle/aliases.ts";
import { entryCompileHint } from "./generator/bundle/compile-hint.ts";
import { pureReactWrappers } from "./generator/bundle/pure-wrappers.ts";
import { fillFromEnglish, type LocalePart, localePart } from "./generator/locale-fallback.ts";

const runtime = fileURLToPath(new URL("./runtime", import.meta.url));

function localeFallback(): Plugin {
  const enFile = fileURLToPath(new URL("./locales/en.json", import.meta.url));
  return {
    name: "storefront-locale-fallback",
    enforce: "pre",
    transform(code, id) {
      const [file = "", query] = id.split("?");
      if (!/[\\/]locales[\\/][a-z-]+\.json$/.test(file)) return null;
      const own = JSON.parse(code);
      const strings = file === enFile ? own : fillFromEnglish(JSON.parse(readFileSync(enFile, "utf8")), own, basename(file, ".json"));
      const part = query === "first" || query === "later" ? (query as LocalePart) : undefined;
      // A part is a module of its own (Vite's JSON plugin takes only plain `.json` ids).
      if (part) return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(localePart(strings, part)))});`, map: null };
      return { code: JSON.stringify(strings), map: null };
    },
  };
}

export default defineConfig({
  root: runtime,
  base: "/",
  plugins: [react(), localeFallback(), pureReactWrappers(), entryCompileHint()],
  resolve: { alias: bundleAliases },
  build: {
    outDir: fileURLToPath(new URL("./dist/app", import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    sourcemap: false,
    rollupOptions: {
      input: fileURLToPath(new URL("./runtime/main.tsx", import.meta.url)),
      // Everything the entry imports statically is one file: the first load is one request, and one
      // gzip stream compresses better than the dozen small shared chunks automatic splitting makes.
      // The payment code (picker, method names, the method table) is one lazy chunk: the recharge,
      // the make-up page, the result and My page all name methods, and each shared chunk more
      // would cost its name in the first script's preload map.
      output: {
        codeSplitting: {
          groups: [
            { name: "main", tags: ["$initial"] },
            {
              name: "payment",
              test: /runtime[\\/](lib|shared)[\\/]payment[\\/]|runtime[\\/]generated[\\/]payment-methods|core[\\/]payments[\\/]/,
            },
          ],
        },
      },
    },
  },
});
