// The runtime shell: each brand's own title, colour and language; demo hosts; the 404 page.
import { expect, test } from "@playwright/test";
import { brandUrl } from "./helpers.ts";

const primaryColour = (page: import("@playwright/test").Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--sf-color-primary").trim());

test("two brands each show their own title, theme colour and language", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();

  await page.goto(brandUrl("aurora"));
  await expect(page).toHaveTitle("Aurora Games Top-up Center");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#5b3df5");
  expect(await primaryColour(page)).toBe("#5b3df5");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("html")).toHaveAttribute("data-brand", "aurora");

  await page.goto(brandUrl("sakura"));
  await expect(page).toHaveTitle("Sakura Play チャージセンター");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#c2185b");
  expect(await primaryColour(page)).toBe("#c2185b");
  // The Japanese brand's only area speaks Japanese and English; an English browser gets English.
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await context.close();
});

test("a Korean browser on the Korean brand gets Korean", async ({ browser }) => {
  const context = await browser.newContext({ locale: "ko-KR" });
  const page = await context.newPage();
  await page.goto(brandUrl("hanbit"));
  await expect(page).toHaveTitle("한빛 충전소");
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#0a7d4f");
  await context.close();
});

test("a demo host serves the same brand in demo mode, marked on screen", async ({ browser }) => {
  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  await page.goto(brandUrl("jade", "/", "demo"));
  await expect(page).toHaveTitle("玉龍儲值中心");
  await expect(page.locator("html")).toHaveAttribute("data-brand", "jade");
  await expect(page.getByText("Demo", { exact: true })).toBeVisible();
  await page.goto(brandUrl("jade"));
  // The runtime's header, not the HTML's shell, before saying what it lacks.
  await expect(page.locator("[data-layout] header")).toBeVisible();
  await expect(page.getByText("Demo", { exact: true })).toHaveCount(0);
});

test("the old layout shows the step bar, the new layout the bottom navigation", async ({ page }) => {
  await page.goto(brandUrl("sakura", "/"));
  await expect(page).toHaveURL(/\/selectGame$/);
  await expect(page.getByRole("navigation", { name: "Purchase steps" })).toBeVisible();
  await page.goto(brandUrl("borealis", "/?spec_lang=en"));
  await expect(page).toHaveURL(/\/selectGoods\?spec_lang=en$/);
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
});

test("an unknown path shows the 404 page with a way home", async ({ page }) => {
  await page.goto(brandUrl("sakura", "/no/such/page?spec_lang=en"));
  await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
  await expect(page.getByText("This page may be missing or has the wrong URL")).toBeVisible();
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL(/\/selectGame$/);
});

test("an unknown host gets a clear page", async ({ page }) => {
  const port = process.env.SF_PORT;
  const response = await page.goto(`http://nobody.localhost:${port}/`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This store address is not configured" })).toBeVisible();
});
