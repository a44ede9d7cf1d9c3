// The whole purchase by keyboard alone, in both layouts: log in, choose server, character and goods,
// open the recharge, pick a channel, pay, and finish on the result. Popups and sheets keep focus
// inside, close on Escape and give focus back to what opened them.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { brandUrl } from "./helpers.ts";
import { expectResult, freshPlayer, toGoods } from "./journey.ts";

/** Presses Tab until `target` has focus; fails when it cannot be reached. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${target} cannot be reached with Tab`);
}

const focusedInside = (dialog: Locator) => dialog.evaluate((el) => el.contains(document.activeElement));

async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab");
    // A modal dialog keeps focus inside; the browser's own toolbar is the only other stop.
    const where = await dialog.evaluate((el) => (el.contains(document.activeElement) ? "inside" : document.activeElement?.tagName));
    expect(["inside", "BODY", undefined]).toContain(where);
  }
}

const STORES = [
  {
    name: "new layout (sheet and popup), desktop",
    brand: "aurora",
    query: "client_id=1001003&domain_area=universal",
    viewport: { width: 1280, height: 800 },
  },
  { name: "old layout (pages), phone", brand: "aurora", query: "client_id=1003003&domain_area=eru", viewport: { width: 360, height: 740 } },
] as const;

for (const store of STORES) {
  test(`a purchase by keyboard alone: ${store.name}`, async ({ page }) => {
    test.setTimeout(60_000);
    const player = await freshPlayer(page, store.brand);
    await page.setViewportSize(store.viewport);
    await page.goto(brandUrl(store.brand, `/selectGoods?${store.query}&spec_lang=en`));
    await toGoods(page, "current", async (game) => {
      await tabTo(page, game);
      await page.keyboard.press("Enter");
    });

    // Log in: the dialog takes focus, traps it, closes on Escape and gives focus back.
    const loginOpen = page.getByTestId("login-open");
    await tabTo(page, loginOpen);
    await page.keyboard.press("Enter");
    const login = page.getByRole("dialog", { name: "Log in" });
    await expect(login).toBeVisible();
    expect(await focusedInside(login)).toBe(true);
    await expectFocusTrapped(page, login);
    await page.keyboard.press("Escape");
    await expect(login).toBeHidden();
    await expect(loginOpen).toBeFocused();
    await page.keyboard.press("Enter");
    await tabTo(page, login.locator("input[name=username]"));
    await page.keyboard.type(player);
    await page.keyboard.press("Tab");
    await expect(login.locator("input[name=password]")).toBeFocused();
    await page.keyboard.type("sandbox-pass");
    const reloaded = page.waitForEvent("load");
    await page.keyboard.press("Enter");
    await reloaded;
    await expect(page.getByTestId("account-name")).toHaveText(player);

    // Server and character.
    await tabTo(page, page.getByTestId("server-open"));
    await page.keyboard.press("Enter");
    const servers = page.getByRole("dialog", { name: "Select server" });
    await expect(servers).toBeVisible();
    await tabTo(page, servers.getByTestId("server-tab-all"));
    await page.keyboard.press("Enter");
    await tabTo(page, servers.getByTestId("server-list").getByRole("button").first());
    await page.keyboard.press("Enter");
    await expect(servers).toBeHidden();
    const confirm = page.getByTestId("role-confirm");
    if (!(await confirm.isVisible())) {
      await tabTo(page, page.getByTestId("role-select"));
      await page.keyboard.press("ArrowDown");
    }
    await expect(confirm).toBeVisible();

    // Goods: Space chooses a tile.
    const tile = page.getByTestId("goods-grid").locator(".sf-goods-tile").nth(1);
    await tabTo(page, tile);
    await page.keyboard.press("Space");
    await expect(tile).toHaveAttribute("aria-pressed", "true");

    // Recharge: in the new layout a sheet that traps focus and gives it back on Escape.
    const buy = page.getByTestId("buy-button");
    await tabTo(page, buy);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("channel-list")).toBeVisible();
    const sheet = page.getByRole("dialog").filter({ has: page.getByTestId("channel-list") });
    if (await sheet.count()) {
      await expectFocusTrapped(page, sheet);
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("channel-list")).toBeHidden();
      await expect(buy).toBeFocused();
      await page.keyboard.press("Enter");
    }
    const paypal = page.locator('[data-channel^="10201_"]');
    await tabTo(page, paypal);
    await page.keyboard.press("Enter");
    await expect(paypal).toHaveAttribute("aria-pressed", "true");

    // Pay: the checkout opens in its own window, also worked by keyboard.
    await tabTo(page, page.getByTestId("pay-button"));
    const popup = page.waitForEvent("popup");
    await page.keyboard.press("Enter");
    const checkout = await popup;
    await checkout.waitForURL(/\/sandbox\/checkout\//);
    await tabTo(checkout, checkout.getByRole("button", { name: "Approve payment" }));
    await checkout.keyboard.press("Enter");
    await expect(checkout.getByRole("heading", { name: /Payment approved/ })).toBeVisible();
    await checkout.close();

    await expectResult(page, "success");
    const result = page.getByTestId("result");
    const next = result.getByRole("button").or(result.getByRole("link")).first();
    await tabTo(page, next);
    await expect(next).toBeFocused();
  });
}
