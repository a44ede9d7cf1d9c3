// One bundle of the runtime for every brand; brand modules are loaded by URL from the brand's HTML.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const runtime = fileURLToPath(new URL("./runtime", import.meta.url));

export default defineConfig({
  root: runtime,
  base: "/",
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL("./dist/app", import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    sourcemap: false,
    rollupOptions: { input: fileURLToPath(new URL("./runtime/main.tsx", import.meta.url)) },
  },
});
