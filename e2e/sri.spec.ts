// Subresource Integrity as Chromium enforces it: each script a page names carries the integrity of
// its bytes (templates/index.html.hbs, generator/emit/page-scripts.ts), so one byte changed in a
// served script (by a CDN, a proxy, a compromised server) is refused and never runs. The change is
// made on the wire, by answering the script's request with its built bytes one byte altered.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import en from "../locales/en.json" with { type: "json" };
import { E2E_DIST } from "./fixture.ts";

const BRAND = "aurora";
const store = `http://${BRAND}.localhost:${process.env.SF_PORT}/selectGoods?client_id=1001003`;

/** The page's scripts as its HTML names them: the brand module, the preloads, the entry. */
function namedScripts(): { url: string; integrity: string }[] {
  const html = readFileSync(join(E2E_DIST, "brands", BRAND, "index.html"), "utf8");
  return [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" integrity="([^"]+)"/g)].map((m) => ({
    url: m[1] ?? "",
    integrity: m[2] ?? "",
  }));
}

/** Serves `path` with its built bytes, one byte changed (a comment's letter: still valid JavaScript). */
async function alterOneByte(page: Page, path: string): Promise<void> {
  const built = readFileSync(join(E2E_DIST, "app", path));
  const altered = Buffer.from(built);
  const at = altered.length - 2;
  altered[at] = (altered[at] ?? 0) ^ 0x01;
  await page.route(`**${path}`, (route) =>
    route.fulfill({ status: 200, headers: { "content-type": "text/javascript", "cache-control": "no-cache" }, body: altered }),
  );
}

/** Resolves with the first console message that says the browser blocked `path` for its integrity. */
const refusal = (page: Page, path: string) =>
  page.waitForEvent("console", {
    predicate: (m) => m.type() === "error" && m.text().includes("integrity") && m.text().includes(path),
  });

test("every script the page names carries an integrity attribute, and the store starts with them", async ({ page }) => {
  const scripts = namedScripts();
  expect(scripts.map((s) => s.url)).toEqual([
    expect.stringMatching(/^\/assets\/brand-aurora\.[0-9a-f]{10}\.js$/),
    expect.stringMatching(/^\/assets\/en-[\w-]+\.js$/),
    expect.stringMatching(/^\/assets\/main-[\w-]+\.js$/),
  ]);
  for (const script of scripts) expect(script.integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
  await page.goto(store);
  await expect(page.getByTestId("goods-grid").locator(".sf-goods-tile").first()).toBeVisible();
});

/** The script of that kind the page names. */
function named(prefix: string): { url: string; integrity: string } {
  const script = namedScripts().find((s) => s.url.startsWith(prefix));
  if (!script) throw new Error(`the page names no ${prefix}…`);
  return script;
}

test("the runtime's entry with one byte changed is refused by the browser, and the store never starts", async ({ page }) => {
  const entry = named("/assets/main-");
  await alterOneByte(page, entry.url);
  const refused = refusal(page, entry.url);
  await page.goto(store);
  expect((await refused).text()).toContain("The resource has been blocked");
  // The entry's module is refused in this page for good: importing it again fails too (the browser
  // keeps a module's failed fetch), so the store's runtime never runs and the HTML's shell stays.
  const again = await page.evaluate(
    (url) =>
      import(url).then(
        () => "ran",
        (err: Error) => `refused: ${err.message}`,
      ),
    entry.url,
  );
  expect(again).toMatch(/^refused: /);
  await expect(page.locator("#root [data-shell]").first()).toBeAttached();
  expect(await page.evaluate(() => document.querySelector('[data-testid="goods-grid"]'))).toBeNull();
});

test("the brand module with one byte changed is refused by the browser: the runtime cannot load it and says the store is unknown", async ({
  page,
}) => {
  const module = named("/assets/brand-");
  await alterOneByte(page, module.url);
  const refused = refusal(page, module.url);
  await page.goto(store);
  expect((await refused).text()).toContain("The resource has been blocked");
  // The runtime's import of the module takes the refused preload's result: it fails, and the
  // runtime shows what it shows for a page whose brand it cannot load.
  await expect(page.getByRole("heading", { level: 1, name: en.unknownBrand.title })).toBeVisible();
  await expect(page.getByTestId("goods-grid")).toHaveCount(0);
});
