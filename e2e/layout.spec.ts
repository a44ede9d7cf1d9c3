// Every screen of both layouts, as a keyboard user and at every size (issue 23): Tab through each
// screen at 360 and 1280 px and fail when a focused element's centre is covered by something else
// (the sticky header, the buy bar, the bottom navigation: WCAG 2.2 2.4.11, which axe does not test);
// each page has one h1; at 320 px, and with the root font at 200 %, nothing scrolls sideways.
import { expect, type Page, test } from "@playwright/test";
import { demoConfig } from "./fixture.ts";
import { storefrontName, storefronts } from "./gallery/matrix.ts";
import { type Screen, walk } from "./gallery/walk.ts";
import { freshPlayer, layoutOf, logIn, toGoods } from "./journey.ts";

const config = await demoConfig();
// One storefront per layout, in English: the first brand that shows both layouts.
const english = storefronts(config, ["en"]).filter((s) => s.lang === "en");
const both = english.find((s) => english.some((o) => o.brand === s.brand && o.layout !== s.layout))?.brand;
const targets = english.filter((s) => s.brand === both);

/** Tab stops after which a screen counts as walked (long lists repeat the same kind of stop). */
const MAX_STOPS = 40;

/**
 * Tabs through the screen; for each focused element whose centre lies in the viewport, what the
 * browser hits at that point must be the element or inside it. Returns the covered stops.
 */
async function coveredStops(page: Page): Promise<string[]> {
  const covered: string[] = [];
  // Start from the top of the document (or of the open dialog): the first Tab goes to its first stop.
  await page.evaluate(() => {
    const start = document.querySelector("dialog[open]") ?? document.body;
    (document.activeElement as HTMLElement | null)?.blur?.();
    const marker = document.createElement("span");
    marker.tabIndex = -1;
    start.prepend(marker);
    marker.focus();
    marker.remove();
  });
  const seen = new Set<string>();
  for (let i = 0; i < MAX_STOPS; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const box = el.getBoundingClientRect();
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 30)}"`;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const key = `${name}@${Math.round(box.top + window.scrollY)}`;
      if (box.width === 0 || box.height === 0 || x < 0 || y < 0 || x > innerWidth || y > innerHeight)
        return { key, name: `${name} outside the view at y=${Math.round(y)}`, hidden: true };
      const hit = document.elementFromPoint(x, y);
      // Covered: what is on top there is neither the element, nor inside it, nor around it.
      const covered = !(hit && (el === hit || el.contains(hit) || hit.contains(el)));
      // What covers it, and where, so a failure says what to fix.
      const by = hit ? `${hit.tagName.toLowerCase()}.${[...hit.classList].join(".")}` : "nothing";
      return { key, name: covered ? `${name} under ${by} at y=${Math.round(y)}` : name, hidden: covered };
    });
    if (!stop) continue;
    if (seen.has(stop.key)) break;
    seen.add(stop.key);
    if (stop.hidden) covered.push(stop.name);
  }
  return covered;
}

const h1Count = (page: Page) => page.evaluate(() => document.querySelectorAll("h1").length);

const PHONE = { width: 360, height: 740 };
const NARROW = { width: 320, height: 640 };

/** The document's width at 320 px, and there with the root font at 200 %; back to the phone after. */
async function sidewaysAt320(page: Page): Promise<number[]> {
  await page.setViewportSize(NARROW);
  const width = () =>
    page.evaluate(() => new Promise<number>((done) => requestAnimationFrame(() => done(document.documentElement.scrollWidth))));
  const normal = await width();
  await page.evaluate(() => document.documentElement.style.setProperty("font-size", "200%", "important"));
  const large = await width();
  await page.evaluate(() => document.documentElement.style.removeProperty("font-size"));
  await page.setViewportSize(PHONE);
  return normal > NARROW.width || large > NARROW.width ? [normal, large] : [];
}

// On the phone the same walk also narrows each screen to 320 px (a small phone, or 200 % zoom on a
// 640 px one) and doubles its text: nothing may scroll sideways.
for (const store of targets)
  for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
    const phone = viewport === PHONE;
    const also = phone ? "; nothing scrolls sideways at 320 px, nor with the text at 200 %" : "";
    test(`focus is never hidden and each page has one h1${also}: ${storefrontName(store)} at ${viewport.width} px`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(viewport);
      const hidden: Record<string, string[]> = {};
      const headings: Record<string, number> = {};
      const overflow: Record<string, number[]> = {};
      await walk(page, `http://${store.brand}.localhost:${process.env.SF_PORT}`, store, async (screen: Screen) => {
        headings[screen] = await h1Count(page);
        const covered = await coveredStops(page);
        if (covered.length) hidden[screen] = covered;
        const wide = phone ? await sidewaysAt320(page) : [];
        if (wide.length) overflow[screen] = wide;
      });
      expect(hidden).toEqual({});
      expect(Object.entries(headings).filter(([, n]) => n !== 1)).toEqual([]);
      expect(overflow).toEqual({});
    });
  }

test("right to left: values inside Arabic texts are isolates, in the page's text and in the labels joined in code", async ({ page }) => {
  const arabic = storefronts(config, ["ar"]).find((s) => s.lang === "ar");
  if (!arabic) throw new Error("no storefront offers Arabic");
  await page.goto(`http://${arabic.brand}.localhost:${process.env.SF_PORT}/selectGoods?${arabic.query}`);
  await toGoods(page, "first");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  // A goods' name and its price: each an isolate (runtime/lib/bidi.ts), drawn in its own order (e2e/rtl.spec.ts).
  const tile = page.locator(".sf-goods-tile").first();
  await expect(tile.locator(".sf-goods-tile__name")).toHaveText(/^\u2068.+\u2069$/);
  await expect(tile.locator(".sf-goods-tile__price > span")).toHaveText(/^\u2068.+\u2069$/);
  // A translated text with a value in it ("Change to {{name}}?"): the value is an isolate.
  await page.getByTestId("change-game").click();
  const games = page.getByTestId("game-list");
  await expect(games.locator("button").first()).toBeVisible();
  // Editions of a game are a list of their own, opened by its toggle.
  for (const toggle of await games.locator('button[aria-expanded="false"]').all()) await toggle.click();
  await games.locator('button:not([aria-current="true"]):not([aria-expanded])').last().click();
  const confirm = page.getByRole("dialog").filter({ hasText: "\u2068" });
  await expect(confirm).toHaveCount(1);
  await confirm.getByRole("button").last().press("Escape");
  // And a label joined in code ("Goods details: 60 Gems"): the name is an isolate too.
  expect(await tile.locator("xpath=..").locator(".sf-goods-tile__info").getAttribute("aria-label")).toMatch(/\u2068[^\u2069]+\u2069/);
});

test("old layout, logged in, on a 360 px phone: the header and the step bar take at most 120 px", async ({ page }) => {
  const old = targets.find((s) => s.layout === "old");
  if (!old) throw new Error("no old-layout storefront");
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`http://${old.brand}.localhost:${process.env.SF_PORT}/selectGoods?${old.query}`);
  await expect(page.getByTestId("goods-grid")).toBeVisible();
  expect(await layoutOf(page)).toBe("old");
  await logIn(page, await freshPlayer(page, old.brand));
  await expect(page.getByTestId("goods-grid")).toBeVisible();
  const bottom = await page.evaluate(() => {
    const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    const steps = document.querySelector(".sf-steps")?.getBoundingClientRect().bottom ?? 0;
    return Math.max(header, steps);
  });
  expect(bottom).toBeGreaterThan(40);
  expect(bottom).toBeLessThanOrEqual(120);
});
