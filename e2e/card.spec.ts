// Card mode and double clicks: the in-game card channel turns the recharge into card number and
// password, checked, confirmed with its value and gems (a bonus only when there is one), exchanged,
// then completed by the platform.
import { expect, test } from "@playwright/test";
import { chooseChannel, chooseGoods, chooseRole, decide, expectResult, logIn, openRecharge, openStore, VIEWPORTS } from "./journey.ts";

test.use({ viewport: VIEWPORTS.phone });

test("jade: the in-game card channel exchanges a prepaid card for gems", async ({ page }, info) => {
  await openStore(page, "jade");
  await logIn(page, "jade_player");
  await chooseRole(page, 1);
  await chooseGoods(page, "Gems", 0);
  await openRecharge(page);
  await chooseChannel(page, /^10301_/);
  const form = page.getByTestId("card-mode");
  const exchange = form.getByRole("button", { name: "Exchange" });
  await expect(exchange).toBeDisabled();
  await expect(exchange).toHaveAccessibleDescription("Enter the card number and password");
  await form.getByLabel("Card number").fill("4300-JADE-005");
  await form.getByLabel("Card password").fill("wrong-password");
  await expect(exchange).toBeEnabled();
  await form.getByLabel("Card password").press("Enter");
  await page.getByRole("dialog", { name: "Tips" }).getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("card-error")).toBeVisible();
  await form.getByLabel("Card password").fill("card-005");
  await exchange.click();
  await page.getByRole("dialog", { name: "Tips" }).getByRole("button", { name: "Confirm" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm exchange" });
  await expect(confirm).toContainText("Card value");
  // Card 5 credits gems and no bonus: the second line names the gems only, never "+0 bonus".
  await expect(confirm).toContainText("You will receive 430 gems");
  await expect(confirm).not.toContainText("bonus");
  await page.screenshot({ path: info.outputPath("jade-card-confirm.png") });
  await confirm.getByRole("button", { name: "Exchange" }).click();
  await expectResult(page, "success");
});

test("jade: logs in with a prepaid card number and password", async ({ page }) => {
  await openStore(page, "jade");
  await page.getByTestId("login-open").click();
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.getByRole("button", { name: "Prepaid card login" }).click();
  await expect(dialog).toContainText("Please enter the card number and password");
  await dialog.locator("input[name=username]").fill("4300-JADE-006");
  await dialog.locator("input[name=password]").fill("card-006");
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByTestId("account-name")).toHaveText("4300-JADE-006");
});

test("borealis: a double click on Buy creates one order", async ({ page }) => {
  await openStore(page, "borealis");
  await logIn(page, "borealis_target");
  await chooseRole(page, 1);
  await chooseGoods(page, "Bundles", 1);
  await openRecharge(page);
  await chooseChannel(page, /^11001_/);
  let starts = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && /\/api\/pay\/[a-z_]+_pay$/.test(new URL(r.url()).pathname)) starts++;
  });
  const popup = page.waitForEvent("popup");
  await page.getByTestId("pay-button").dblclick();
  const checkout = await popup;
  await checkout.waitForURL(/\/sandbox\/checkout\//);
  await decide(checkout, "Approve payment");
  await expectResult(page, "success");
  expect(starts).toBe(1);
});
