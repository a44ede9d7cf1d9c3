// The special flows in Chromium: the internal test-account mode, the Japanese legal popups, the VIP
// centre inside a game's web view (SDK view), and a prepaid card locked after wrong passwords.
import { expect, type Page, test } from "@playwright/test";
import { encodeCredential } from "../server/domain/crypto.ts";
import { brandUrl } from "./helpers.ts";
import { chooseChannel, chooseGoods, chooseRole, logIn, openRecharge, openStore } from "./journey.ts";

test.use({ viewport: { width: 360, height: 740 } });

const api = () => `http://127.0.0.1:${process.env.SF_PORT}`;
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test("test mode: a test account is confirmed by the platform, clearly marked, kept apart, and logout only reopens login", async ({
  page,
}) => {
  await openStore(page, "aurora");
  await expect(page.getByTestId("test-mode")).toHaveCount(0);
  await logIn(page, "aurora_tester");
  const banner = page.getByTestId("test-mode");
  await expect(banner).toContainText("TEST ACCOUNT");
  // Its own slot: nothing in the per-game user info; the key the platform issued is stored.
  expect(await stored(page, "betaAccountKey")).toContain("beta_");
  expect(await stored(page, "paymentUserinfo")).toBeNull();
  // Logging out only offers another login; the test session stays.
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("account-name")).toHaveText("aurora_tester");
  // Confirmed again on the next start.
  await page.reload();
  await expect(banner).toBeVisible();
  await expect(page.getByTestId("account-name")).toHaveText("aurora_tester");
  // A key the platform does not confirm is dropped: no test mode, nobody logged in.
  await page.evaluate(() => localStorage.setItem("betaAccountKey", JSON.stringify({ value: "beta_forged_key_0000000000", expires: 0 })));
  await page.reload();
  await expect(page.getByTestId("login-open")).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect.poll(() => stored(page, "betaAccountKey")).toBeNull();
});

test("sakura: the legal popups are in the footer and in the recharge, with support hours and devices", async ({ page }) => {
  await openStore(page, "sakura");
  const footer = page.locator("footer");
  await footer.getByRole("button", { name: "Notice on specified commercial transactions" }).click();
  const notice = page.getByRole("dialog", { name: "Notice on specified commercial transactions" });
  await expect(notice.getByTestId("legal-commercial")).toContainText("株式会社サクラプレイ");
  await expect(notice).toContainText("Returns");
  await page.keyboard.press("Escape");
  await footer.getByRole("button", { name: "Inquiry" }).click();
  const inquiry = page.getByRole("dialog", { name: "Inquiry" });
  await expect(inquiry).toContainText("10:00–13:00, 14:30–19:00");
  await expect(inquiry).toContainText("iOS 12+, Android 8+");
  await page.keyboard.press("Escape");

  // Before paying, from the recharge.
  await logIn(page, "sakura_player");
  await chooseRole(page, 1);
  await chooseGoods(page, "Gems", 0);
  await openRecharge(page);
  await page.getByTestId("recharge").getByRole("button", { name: "Notice on specified commercial transactions" }).click();
  await expect(page.getByTestId("legal-commercial")).toContainText("決済完了後");

  // A brand without them has none.
  await openStore(page, "aurora");
  await expect(page.getByTestId("legal-commercial-open")).toHaveCount(0);
});

test("SDK view: the VIP centre works in a game's web view with the game's token, and a bad token opens no login", async ({
  page,
  request,
}) => {
  const res = await request.post(`${api()}/util/login/auth`, {
    data: { username: encodeCredential("aurora_vip"), password: encodeCredential("sandbox-pass"), client_id: "1001003" },
  });
  const token = ((await res.json()) as { content: { oauth_token: string } }).content.oauth_token;
  await page.goto(brandUrl("aurora", `/userCenter?visit=sdk&client_id=1001003&oauth_token=${token}&spec_lang=en&domain_area=universal`));
  await expect(page.getByTestId("vip-level")).toHaveText("Gold");
  await expect(page.getByTestId("login-prompt")).toHaveCount(0);
  await page.getByTestId("my-rewards").click();
  await expect(page.getByTestId("coupon-dialog")).toBeVisible();

  await page.goto(
    brandUrl("aurora", "/userCenter?visit=sdk&client_id=1001003&oauth_token=expired-token&spec_lang=en&domain_area=universal"),
  );
  await expect(page.locator(".sf-toast")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Log in" })).toHaveCount(0);
});

test("jade: five wrong card passwords lock the card, and the page says so", async ({ page }) => {
  await openStore(page, "jade");
  await logIn(page, "jade_player");
  await chooseRole(page, 2);
  await chooseGoods(page, "Gems", 0);
  await openRecharge(page);
  await chooseChannel(page, /^10301_/);
  const form = page.getByTestId("card-mode");
  await form.getByLabel("Card number").fill("4300-JADE-009");
  const error = page.getByTestId("card-error");
  for (let i = 1; i <= 6; i++) {
    await form.getByLabel("Card password").fill(`wrong-${i}`);
    await form.getByLabel("Card password").press("Enter");
    await page.getByRole("dialog", { name: "Tips" }).getByRole("button", { name: "Confirm" }).click();
    await expect(error).toBeVisible();
    if (i < 5) await expect(error).not.toContainText("locked");
  }
  await expect(error).toContainText("too many wrong passwords: this card is locked for a while");
  // Even the right password is refused while locked.
  await form.getByLabel("Card password").fill("card-009");
  await form.getByLabel("Card password").press("Enter");
  await page.getByRole("dialog", { name: "Tips" }).getByRole("button", { name: "Confirm" }).click();
  await expect(error).toContainText("locked");
});
