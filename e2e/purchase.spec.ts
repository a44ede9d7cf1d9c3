// The purchase journey on every brand, in its layout, on a phone and a desktop: browse without an
// account, log in, choose server, character and goods, pay in the sandbox checkout, see the result.
// Buy stays in view with the total and says why it cannot be pressed; the pending result shows the
// order and the next step; success says where the goods are and offers to buy them again.
import { expect, test } from "@playwright/test";
import { englishName, methodById } from "../core/node/payments/methods.ts";
import {
  BRANDS,
  chooseChannel,
  chooseGoods,
  chooseRole,
  chosenGoods,
  decide,
  expectResult,
  freshPlayer,
  logIn,
  openRecharge,
  openStore,
  payByRedirect,
  REDIRECT_CHANNEL,
  resultTable,
  VIEWPORTS,
} from "./journey.ts";

for (const brand of BRANDS) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`${brand} · ${size}: browse, log in, pay by redirect, approved → success`, async ({ page }, info) => {
      // The whole journey, and on a desktop the wait for the game's delivery (8 s after payment).
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      const layout = await openStore(page, brand);
      const buy = page.getByTestId("buy-button");
      // Nothing chosen: Buy cannot be pressed, and says why, on screen and to screen readers.
      await expect(buy).toBeDisabled();
      await expect(buy).toHaveAccessibleDescription("Select goods");
      await expect(page.getByTestId("buy-bar")).toContainText("Select goods");
      // Anonymous: goods and prices show; buying asks for a login.
      await expect(page.getByTestId("goods-grid").locator(".sf-goods-tile").first()).toContainText(/\d/);
      await chooseGoods(page, "Gems", 0);
      await buy.click();
      await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();
      await page.keyboard.press("Escape");
      const player = await freshPlayer(page, brand);
      await logIn(page, player);
      // Logged in with goods but no character: Buy names what is missing.
      await chooseGoods(page, "Gems", 0);
      await expect(buy).toBeDisabled();
      await expect(buy).toHaveAccessibleDescription("Select character");
      const role = await chooseRole(page, 1);
      await chooseGoods(page, "Gems", size === "phone" ? 0 : 1);
      await expect(buy).toBeEnabled();
      await expect(buy).not.toHaveAttribute("aria-describedby");
      const goods = await chosenGoods(page);
      // The bar is in view, and at the end of the page it rests above the footer, covering nothing.
      await expect(buy).toBeInViewport();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const bar = await page.getByTestId("buy-bar").boundingBox();
      const footer = await page.locator("footer").first().boundingBox();
      expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeLessThanOrEqual((footer?.y ?? 0) + 1);
      await page.screenshot({ path: info.outputPath(`${brand}-${size}-1-goods.png`) });

      await openRecharge(page);
      if (layout === "old") await expect(page).toHaveURL(/\/recharge/);
      await expect(page.getByTestId("order-role")).toHaveText(role);
      // Buy and the total in view from the start, waiting for a method and saying so.
      const pay = page.getByTestId("pay-button");
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(pay).toBeInViewport();
      await expect(page.getByTestId("pay-bar")).toContainText(goods.name);
      await expect(page.getByTestId("pay-price")).toHaveText(goods.price);
      await expect(pay).toBeDisabled();
      await expect(pay).toHaveAccessibleDescription("Choose a payment method");
      await chooseChannel(page, REDIRECT_CHANNEL);
      // Channels are grouped by what the player pays with, under a heading each, and say in one line what they are.
      const picker = page.getByTestId("channel-list");
      await expect(picker.getByRole("heading", { level: 3 }).first()).toBeVisible();
      const chosen = picker.locator('[data-channel][aria-pressed="true"]');
      await expect(chosen).toHaveAccessibleDescription(/\S/);
      const method = methodById.get(Number((await chosen.getAttribute("data-channel"))?.split("_")[0]));
      const methodName = method ? englishName(method) : "a method of the catalogue";
      await expect(pay).toBeEnabled();
      await expect(pay).toBeInViewport();
      await page.screenshot({ path: info.outputPath(`${brand}-${size}-2-recharge.png`) });
      const checkout = await payByRedirect(page);
      await expectResult(page, "pending");
      if (layout === "old") await expect(page).toHaveURL(/\/result\?billing_no=/);
      // Pending: the order, and one next step.
      const result = page.getByTestId("result");
      await expect(result).toContainText("Finish paying in the window that opened.");
      await expect(result.getByRole("button", { name: "Open payment page" })).toBeVisible();
      await expect(result).toContainText("This page updates by itself when your payment arrives.");
      const pending = await resultTable(page);
      expect(pending).toMatchObject({ Character: role, Goods: goods.name, Amount: goods.price });
      expect(pending["Payment method"]).toMatch(/^[^—\s]/);
      expect(pending["Order number"]).toMatch(/^\S+$/);
      await expect(result.getByRole("button", { name: "Print receipt" })).toHaveCount(0);

      await decide(checkout, "Approve payment");
      await expectResult(page, "success");
      await expect(result).toContainText(player);
      await expect(result).toContainText(role);
      // The method by its display name from the payment-method catalogue, never its internal id.
      await expect(result).toContainText(methodName);
      await expect(result).toContainText(/Payment received\. Your goods are on their way|Your goods have been delivered/);
      await expect(result.getByRole("button", { name: "Print receipt" })).toBeVisible();
      expect((await resultTable(page))["Order number"]).toBe(pending["Order number"]);
      await page.screenshot({ path: info.outputPath(`${brand}-${size}-3-success.png`) });
      if (size === "phone") {
        // Buy again: back to the recharge with the same goods for the same character.
        await result.getByRole("button", { name: "Buy again" }).click();
        await expect(page.getByTestId("channel-list")).toBeVisible();
        await expect(page.getByTestId("order-role")).toHaveText(role);
        await expect(page.getByTestId("pay-bar")).toContainText(goods.name);
        if (layout === "old") await expect(page).toHaveURL(/\/recharge/);
        return;
      }
      // The game confirms the delivery (8 s after payment here): the result says so by itself.
      await expect(result).toContainText("Your goods have been delivered to your character.", { timeout: 20_000 });
      expect(await resultTable(page)).toHaveProperty("Delivered at");
      await result.getByTestId("recharge-done").click();
      if (layout === "new") await expect(result).toBeHidden();
      else await expect(page).toHaveURL(/\/selectGoods/);
    });
  }
}
