// One bundle of the runtime for every brand; brand modules are loaded by URL from the brand's HTML.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { fillFromEnglish } from "./generator/locale-fallback.ts";

const runtime = fileURLToPath(new URL("./runtime", import.meta.url));

function localeFallback(): Plugin {
  const enFile = fileURLToPath(new URL("./locales/en.json", import.meta.url));
  return {
    name: "storefront-locale-fallback",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]locales[\\/][a-z-]+\.json$/.test(id) || id === enFile) return null;
      const english = JSON.parse(readFileSync(enFile, "utf8"));
      return { code: JSON.stringify(fillFromEnglish(english, JSON.parse(code))), map: null };
    },
  };
}

export default defineConfig({
  root: runtime,
  base: "/",
  plugins: [react(), localeFallback()],
  build: {
    outDir: fileURLToPath(new URL("./dist/app", import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    sourcemap: false,
    rollupOptions: { input: fileURLToPath(new URL("./runtime/main.tsx", import.meta.url)) },
  },
});
