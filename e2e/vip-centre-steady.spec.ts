// The VIP centre shows the account's level and the brand's levels together: it never shows one and
// then pushes the page down when the other arrives. (A keyboard walk once focused "Customer service"
// at the bottom, then the levels arrived above it and pushed it out of view: e2e/layout.spec.ts.)
import { expect, test } from "@playwright/test";
import { freshPlayer, logIn, openStore } from "./journey.ts";

test.use({ viewport: { width: 1280, height: 800 } });

/** Two frames: whatever a settled query renders is on the page by then. */
const frames = (page: import("@playwright/test").Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

for (const late of ["vipInfo", "vipBasicInfo"] as const)
  test(`the VIP centre appears whole when ${late} answers last`, async ({ page }) => {
    await openStore(page, "aurora");
    const username = await freshPlayer(page, "aurora");
    await logIn(page, username);
    // Every layout of the VIP centre's content, recorded as it changes: its sections, in order.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { vipLayouts: string[] }).vipLayouts = seen;
      new MutationObserver(() => {
        const centre = document.querySelector('[data-testid="vip-center"]');
        if (!centre) return;
        const parts = [...centre.querySelectorAll("section")].map((s) => s.className.split(" ")[0] ?? "");
        const layout = parts.join(",");
        if (seen.at(-1) !== layout) seen.push(layout);
      }).observe(document, { childList: true, subtree: true });
    });
    // One of the two calls is held until the other has answered and the page has drawn what it got.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const other = late === "vipInfo" ? "vipBasicInfo" : "vipInfo";
    await page.route(`**/api/coupons/${late}?**`, async (route) => {
      await held;
      await route.continue();
    });
    const otherAnswered = page.waitForResponse((r) => r.url().includes(`/api/coupons/${other}?`));
    await page.goto(new URL("/userCenter", page.url()).toString());
    await otherAnswered;
    await frames(page);
    release();
    await expect(page.getByTestId("vip-level")).toBeVisible();
    await expect(page.locator("#sf-vip-levels")).toBeVisible();
    await frames(page);
    const layouts = await page.evaluate(() => (window as unknown as { vipLayouts: string[] }).vipLayouts);
    // Nothing, then everything: no layout with only some of the sections.
    expect(layouts.filter((l) => l !== "")).toEqual([layouts.filter((l) => l !== "").at(-1)]);
  });
