// Loyalty in Chromium: a new player's purchases raise growth points and a level, the level's coupons
// are granted and claimed, the next purchase preselects the biggest discount and charges it, the
// coupon goes to history as used; skipping a coupon asks first; the cumulative event's reward is
// claimed once; My page tells paid from delivered; a brand without VIP shows none of it.
import { expect, type Page, test } from "@playwright/test";
import {
  chooseChannel,
  chooseGoods,
  chooseRole,
  decide,
  expectResult,
  logIn,
  openRecharge,
  openStore,
  payByRedirect,
  providerLogin,
} from "./journey.ts";

test.use({ viewport: { width: 360, height: 740 } });

const PAYPAL = /^10201_/;

async function buy(page: Page): Promise<void> {
  const checkout = await payByRedirect(page);
  await decide(checkout, "Approve payment");
  await expectResult(page, "success");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("result")).toHaveCount(0);
}

/** Another page of the store the player is on. */
const go = (page: Page, path: string) => page.goto(new URL(path, page.url()).toString());

async function openRewards(page: Page) {
  await page.getByTestId("my-rewards").click();
  const dialog = page.getByTestId("coupon-dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

test("aurora: buying levels a new player up, the level's coupons are claimed and the biggest discount is charged", async ({ page }) => {
  test.setTimeout(120_000);
  await openStore(page, "aurora");
  await providerLogin(page, "google", "a new player");
  await expect(page.getByTestId("account-name")).toContainText("google:google_new");

  // A new player: the lowest level, no points, no coupons yet.
  await go(page, "/userCenter");
  await expect(page.getByTestId("vip-level")).toHaveText("Bronze");
  await expect(page.getByTestId("vip-points")).toHaveText("0");
  await expect(page.getByTestId("vip-progress")).toHaveText("0.00% to Silver");

  // First purchase: 1,280 Gems at $19.99, no coupon to offer.
  await go(page, "/selectGoods");
  await chooseRole(page, 1);
  await chooseGoods(page, "Gems", 3);
  await openRecharge(page);
  await expect(page.getByTestId("coupon-row")).toHaveAttribute("data-state", "claimMore");
  await chooseChannel(page, PAYPAL);
  await expect(page.getByTestId("pay-price")).toHaveText("$19.99");
  await buy(page);

  // The event rewards it unlocked are announced on the top-up page, once a day.
  await expect(page.getByTestId("event-prompt")).toContainText("Event rewards ready to claim: 2");
  await page.reload();
  await expect(page.getByTestId("goods-grid")).toBeVisible();
  await expect(page.getByTestId("event-prompt")).toHaveCount(0);

  // 1,999 growth points: Silver, whose permanent coupon is granted and weekly coupon claimable.
  await go(page, "/userCenter");
  await expect(page.getByTestId("vip-level")).toHaveText("Silver");
  await expect(page.getByTestId("vip-points")).toHaveText("1,999");
  await expect(page.getByTestId("vip-progress")).toHaveText("39.98% to Gold");
  let rewards = await openRewards(page);
  await expect(rewards.getByRole("tab", { name: "Usable (1)" })).toBeVisible();
  const weekly = rewards.getByTestId("coupon-claimable").locator("[data-coupon]");
  await expect(weekly).toHaveCount(1);
  await expect(weekly).toContainText("3% off weekly");
  await weekly.getByRole("button", { name: /^Claim/ }).click();
  await expect(rewards.getByRole("tab", { name: "Usable (2)" })).toBeVisible();
  await expect(rewards.getByTestId("coupon-claimable")).toHaveCount(0);
  await expect(rewards.getByTestId("coupon-usable").locator('[data-tag="usable"]')).toHaveCount(2);
  await page.keyboard.press("Escape");

  // Second purchase: the biggest discount (5 %) is preselected and charged.
  await go(page, "/selectGoods");
  await chooseRole(page, 1);
  await chooseGoods(page, "Gems", 2);
  await openRecharge(page);
  const row = page.getByTestId("coupon-row");
  await expect(row).toHaveAttribute("data-state", "applied");
  await expect(row).toContainText("5% off");
  await chooseChannel(page, PAYPAL);
  await expect(page.getByTestId("pay-price")).toHaveText("$9.49");
  await expect(page.locator(".sf-pay-bar__price s")).toHaveText("$9.99");

  // Going without: the coupon is cancelled, the full price comes back, and Buy asks first.
  await row.getByRole("button").click();
  const picker = page.getByTestId("coupon-dialog");
  await picker.locator('[data-action="cancel"]').click();
  await expect(row).toHaveAttribute("data-state", "select");
  await expect(page.getByTestId("pay-price")).toHaveText("$9.99");
  await page.getByTestId("pay-button").click();
  const ask = page.getByRole("dialog", { name: "No coupon used" });
  await expect(ask).toContainText("Are you sure you want to continue with the order without using a coupon?");
  await ask.getByRole("button", { name: "Cancel" }).click();

  // Pick the 5 % coupon again and pay the discounted price.
  await row.getByRole("button").click();
  await picker
    .locator("[data-coupon]", { hasText: "5% off" })
    .filter({ hasNotText: "weekly" })
    .getByRole("button", { name: /^Use/ })
    .click();
  await expect(page.getByTestId("pay-price")).toHaveText("$9.49");
  await buy(page);

  // My page at once: the new order is paid, then delivered when the game confirms.
  await page.getByRole("link", { name: "My", exact: true }).click();
  const newest = page.getByTestId("orders").locator("[data-order]").first();
  await expect(newest).toContainText("680 Gems");
  await expect(newest).toContainText("$9.49");
  await expect(newest).toHaveAttribute("data-state", "paid");
  await expect(newest.getByTestId("order-status")).toHaveText("Paid");
  await expect(page.getByTestId("orders").locator("[data-order]")).toHaveCount(2);
  await expect(newest).toHaveAttribute("data-state", "delivered", { timeout: 20_000 });
  await expect(newest.getByTestId("order-status")).toHaveText("Delivered");
  // The method by the catalogue's display name, never its internal id ("Paypal").
  await expect(newest).toContainText("PayPal ·");
  await newest.getByRole("button", { name: /^Receipt/ }).click();
  const receipt = page.getByTestId("receipt");
  await expect(receipt.getByRole("definition").filter({ hasText: /^PayPal$/ })).toBeVisible();
  await expect(page.getByTestId("receipt")).toContainText("Coupon discount");
  await expect(page.getByTestId("receipt")).toContainText("$0.50");
  await page.keyboard.press("Escape");

  // The coupon is in the history as used; the weekly one is still usable.
  await go(page, "/userCenter");
  await expect(page.getByTestId("vip-points")).toHaveText("2,948");
  rewards = await openRewards(page);
  await expect(rewards.getByRole("tab", { name: "Usable (1)" })).toBeVisible();
  await rewards.getByTestId("coupon-history-button").click();
  const used = page.getByTestId("coupon-history").locator("[data-coupon]", { hasText: "5% off" });
  await expect(used).toHaveAttribute("data-tag", "used");
  await expect(used).toContainText(/Used \d{4}\/\d{2}\/\d{2} \d{2}:\d{2} \(UTC\+0\)/);
  await page.getByRole("button", { name: "‹ Back" }).click();
  await expect(rewards.getByRole("tab", { name: "Usable (1)" })).toBeVisible();
});

test("aurora: a cumulative event reward becomes claimable after enough top-ups and is claimed once", async ({ page }) => {
  test.setTimeout(90_000);
  await openStore(page, "aurora");
  await providerLogin(page, "google", "a new player");
  await page.getByRole("link", { name: "Events", exact: true }).click();
  await expect(page.getByTestId("event-progress").first()).toHaveText("Topped up $0.00");
  const first = page.locator('[data-reward="r1"]');
  await expect(first).toHaveAttribute("data-state", "locked");

  await page.getByRole("link", { name: "Top-up", exact: true }).click();
  await chooseRole(page, 2);
  await chooseGoods(page, "Gems", 1);
  await openRecharge(page);
  await chooseChannel(page, PAYPAL);
  await buy(page);

  await page.getByRole("link", { name: "Events", exact: true }).click();
  await expect(page.getByTestId("event-progress").first()).toHaveText("Topped up $4.99");
  // $4.99 is short of the $5.00 the first reward needs.
  await expect(first).toHaveAttribute("data-state", "locked");
  // The tabs follow the arrow keys (one tab stop, the selected one).
  await page.getByRole("tab", { name: "Cumulative top-up" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Consecutive top-up" })).toBeFocused();
  await expect(page.getByRole("tab", { name: "Consecutive top-up" })).toHaveAttribute("aria-selected", "true");
  await expect(page.locator('[data-reward="d1"]')).toHaveAttribute("data-state", "claimable");
  await page.getByRole("tab", { name: "Cumulative top-up" }).click();

  await page.getByRole("link", { name: "Top-up", exact: true }).click();
  await chooseGoods(page, "Gems", 0);
  await openRecharge(page);
  await chooseChannel(page, PAYPAL);
  await buy(page);

  await page.getByRole("link", { name: "Events", exact: true }).click();
  await expect(page.getByTestId("event-progress").first()).toHaveText("Topped up $5.98");
  await expect(first).toHaveAttribute("data-state", "claimable");
  await first.locator('[data-action="claim"]').click();
  await expect(page.getByText("200 Gems received")).toBeVisible();
  await expect(first).toHaveAttribute("data-state", "received");
  await page.reload();
  await expect(first).toHaveAttribute("data-state", "received");
  await expect(first.locator('[data-action="claim"]')).toHaveCount(0);
  // The reward detail names its condition.
  await first.locator(".sf-reward__info").click();
  await expect(page.getByRole("dialog", { name: "Reward details" })).toContainText("Top up $5.00");
});

test("borealis and sakura: without the VIP version there are no coupons, points, VIP centre or events", async ({ page }) => {
  await openStore(page, "borealis");
  await logIn(page, "borealis_player");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav.getByRole("link")).toHaveText(["Top-up", "My"]);
  await chooseRole(page, 1);
  await chooseGoods(page, "Gems", 0);
  await openRecharge(page);
  await expect(page.getByTestId("channel-list")).toBeVisible();
  await expect(page.getByTestId("coupon-row")).toHaveCount(0);
  await expect(page.getByText("Growth points")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await nav.getByRole("link", { name: "My", exact: true }).click();
  await expect(page.getByTestId("my-username")).toHaveText("borealis_player");
  await expect(page.getByTestId("my-vip")).toHaveCount(0);
  await expect(page.getByText("Top-up events")).toHaveCount(0);
  await go(page, "/userCenter");
  await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();

  await openStore(page, "sakura");
  await logIn(page, "sakura_player");
  await page.getByTestId("header-my").click();
  await expect(page.getByTestId("my")).toBeVisible();
  await expect(page.getByTestId("my-vip")).toHaveCount(0);
  await go(page, "/userCenter");
  await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
});
