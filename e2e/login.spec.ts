// Logging in and out, every way the brands offer: account, third-party providers through the
// sandbox's sign-in pages (popup + message), Twitter through the brand's redirect page; the
// in-app-browser refusal; logout with its confirmation; changing game; the journey's tracking.
import { expect, test } from "@playwright/test";
import {
  chooseChannel,
  chooseGoods,
  chooseRole,
  clickClosing,
  decide,
  expectResult,
  logIn,
  openRecharge,
  openStore,
  payByRedirect,
  providerLogin,
} from "./journey.ts";

test.use({ viewport: { width: 360, height: 740 } });

for (const [brand, provider] of [
  ["aurora", "google"],
  ["aurora", "facebook"],
  ["aurora", "apple"],
  ["aurora", "huawei"],
  ["borealis", "vk"],
] as const) {
  test(`${brand}: signs in with ${provider} in the provider's popup`, async ({ page }) => {
    await openStore(page, brand);
    await providerLogin(page, provider, "Alice");
    await expect(page.getByTestId("account-name")).toHaveText(`${provider}:${provider}_alice`);
    // The account has characters and can buy like any other.
    await chooseRole(page, 1);
  });
}

test("aurora: signs in with Twitter through the brand's redirect page", async ({ page }) => {
  await openStore(page, "aurora");
  await page.getByTestId("login-open").click();
  const popup = page.waitForEvent("popup");
  await page.locator('[data-provider="twitter"]').click();
  const twitter = await popup;
  await clickClosing(twitter, twitter.getByRole("link", { name: "Continue as @alice" }));
  await expect(page.getByTestId("account-name")).toHaveText("twitter:tw_alice");
});

test("a cancelled provider sign-in leaves the player logged out, with the popup still open", async ({ page }) => {
  await openStore(page, "borealis");
  await page.getByTestId("login-open").click();
  const popup = page.waitForEvent("popup");
  await page.locator('[data-provider="vk"]').click();
  const signIn = await popup;
  await clickClosing(signIn, signIn.getByRole("button", { name: "Cancel" }));
  await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();
  await expect(page.getByTestId("account-name")).toHaveCount(0);
});

test("the login popup opens on its first field; the password is named Password, its toggle is a button of its own", async ({ page }) => {
  await openStore(page, "aurora");
  await page.getByTestId("login-open").click();
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await expect(dialog.locator("input[name=username]")).toBeFocused();
  const password = dialog.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("type", "password");
  await password.fill("secret");
  const toggle = dialog.getByRole("button", { name: "Show password" });
  await toggle.click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(dialog.getByRole("button", { name: "Hide password" })).toHaveAttribute("aria-pressed", "true");
});

test("a wrong password shows the platform's message and keeps the popup", async ({ page }) => {
  await openStore(page, "hanbit");
  await page.getByTestId("login-open").click();
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.locator("input[name=username]").fill("hanbit_player");
  await dialog.locator("input[name=password]").fill("wrong-pass");
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(dialog.getByRole("alert")).toContainText(/login failed/i);
});

test.describe("in an in-app browser", () => {
  test.use({ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 [FBAN/FBIOS;FBAV/450.0]" });
  test("Google sign-in is refused with a copy-link button", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openStore(page, "aurora");
    await page.getByTestId("login-open").click();
    await page.locator('[data-provider="google"]').click();
    const notice = page.getByRole("dialog", { name: "Log in" }).getByRole("alert");
    await expect(notice).toContainText("not supported in this in-app browser");
    await notice.getByRole("button", { name: "Copy link" }).click();
    await expect(notice.getByRole("button", { name: "Copied" })).toBeVisible();
  });
});

test("logout asks first, ends the session on the platform, then forgets this game's account", async ({ page, request }) => {
  await openStore(page, "sakura");
  await logIn(page, "sakura_vip");
  const stored = await page.evaluate(() => localStorage.getItem("oauth_token"));
  const token = (JSON.parse(stored ?? "{}") as { value?: string }).value ?? "";
  const userInfo = async () => {
    const res = await request.get(`http://127.0.0.1:${process.env.SF_PORT}/util/login/get_user_info`, {
      params: { client_id: "2001003", oauth_token: token },
    });
    return ((await res.json()) as { code: number }).code;
  };
  expect(await userInfo()).toBe(1);
  await page.locator(".sf-recipient").getByRole("button", { name: "Log out" }).click();
  const confirm = page.getByRole("dialog", { name: "Tips" });
  await expect(confirm).toContainText("Are you sure you want to log out?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("account-name")).toHaveText("sakura_vip");
  await page.locator(".sf-recipient").getByRole("button", { name: "Log out" }).click();
  await page.getByRole("dialog", { name: "Tips" }).getByRole("button", { name: "Log out" }).click();
  await expect(page.getByTestId("login-open")).toBeVisible();
  // The token is worthless from now on, wherever it was copied.
  await expect.poll(userInfo).toBe(-600);
  await page.reload();
  await expect(page.getByTestId("login-open")).toBeVisible();
});

test("changing game asks first and reloads the store for the new game and its edition", async ({ page }) => {
  await openStore(page, "sakura");
  const before = await page.getByTestId("game-name").textContent();
  await page.getByTestId("change-game").click();
  // The new layout opens the picker in a popup, the old one goes back to its first step.
  const other = page.getByTestId("game-list").locator(".sf-game__pick:not([aria-current])").first();
  const name = (await other.textContent())?.trim() ?? "";
  await other.click();
  await page.getByRole("dialog", { name: "Change game" }).getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("game-name")).toHaveText(name);
  expect(name).not.toBe(before);
  // A sub-game (edition) of the current game.
  await page.getByTestId("change-game").click();
  await page
    .getByRole("button", { name: /^Editions:/ })
    .first()
    .click();
  const edition = page.getByTestId("game-list").locator(".sf-game__subs button").first();
  const editionName = (await edition.textContent())?.trim() ?? "";
  await edition.click();
  await page.getByRole("dialog", { name: "Change game" }).getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("game-name")).toHaveText(editionName);
  await page.reload();
  await expect(page.getByTestId("game-name")).toHaveText(editionName);
});

test("the journey's events arrive at the tracking sink", async ({ page, request }) => {
  const api = `http://127.0.0.1:${process.env.SF_PORT}`;
  const last = async () => {
    const res = await request.get(`${api}/sandbox/tracking`);
    const events = ((await res.json()) as { content: { events: { id: string }[] } }).content.events;
    return events.at(-1)?.id ?? "0";
  };
  const after = await last();
  await openStore(page, "hanbit");
  await logIn(page, "hanbit_vip");
  await chooseRole(page, 1);
  await page.getByRole("button", { name: "Passes", exact: true }).click();
  await chooseGoods(page, "Gems", 5);
  await openRecharge(page);
  await chooseChannel(page, /^11401_/);
  await decide(await payByRedirect(page), "Approve payment");
  await expectResult(page, "success");
  await page.getByTestId("result").getByTestId("recharge-done").click();
  await page.getByTestId("change-game").click();
  await expect(page.getByTestId("game-list")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.locator(".sf-recipient").getByRole("button", { name: "Log out" }).click();
  await page.getByRole("dialog", { name: "Tips" }).getByRole("button", { name: "Log out" }).click();
  const wanted = [
    "viewPage",
    "login",
    "viewGameList",
    "selectRole",
    "changeProductType",
    "viewProductDetail",
    "clickBuy",
    "selectPayway",
    "clickPay",
    "openPayLink",
    "logout",
  ];
  await expect
    .poll(async () => {
      const res = await request.get(`${api}/sandbox/tracking?kind=dot&after=${after}`);
      const names = new Set(((await res.json()) as { content: { events: { name: string }[] } }).content.events.map((e) => e.name));
      return wanted.filter((w) => !names.has(w));
    })
    .toEqual([]);
  const purchases = await request.get(`${api}/sandbox/tracking?kind=api&after=${after}`);
  expect(((await purchases.json()) as { content: { events: unknown[] } }).content.events.length).toBeGreaterThan(0);
});
