// Byte budgets of what a player downloads (bytes are deterministic, so they can fail the suite).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { ENTRY_PAGES } from "../core/browser/entry-pages.ts";
import { MISSING_STRING_MARK } from "../core/browser/marks.ts";
import { BRAND_MODULE_BUDGET } from "../core/node/config/brand-checks.ts";
import { ENTRY_COMPILE_HINT } from "../generator/bundle/compile-hint.ts";
import { HTML_BUDGET } from "../generator/diff/changes.ts";
import { demoConfig, E2E_DIST } from "./fixture.ts";
import { storefronts } from "./gallery/matrix.ts";
import { gzipSize, initialJs } from "./initial-js.ts";

const KB = 1024;
const INITIAL_JS_BUDGET = 128.5 * KB;
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

// One storefront per layout (of the first brand showing both), in its first language.
const defaults = storefronts(config, []);
const targets = defaults.filter((s) => s.brand === defaults[0]?.brand);

for (const store of targets) {
  test(`initial JS of /selectGoods, ${store.layout} layout: within 128.5 KB, loading nothing the first render does not need, every string it shows in the first part`, async ({
    page,
  }) => {
    const url = `http://${store.brand}.localhost:${process.env.SF_PORT}/selectGoods?${store.query}`;
    const { bytes, scripts } = await initialJs(page, url, join(dist, "app", "assets"), async (p) => {
      await expect(p.getByTestId("goods-grid").locator(".sf-goods-tile").first()).toBeVisible();
    });
    const names = scripts.map((s) => s.path.replace(/^\/assets\/|-[\w-]{8}\.js$|\.[0-9a-f]{10}\.js$/g, ""));
    // Loaded on demand, never for the first render: the account pages, payment dialogs, the sanitiser,
    // other languages and dates, the event prompt, the legal notices, the error pages and the installable app.
    for (const lazy of [
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
      "pwa",
    ])
      expect(names, lazy).not.toContain(lazy);
    expect(names.filter((n) => /^(ar|de|es|fr|id|it|ja|ko|ms|pl|pt|ru|th|tr|vi|zh-cn|zh-tw|en)$/.test(n))).toHaveLength(1);
    expect(bytes, scripts.map((s) => `${s.path} ${s.bytes}`).join("\n")).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
    // The runtime's entry opens with V8's compile hint: compiled while it downloads (docs/performance.md).
    const entry = scripts.find((s) => s.path.startsWith("/assets/main-"));
    expect(entry, "the runtime's entry among the initial scripts").toBeDefined();
    expect(readFileSync(join(dist, "app", entry?.path ?? ""), "utf8").startsWith(`${ENTRY_COMPILE_HINT}\n`)).toBe(true);
    // No string was looked up before its part of the language arrived (runtime/lib/i18n.ts).
    const missing = await page.evaluate(
      (prefix) =>
        performance
          .getEntriesByType("mark")
          .filter((m) => m.name.startsWith(prefix))
          .map((m) => m.name),
      MISSING_STRING_MARK,
    );
    expect(missing).toEqual([]);
  });
}
