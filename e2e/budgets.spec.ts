// Byte budgets of what a player downloads (bytes are deterministic, so they can fail the suite).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { ENTRY_PAGES } from "../core/browser/entry-pages.ts";
import { MISSING_STRING_MARK } from "../core/browser/marks.ts";
import { BRAND_MODULE_BUDGET } from "../core/node/config/brand-checks.ts";
import { ENTRY_COMPILE_HINT } from "../generator/bundle/compile-hint.ts";
import { HTML_BUDGET } from "../generator/diff/changes.ts";
import { demoConfig, E2E_DIST } from "./fixture.ts";
import { storefronts } from "./gallery/matrix.ts";
import { chunkName, gzipSize, INITIAL_JS_BUDGET, LANGUAGE_CHUNK, scriptList, topUpInitialJs } from "./initial-js.ts";

/** One number with `gen diff`'s, which marks a change that takes a page over it as risky. */
const HTML_SHELL_BUDGET = HTML_BUDGET;

const dist = E2E_DIST;
const config = await demoConfig();

test("each brand module is at most 3 KB and each page's HTML with its inline CSS at most 14 KB (gzip)", () => {
  const modules = readdirSync(join(dist, "app", "assets")).filter((f) => /^brand-.+\.js$/.test(f));
  expect(modules).toHaveLength(config.brands.length);
  for (const file of modules) expect(gzipSize(join(dist, "app", "assets", file)), file).toBeLessThanOrEqual(BRAND_MODULE_BUDGET);
  for (const brand of config.brands)
    for (const { file } of ENTRY_PAGES) {
      // The top-up's index.html and every entry page: whichever a player lands on.
      const html = join(dist, "brands", brand.id, file);
      // The critical CSS is in the page: nothing render-blocking is fetched before the first paint.
      expect(readFileSync(html, "utf8")).not.toContain('rel="stylesheet"');
      expect(gzipSize(html), `${brand.id} ${file}`).toBeLessThanOrEqual(HTML_SHELL_BUDGET);
    }
});

/** Loaded on demand, never for the first render (their chunks' names, as the build writes them). */
const LAZY = [
  // The account pages, the payment dialogs, the sanitiser, dates, the event prompt, the legal notices,
  // the error pages and their reactions, the installable app.
  "VipCenterPage",
  "ActivityPage",
  "MyPage",
  "RechargePanel",
  "LoginDialog",
  "purify.es",
  "time",
  "EventPrompt",
  "LegalNotices",
  "ReplenishHeader",
  "MessagePage",
  "NotFoundPage",
  "act-on-error",
  "pwa",
];

test("every chunk the first render must not load is built under its name (else that check could not fail)", () => {
  const built = readdirSync(join(dist, "app", "assets"))
    .filter((f) => f.endsWith(".js"))
    .map((f) => chunkName(`/assets/${f}`));
  for (const lazy of LAZY) expect(built, lazy).toContain(lazy);
});

/** No string was looked up before its part of the language arrived (runtime/lib/i18n.ts). */
const missingStrings = (page: Page) =>
  page.evaluate(
    (prefix) =>
      performance
        .getEntriesByType("mark")
        .filter((m) => m.name.startsWith(prefix))
        .map((m) => m.name),
    MISSING_STRING_MARK,
  );

// Every brand of the fixture in every layout it shows, in its own first language.
for (const store of storefronts(config, [])) {
  test(`initial JS of ${store.brand}'s /selectGoods, ${store.layout} layout, in ${store.lang}: within 123 KB, loading nothing the first render does not need, every string it shows in the first part`, async ({
    page,
  }) => {
    const url = `http://${store.brand}.localhost:${process.env.SF_PORT}/selectGoods?${store.query}`;
    const loaded = await topUpInitialJs(page, url, join(dist, "app", "assets"));
    const { bytes, scripts } = loaded;
    const names = scripts.map((s) => chunkName(s.path));
    for (const lazy of LAZY) expect(names, lazy).not.toContain(lazy);
    // One language, the page's own: its first part.
    expect(names.filter((n) => LANGUAGE_CHUNK.test(n))).toEqual([store.lang]);
    expect(bytes, scriptList(loaded)).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
    // The runtime's entry opens with V8's compile hint: compiled while it downloads (docs/performance.md).
    const entry = scripts.find((s) => s.path.startsWith("/assets/main-"));
    expect(entry, "the runtime's entry among the initial scripts").toBeDefined();
    expect(readFileSync(join(dist, "app", entry?.path ?? ""), "utf8").startsWith(`${ENTRY_COMPILE_HINT}\n`)).toBe(true);
    expect(await missingStrings(page)).toEqual([]);
  });
}
