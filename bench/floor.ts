// The `web` part of `npm run bench`: the floor (bench/floor/, the named stack rendering a heading,
// built in this run) against /selectGoods of the first brand in each of its layouts: initial JS,
// the HTML, Lighthouse mobile (median of `runs`, interleaved) and the same pages under real
// throttling with no DevTools instrumentation (bench/bare-page.ts), each figure with its ratio to
// the floor's (docs/performance.md, "Methods").
import { join } from "node:path";
import { chromium, expect } from "@playwright/test";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { validateFile } from "../core/node/config/validate.ts";
import { launchOptions } from "../e2e/browser.ts";
import { storefronts } from "../e2e/gallery/matrix.ts";
import { gzipSize, type InitialJs, initialJs } from "../e2e/initial-js.ts";
import { ROOT, startSandbox } from "../e2e/sandbox-server.ts";
import { bundleAliases } from "../generator/bundle/aliases.ts";
import { pureReactWrappers } from "../generator/bundle/pure-wrappers.ts";
import { precompress } from "../generator/compress.ts";
import { type BareLoad, bareLoads } from "./bare-page.ts";
import { type LighthouseFigures, lighthouseMedians } from "./lighthouse.ts";
import { serveStatic } from "./static-server.ts";

export interface WebRow {
  name: string;
  url: string;
  js: InitialJs;
  htmlGzip: number;
  lighthouse: LighthouseFigures;
}

type Page = Omit<WebRow, "lighthouse">;

/** Builds the floor into `outDir`, compressed as the storefront's assets are (the page too: the sandbox compresses its pages). */
export async function buildFloor(outDir: string): Promise<void> {
  // Vite sets NODE_ENV to "production" for its build, and this process starts the sandbox platform
  // next, which refuses to start in production without PLATFORM_MODE (server/platform.ts).
  const nodeEnv = process.env.NODE_ENV;
  try {
    await buildFloorBundle(outDir);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await precompress(join(outDir, "assets"));
  await precompress(outDir);
}

function buildFloorBundle(outDir: string) {
  return build({
    configFile: false,
    root: join(ROOT, "bench", "floor"),
    logLevel: "warn",
    // The storefront's aliases and tree-shaking aid: the libraries are compared on the same terms.
    plugins: [react(), pureReactWrappers()],
    resolve: { alias: bundleAliases },
    build: { outDir, emptyOutDir: true, target: "es2022" },
  });
}

/** The floor's page and the storefront's, each with its initial JS (measured in Chromium) and its HTML's size. */
async function measurePages(floorDir: string, floorPort: number, sandboxPort: number): Promise<Page[]> {
  const { config } = await validateFile(join(ROOT, "brands.yaml"));
  if (!config) throw new Error("brands.yaml is invalid");
  const [first] = storefronts(config, []);
  const stores = storefronts(config, []).filter((s) => s.brand === first?.brand);
  const browser = await chromium.launch(launchOptions);
  const pages: Page[] = [];
  try {
    const measure = async (name: string, url: string, assets: string, html: string, ready: Parameters<typeof initialJs>[3]) => {
      const page = await (await browser.newContext()).newPage();
      const js = await initialJs(page, url, assets, ready);
      await page.context().close();
      pages.push({ name, url, js, htmlGzip: gzipSize(html) });
    };
    await measure("floor", `http://127.0.0.1:${floorPort}/`, join(floorDir, "assets"), join(floorDir, "index.html"), async (p) => {
      await expect(p.getByRole("heading", { level: 1 })).toBeVisible();
    });
    for (const s of stores) {
      const url = `http://${s.brand}.localhost:${sandboxPort}/selectGoods?${s.query}`;
      const html = join(ROOT, "dist", "brands", s.brand, "index.html");
      await measure(`${s.brand} ${s.layout} layout`, url, join(ROOT, "dist", "app", "assets"), html, async (p) => {
        await expect(p.getByTestId("goods-grid").locator(".sf-goods-tile").first()).toBeVisible();
      });
    }
  } finally {
    await browser.close();
  }
  return pages;
}

/**
 * Measures the floor and the operator's build (`npm run build`, as `npm start` serves it):
 * Lighthouse `runs` times each, the bare loads `bareRuns` times each, the pages taking turns.
 */
export async function measureFloorVsUs(tmp: string, runs: number, bareRuns: number): Promise<{ rows: WebRow[]; bare: BareLoad[][] }> {
  const floorDir = join(tmp, "floor-dist");
  await buildFloor(floorDir);
  const floor = await serveStatic(floorDir);
  const sandbox = await startSandbox({ configFile: join(ROOT, "brands.yaml"), distDir: join(ROOT, "dist") });
  try {
    const pages = await measurePages(floorDir, floor.port, sandbox.port);
    const urls = pages.map((p) => p.url);
    const figures = await lighthouseMedians(urls, runs);
    console.error(`real throttling ×${bareRuns}: ${pages.map((p) => p.name).join(", ")}`);
    const bare = await bareLoads(urls, bareRuns);
    return { rows: pages.map((p, i) => ({ ...p, lighthouse: figures[i] as LighthouseFigures })), bare };
  } finally {
    await sandbox.close();
    floor.close();
  }
}
