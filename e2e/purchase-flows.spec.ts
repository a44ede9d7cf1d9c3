// The other roads through a payment (phone size): an embedded Airwallex payment, a declined payment
// (not charged, another method or support, no receipt), a payment left pending and finished later, a
// limited good bought up to its limit, and the same goods bought again while their order is unpaid
// (Repeat: that order's result, saying why). Each road in both layouts (the old layout's /result page,
// the new one's popup), the brands taking turns so each brand walks some of them: the code is one for
// all brands, and purchase.spec.ts walks every brand's main journey at both sizes.
import { expect, test } from "@playwright/test";
import {
  BRANDS,
  type BrandId,
  chooseChannel,
  chooseGoods,
  chooseRole,
  decide,
  ENTRY,
  expectResult,
  freshPlayer,
  logIn,
  openRecharge,
  openStore,
  payByRedirect,
  payPendingLater,
  REDIRECT_CHANNEL,
  resultTable,
  VIEWPORTS,
} from "./journey.ts";

test.use({ viewport: VIEWPORTS.phone });

type Road = "airwallex" | "declined" | "pending" | "limited";
/** Per road a brand entering in the old layout and one in the new (the tests check they do). */
const ROADS: Record<Road, Record<"old" | "new", BrandId>> = {
  airwallex: { old: "sakura", new: "aurora" },
  declined: { old: "jade", new: "hanbit" },
  pending: { old: "sakura", new: "borealis" },
  limited: { old: "jade", new: "aurora" },
};
const walks = (road: Road, brand: BrandId) => Object.values(ROADS[road]).includes(brand);

test("every brand walks one of the roads", () => {
  expect(BRANDS.filter((brand) => !Object.values(ROADS).some((pair) => Object.values(pair).includes(brand)))).toEqual([]);
});

for (const brand of BRANDS) {
  test.describe(brand, () => {
    test.beforeEach(async ({ page }) => {
      const layout = await openStore(page, brand);
      for (const pair of Object.values(ROADS)) if (pair.old === brand || pair.new === brand) expect(pair[layout]).toBe(brand);
      await logIn(page, await freshPlayer(page, brand));
      await chooseRole(page, 2);
    });

    if (walks("airwallex", brand))
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

    if (walks("declined", brand))
      test("declined → fail: not charged, support with the billing number, another method, no receipt", async ({ page }, info) => {
        // Two screens after the result (the recharge, My page).
        test.setTimeout(60_000);
        await chooseGoods(page, "Gems", 3);
        await openRecharge(page);
        await chooseChannel(page, REDIRECT_CHANNEL);
        await decide(await payByRedirect(page), "Decline payment");
        await expectResult(page, "fail");
        const result = page.getByTestId("result");
        await expect(result).toContainText("The payment was declined. You were not charged.");
        await expect(result.getByRole("button", { name: /receipt/i })).toHaveCount(0);
        const billingNo = (await resultTable(page))["Order number"] ?? "";
        expect(billingNo).toMatch(/^\S+$/);
        await page.screenshot({ path: info.outputPath(`${brand}-fail.png`) });
        // Two different ways on: support (the brand's, the billing number filled in) and another method.
        const support = result.getByRole("link", { name: "Contact support" });
        const href = (await support.getAttribute("href")) ?? "";
        expect(href).toMatch(/^(https:\/\/|mailto:)/);
        expect(decodeURIComponent(href)).toContain(billingNo);
        await result.getByRole("button", { name: "Try another method" }).click();
        await expect(page.getByTestId("channel-list")).toBeVisible();
        // The order history offers no receipt for it either.
        await page.goto(new URL(`/my?spec_lang=en${ENTRY[brand]}`, page.url()).toString());
        const order = page.getByTestId("orders").locator(`[data-order="${billingNo}"]`);
        await expect(order).toHaveAttribute("data-state", "failed");
        await expect(order.getByRole("button", { name: /^Receipt/ })).toHaveCount(0);
      });

    if (walks("pending", brand))
      test("left pending → to pay → approved → recharge done → success", async ({ page }, info) => {
        // Time stands still: only 'recharge done' checks the order, so it is what finds it paid.
        await page.clock.install();
        await chooseGoods(page, "Gems", 4);
        await openRecharge(page);
        await chooseChannel(page, REDIRECT_CHANNEL);
        await decide(await payByRedirect(page), "Leave pending");
        await expectResult(page, "pending");
        await page.getByRole("button", { name: "Check payment status" }).click();
        await expectResult(page, "pending");
        await expect(page.getByTestId("result")).toContainText("Not received yet.");
        await page.screenshot({ path: info.outputPath(`${brand}-pending.png`) });
        await payPendingLater(page);
      });

    if (walks("limited", brand))
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

// One brand per layout: the new layout's popup and the old layout's /result page.
for (const brand of ["aurora", "sakura"] as const) {
  test(`${brand}: the same goods bought again while their order is unpaid show that order, saying why`, async ({ page }) => {
    // Two payments.
    test.setTimeout(60_000);
    await openStore(page, brand);
    await logIn(page, await freshPlayer(page, brand));
    await chooseRole(page, 2);
    await chooseGoods(page, "Gems", 1);
    await openRecharge(page);
    await chooseChannel(page, REDIRECT_CHANNEL);
    await decide(await payByRedirect(page), "Leave pending");
    await expectResult(page, "pending");
    const result = page.getByTestId("result");
    const first = (await resultTable(page))["Order number"];
    await expect(result).not.toContainText("An unpaid order exists");

    // Back to the goods and Buy again: the platform answers with the order already waiting.
    if (new URL(page.url()).pathname === "/result") await page.goto(page.url().replace(/\/result(\?.*)?$/, "/selectGoods"));
    else await page.keyboard.press("Escape");
    await openRecharge(page);
    await chooseChannel(page, REDIRECT_CHANNEL);
    await (await payByRedirect(page)).close();
    await expectResult(page, "pending");
    await expect(result.getByTestId("result-ongoing")).toHaveText("An unpaid order exists, go to the pay page first");
    expect((await resultTable(page))["Order number"]).toBe(first);
    await expect(result.getByRole("button", { name: "Open payment page" })).toBeVisible();
  });
}
