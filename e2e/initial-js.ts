// What a player downloads before the store is usable: every script the page requests until the goods
// are on screen (the runtime's first-content mark), sized as gzip (level 9) of the built files. Shared by the budget test and `npm run bench`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { expect, type Page } from "@playwright/test";
import { FIRST_CONTENT_MARK } from "../core/browser/marks.ts";

export const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/**
 * What any brand's player may download before the goods show, in the brand's own language: 123 KB,
 * 5.5 KB under the 128.5 KB ceiling the first screen was built to, kept free for what the first
 * screen will need next (docs/performance.md, "Initial JavaScript: the 123 KB headroom").
 */
export const INITIAL_JS_BUDGET = 123 * 1024;

/** A script's chunk name: `/assets/main-DBy-O1Sx.js` → `main`, `/assets/brand-aurora.ca6c6b22ee.js` → `brand-aurora`. */
export const chunkName = (path: string) => path.replace(/^\/assets\/|-[\w-]{8}\.js$|\.[0-9a-f]{10}\.js$/g, "");

/** The first part of a language's strings (each language is a chunk named by its code). */
export const LANGUAGE_CHUNK = /^(ar|de|es|fr|id|it|ja|ko|ms|pl|pt|ru|th|tr|vi|zh-cn|zh-tw|en)$/;

export interface InitialJs {
  /** Total gzip bytes. */
  bytes: number;
  /** Each script's path and gzip bytes, in request order. */
  scripts: { path: string; bytes: number }[];
}

/**
 * Opens `url` and collects the scripts requested until `ready` resolves; `assetsDir` is where the
 * page's `/assets/…` files are built (dist/app/assets for the storefront).
 */
export async function initialJs(page: Page, url: string, assetsDir: string, ready: (page: Page) => Promise<void>): Promise<InitialJs> {
  const requested: string[] = [];
  const onRequest = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === "script") requested.push(new URL(request.url()).pathname);
  };
  page.on("request", onRequest);
  await page.goto(url);
  await ready(page);
  page.off("request", onRequest);
  // A page that marks its first content (the storefront) counts the scripts it asked for before it;
  // one that does not (the floor) counts them all.
  const before = await page.evaluate((mark) => {
    const at = performance.getEntriesByName(mark)[0]?.startTime;
    if (at === undefined) return null;
    return performance
      .getEntriesByType("resource")
      .filter((e) => e.startTime <= at)
      .map((e) => new URL(e.name).pathname);
  }, FIRST_CONTENT_MARK);
  const scripts = [...new Set(requested)]
    .filter((path) => !before || before.includes(path))
    .map((path) => {
      if (!path.startsWith("/assets/")) throw new Error(`a script outside /assets/: ${path}`);
      return { path, bytes: gzipSize(join(assetsDir, path.slice("/assets/".length))) };
    });
  return { bytes: scripts.reduce((n, s) => n + s.bytes, 0), scripts };
}

/** The initial JS of a storefront's top-up page: the scripts asked for until its first goods show. */
export const topUpInitialJs = (page: Page, url: string, assetsDir: string) =>
  initialJs(page, url, assetsDir, async (p) => {
    await expect(p.getByTestId("goods-grid").locator(".sf-goods-tile").first()).toBeVisible();
  });

/** The scripts and their bytes, one a line: what a failed budget shows. */
export const scriptList = ({ scripts }: InitialJs) => scripts.map((s) => `${s.path} ${s.bytes}`).join("\n");
