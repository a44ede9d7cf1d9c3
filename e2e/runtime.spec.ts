// Runtime core in Chromium: sales area, language, failover, retries, layouts.
import { expect, test } from "@playwright/test";
import { brandUrl } from "./helpers.ts";

test.describe("sales area", () => {
  test("no area in the link and none saved: /notArea with the brand's contact", async ({ page }) => {
    await page.goto(brandUrl("aurora", "/"));
    await expect(page).toHaveURL(/\/notArea$/);
    await expect(page.getByRole("heading", { name: "Invalid parameters" })).toBeVisible();
    await expect(page.getByText("This link has no valid sales area.")).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: "Customer service" })).toHaveAttribute(
      "href",
      "https://help.aurora.example/contact",
    );
  });

  test("the client id's game picks the area (and its layout); domain_area next; the saved area after", async ({ page }) => {
    await page.goto(brandUrl("aurora", "/?client_id=1002001"));
    await expect(page).toHaveURL(/\/selectGoods\?client_id=1002001$/);
    await expect(page.getByTestId("game-name")).toHaveText("Tidecall");
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();

    await page.goto(brandUrl("jade", "/"));
    await expect(page).toHaveURL(/\/notArea$/);
    await page.goto(brandUrl("jade", "/?domain_area=hk"));
    await expect(page).toHaveURL(/\/selectGame\?domain_area=hk$/);
    await expect(page.getByRole("navigation", { name: "Purchase steps" })).toBeVisible();
    await expect(page.getByTestId("game-name")).toHaveText("港灣之王 Harbour King");
    // The area is remembered: the bare link now opens the store, not /notArea.
    await page.goto(brandUrl("jade", "/"));
    await expect(page).toHaveURL(/\/selectGame$/);
  });
});

test.describe("language", () => {
  test("spec_lang first, then the saved choice, then the browser, then the area's default", async ({ browser }) => {
    const context = await browser.newContext({ locale: "ja-JP" });
    const page = await context.newPage();
    await page.goto(brandUrl("sakura", "/selectGoods"));
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await page.goto(brandUrl("sakura", "/selectGoods?spec_lang=en"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByText("Select role and goods")).toBeVisible();
    await page.getByLabel("Language").selectOption("ja");
    await expect(page.getByText("キャラクターと商品を選択")).toBeVisible();
    await page.goto(brandUrl("sakura", "/selectGoods"));
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await context.close();

    const german = await browser.newContext({ locale: "de-DE" });
    const p2 = await german.newPage();
    await p2.goto(brandUrl("hanbit", "/"));
    // German is not offered in the kr area: the area's default, Korean.
    await expect(p2.locator("html")).toHaveAttribute("lang", "ko");
    await german.close();
  });

  test("Arabic renders right to left, mirrored", async ({ browser }) => {
    const context = await browser.newContext({ locale: "ar-SA", viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(brandUrl("aurora", "/?domain_area=mea"));
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByTestId("game-name")).toHaveText("Dunesong");
    const logo = await page.locator("header img").boundingBox();
    expect(logo?.x ?? 0).toBeGreaterThan(180);
    await context.close();
  });
});

test.describe("API failover", () => {
  test("with the primary host unreachable the games load from the backup, which is remembered", async ({ page }) => {
    test.setTimeout(60_000);
    const primary = new URL(brandUrl("aurora")).host;
    let primaryTries = 0;
    await page.route(`http://${primary}/api/**`, (route) => {
      primaryTries++;
      return route.abort("connectionrefused");
    });
    await page.goto(brandUrl("aurora", "/?client_id=1001003"));
    await expect(page.getByTestId("game-name")).toHaveText("Starfall Legends", { timeout: 30_000 });
    expect(primaryTries).toBe(3);
    const remembered = await page.evaluate(() => JSON.parse(localStorage.getItem("paymentBakApi") ?? "{}").value);
    expect(remembered).toBe(`http://backup1.${primary}`);
  });

  test("when every try fails the player sees the network toast", async ({ page }) => {
    test.setTimeout(60_000);
    // Demo mode has no backups: three tries, four seconds apart, then the toast.
    await page.route("**/api/**", (route) => route.abort("connectionrefused"));
    await page.goto(brandUrl("aurora", "/?client_id=1001003", "demo"));
    await expect(page.getByRole("status")).toHaveText("Network error, try again later", { timeout: 20_000 });
  });
});

test.describe("layouts", () => {
  test("new layout: the header hides on scrolling down and returns on scrolling up; bottom nav only on its routes", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 480 }, locale: "en-US" });
    const page = await context.newPage();
    await page.goto(brandUrl("borealis", "/selectGoods"));
    const header = page.locator("header");
    await expect(header).toHaveAttribute("data-hidden", "false");
    await page.mouse.move(180, 300);
    await page.mouse.wheel(0, 150);
    await expect(header).toHaveAttribute("data-hidden", "true");
    await page.mouse.wheel(0, -60);
    await expect(header).toHaveAttribute("data-hidden", "false");
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
    await page.goto(brandUrl("hanbit", "/userCenter"));
    await expect(page.locator("html")).toHaveAttribute("data-brand", "hanbit");
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);
    await context.close();
  });

  test("old layout: the step bar marks the current step", async ({ page }) => {
    await page.goto(brandUrl("sakura", "/selectGoods?spec_lang=en"));
    const steps = page.getByRole("navigation", { name: "Purchase steps" });
    await expect(steps.locator('[aria-current="step"]')).toContainText("Select role and goods");
    await page.goto(brandUrl("sakura", "/selectGame?spec_lang=en"));
    await expect(steps.locator('[aria-current="step"]')).toContainText("Select game");
  });
});
