// The other roads through a payment, on every brand (phone size): an embedded Airwallex payment,
// a declined payment and the way back to recharge, a payment left pending and finished later, and
// a limited good bought up to its limit.
import { expect, test } from "@playwright/test";
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
  payPendingLater,
  REDIRECT_CHANNEL,
  VIEWPORTS,
} from "./journey.ts";

test.use({ viewport: VIEWPORTS.phone });

for (const brand of BRANDS) {
  test.describe(brand, () => {
    test.beforeEach(async ({ page }) => {
      await openStore(page, brand);
      await logIn(page, await freshPlayer(page, brand));
      await chooseRole(page, 2);
    });

    test("Airwallex card in the embedded dialog → success", async ({ page }, info) => {
      await chooseGoods(page, "Gems", 2);
      await openRecharge(page);
      await chooseChannel(page, /^11702_/);
      await page.getByTestId("pay-button").click();
      const frame = page.frameLocator('[data-testid="embedded-pay"]');
      await expect(frame.getByLabel("Card number")).toBeVisible();
      await page.screenshot({ path: info.outputPath(`${brand}-airwallex.png`) });
      await frame.getByRole("button", { name: "Pay" }).click();
      await expect(page.getByTestId("embedded-pay")).toBeHidden();
      await expectResult(page, "success");
    });

    test("declined → fail → change recharge way reopens the recharge", async ({ page }, info) => {
      await chooseGoods(page, "Gems", 3);
      await openRecharge(page);
      await chooseChannel(page, REDIRECT_CHANNEL);
      await decide(await payByRedirect(page), "Decline payment");
      await expectResult(page, "fail");
      await page.screenshot({ path: info.outputPath(`${brand}-fail.png`) });
      await page.getByTestId("change-way").click();
      await expect(page.getByTestId("channel-list")).toBeVisible();
    });

    test("left pending → to pay → approved → recharge done → success", async ({ page }, info) => {
      // Time stands still: only 'recharge done' checks the order, so it is what finds it paid.
      await page.clock.install();
      await chooseGoods(page, "Gems", 4);
      await openRecharge(page);
      await chooseChannel(page, REDIRECT_CHANNEL);
      await decide(await payByRedirect(page), "Leave pending");
      await expectResult(page, "pending");
      await page.getByTestId("recheck").click();
      await expectResult(page, "pending");
      await page.screenshot({ path: info.outputPath(`${brand}-pending.png`) });
      await payPendingLater(page);
    });

    test("a limited good is bought up to its limit, then refused", async ({ page }) => {
      await chooseGoods(page, "Passes", 0);
      const tile = page.getByTestId("goods-grid").locator(".sf-goods-tile").first();
      await expect(tile.locator("[data-limit]")).toHaveAttribute("data-limit", "open");
      await openRecharge(page);
      await chooseChannel(page, REDIRECT_CHANNEL);
      await decide(await payByRedirect(page), "Approve payment");
      await expectResult(page, "success");
      await page.getByTestId("result").getByTestId("recharge-done").click();
      if (new URL(page.url()).pathname !== "/selectGoods") await page.goto(page.url().replace(/\/[^/?]*(\?.*)?$/, "/selectGoods"));
      await page.getByRole("button", { name: "Passes", exact: true }).click();
      await expect(tile.locator("[data-limit]")).toHaveAttribute("data-limit", "reached");
      await tile.click();
      await expect(page.getByRole("dialog").filter({ hasText: "Purchase limit reached" })).toBeVisible();
      await expect(tile).toHaveAttribute("aria-pressed", "false");
    });
  });
}
