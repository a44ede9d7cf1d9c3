// The purchase journey on every brand, in its layout, on a phone and a desktop: browse without an
// account, log in, choose server, character and goods, pay in the sandbox checkout, see the result.
import { expect, test } from "@playwright/test";
import { englishName, methodById } from "../core/payments/methods.ts";
import {
  BRANDS,
  chooseChannel,
  chooseGoods,
  chooseRole,
  decide,
  expectResult,
  freshPlayer,
  logIn,
  openRecharge,
  openStore,
  payByRedirect,
  REDIRECT_CHANNEL,
  VIEWPORTS,
} from "./journey.ts";

for (const brand of BRANDS) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`${brand} · ${size}: browse, log in, pay by redirect, approved → success`, async ({ page }, info) => {
      await page.setViewportSize(viewport);
      const layout = await openStore(page, brand);
      // Anonymous: goods and prices show; buying asks for a login.
      await expect(page.getByTestId("goods-grid").locator(".sf-goods-tile").first()).toContainText(/\d/);
      await chooseGoods(page, "Gems", 0);
      await page.getByTestId("buy-button").click();
      await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();
      await page.keyboard.press("Escape");
      const player = await freshPlayer(page, brand);
      await logIn(page, player);
      const role = await chooseRole(page, 1);
      await chooseGoods(page, "Gems", size === "phone" ? 0 : 1);
      await page.screenshot({ path: info.outputPath(`${brand}-${size}-1-goods.png`) });
      await openRecharge(page);
      if (layout === "old") await expect(page).toHaveURL(/\/recharge/);
      await expect(page.getByTestId("order-role")).toHaveText(role);
      await chooseChannel(page, REDIRECT_CHANNEL);
      // Channels are grouped by what the player pays with, under a heading each, and say in one line what they are.
      const picker = page.getByTestId("channel-list");
      await expect(picker.getByRole("heading", { level: 3 }).first()).toBeVisible();
      const chosen = picker.locator('[data-channel][aria-pressed="true"]');
      await expect(chosen).toHaveAccessibleDescription(/\S/);
      const method = methodById.get(Number((await chosen.getAttribute("data-channel"))?.split("_")[0]));
      const methodName = method ? englishName(method) : "a method of the catalogue";
      await page.screenshot({ path: info.outputPath(`${brand}-${size}-2-recharge.png`) });
      const checkout = await payByRedirect(page);
      await expectResult(page, "pending");
      if (layout === "old") await expect(page).toHaveURL(/\/result\?billing_no=/);
      await decide(checkout, "Approve payment");
      await expectResult(page, "success");
      const result = page.getByTestId("result");
      await expect(result).toContainText(player);
      await expect(result).toContainText(role);
      // The method by its display name from the payment-method catalogue, never its internal id.
      await expect(result).toContainText(methodName);
      await page.screenshot({ path: info.outputPath(`${brand}-${size}-3-success.png`) });
      await result.getByTestId("recharge-done").click();
      if (layout === "new") await expect(result).toBeHidden();
      else await expect(page).toHaveURL(/\/selectGoods/);
    });
  }
}
