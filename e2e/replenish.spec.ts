// Make-up (replenish) links in Chromium: paid by someone who is not logged in as the target, with
// the countdown; an expired link and one that runs out while open show the page-expired view.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { brandUrl } from "./helpers.ts";
import { chooseChannel, decide, expectResult, makeUpLink, payByRedirect } from "./journey.ts";

test.use({ viewport: { width: 360, height: 740 } });

const newLink = (request: APIRequestContext, validSeconds: number) => makeUpLink(request, "aurora", validSeconds);

test("a make-up link is paid by someone not logged in as the target, with the countdown visible", async ({ page, request }) => {
  const id = await newLink(request, 1800);
  await page.goto(brandUrl("aurora", `/replenishGoods?replenish_id=${id}&spec_lang=en`));
  // The header names the target and offers another code; nobody is logged in.
  await expect(page.getByTestId("replenish-header")).toContainText("Paying for aurora_target");
  await expect(page.getByTestId("replenish-header").getByRole("link", { name: "Enter another client ID" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  await expect(page.getByTestId("replenish-user")).toHaveText("aurora_target");
  await expect(page.getByTestId("replenish-amount")).toHaveText("$9.99");
  const countdown = page.getByTestId("replenish-countdown");
  await expect(countdown).toHaveText(/^Link expires in (29|30) min \d\d s$/);
  const before = await countdown.textContent();
  await expect(countdown).not.toHaveText(before ?? "");

  await expect(page.getByTestId("channel-list")).toBeVisible();
  await chooseChannel(page, /^10201_/);
  const checkout = await payByRedirect(page);
  await decide(checkout, "Approve payment");
  await expectResult(page, "success");
  await expect(page.getByTestId("replenish-tip-done")).toHaveText("After the make-up payment the block is lifted within 15 minutes");
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("replenishBillingNo") ?? "null") as { value: string } | null);
  expect(stored?.value).toMatch(/\S+/);
  await page.getByTestId("recharge-done").click();
  // The link is settled: it says so, and cannot be paid again.
  await expect(page.getByTestId("replenish-done")).toBeVisible();
  await expect(page.getByTestId("pay-button")).toHaveCount(0);
});

test("an expired link, and one that runs out while open, show the page-expired view; a wrong one the replenish error", async ({
  page,
  request,
}) => {
  await page.goto(brandUrl("aurora", "/replenishGoods?replenish_id=rp-aurora-expired&spec_lang=en"));
  await expect(page.getByRole("heading", { name: "Page expired" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Customer service" }).first()).toBeVisible();

  // A link the platform says has 3 seconds left when the page asks (so however slow the page is
  // to load, the countdown starts from there): the page counts down and shows the expired view.
  const id = await newLink(request, 1800);
  await page.route("**/api/replenishment/replenishment_info**", async (route) => {
    // From Node, which does not resolve *.localhost: the platform by its address, with the page's Host.
    const url = new URL(route.request().url());
    const host = url.host;
    url.hostname = "127.0.0.1";
    const res = await route.fetch({ url: url.toString(), headers: { ...route.request().headers(), host } });
    const body = (await res.json()) as { content: { valid_time: number } };
    body.content.valid_time = 3;
    await route.fulfill({ response: res, json: body });
  });
  await page.goto(brandUrl("aurora", `/replenishGoods?replenish_id=${id}&spec_lang=en`));
  await expect(page.getByTestId("replenish-countdown")).toHaveText("Link expires in less than 1 minute");
  await expect(page.getByRole("heading", { name: "Page expired" })).toBeVisible({ timeout: 8000 });
  await page.unroute("**/api/replenishment/replenishment_info**");

  await page.goto(brandUrl("aurora", "/replenishGoods?replenish_id=rp-nothing-here&spec_lang=en"));
  await expect(page).toHaveURL(/\/errorReplenish/);

  // With only the game's client id, the page asks for the code.
  await page.goto(brandUrl("aurora", "/replenishGoods?rp_client_id=1001003&spec_lang=en"));
  await page.getByLabel("Make-up code").fill("rp-aurora-hour");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/replenish_id=rp-aurora-hour/);
  await expect(page.getByTestId("replenish-user")).toHaveText("aurora_target");
});

test("a link that runs out while its payment methods are asked for shows the page-expired view, not the error page", async ({
  page,
  request,
}) => {
  const id = await newLink(request, 3);
  const infoUrl = `http://127.0.0.1:${process.env.SF_PORT}/api/replenishment/replenishment_info`;
  // The methods' answer is held until the platform says the link has run out.
  await page.route("**/api/pay/replenishmentCountryList**", async (route) => {
    await expect
      .poll(
        async () => {
          const res = await request.get(infoUrl, {
            headers: { host: `aurora.localhost:${process.env.SF_PORT}` },
            params: { replenish_id: id },
          });
          return ((await res.json()) as { content?: { status?: string } }).content?.status;
        },
        { timeout: 10_000 },
      )
      .toBe("expired");
    await route.fallback();
  });
  await page.goto(brandUrl("aurora", `/replenishGoods?replenish_id=${id}&spec_lang=en`));
  await expect(page.getByRole("heading", { name: "Page expired" })).toBeVisible({ timeout: 15_000 });
  // The page may learn of the expiry first from the link's own check; the held answer still arrives
  // (the route lets it through once the link has run out) and changes nothing.
  await page.unrouteAll({ behavior: "wait" });
  await expect(page.getByRole("heading", { name: "Page expired" })).toBeVisible();
  await expect(page).toHaveURL(/\/replenishGoods\?/);
});

test("a payer who logs in on a make-up page signs in through the in-game endpoints with the link's game", async ({ page, request }) => {
  const id = await newLink(request, 1800);
  await page.goto(brandUrl("aurora", `/replenishGoods?replenish_id=${id}&spec_lang=en`));
  await expect(page.getByTestId("replenish-user")).toHaveText("aurora_target");
  const auth = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/ingame/auth");
  await page.getByRole("button", { name: "Log in" }).click();
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.locator("input[name=username]").fill("aurora_player");
  await dialog.locator("input[name=password]").fill("sandbox-pass");
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
  const body = (await auth).postDataJSON() as Record<string, unknown>;
  expect(typeof body.game_id).toBe("number");
  expect(body.client_id).toBeUndefined();
  // Back on the same make-up link, logged in as the payer; the target stays the link's account.
  await expect(page).toHaveURL(new RegExp(`/replenishGoods\\?replenish_id=${id}`));
  await expect(page.getByTestId("replenish-user")).toHaveText("aurora_target");
  await expect(page.getByRole("button", { name: "Log in" })).toHaveCount(0);
});

test("on a make-up page, Log in tapped before the link's game is known signs in once it is, and a failure to learn it is said", async ({
  page,
  request,
}) => {
  const id = await newLink(request, 1800);
  // The link's game is held until the player has tapped Log in.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/replenishment\/getGameList/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(brandUrl("aurora", `/replenishGoods?replenish_id=${id}&spec_lang=en`));
  await expect(page.getByTestId("replenish-user")).toHaveText("aurora_target");
  await page.getByRole("button", { name: "Log in" }).click();
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.locator("input[name=username]").fill("aurora_player");
  await dialog.locator("input[name=password]").fill("sandbox-pass");
  const submit = dialog.getByRole("button", { name: "Log in", exact: true });
  const auth = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/ingame/auth");
  await submit.click();
  // The tap is not lost: the button says it is working, and the sign-in goes once the game is known.
  await expect(submit).toHaveAttribute("aria-busy", "true");
  release();
  expect(typeof ((await auth).postDataJSON() as Record<string, unknown>).game_id).toBe("number");
  await expect(page.getByRole("button", { name: "Log in" })).toHaveCount(0);

  // The same link signed out again, where the platform names no game for it: the player is told,
  // not ignored. (A connection failure ends the same way, after the client's tries of each host.)
  await page.evaluate(() => localStorage.clear());
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.route(/\/api\/replenishment\/getGameList/, (route) =>
    route.fulfill({ json: { code: 1, message: "", content: { games: [] } } }),
  );
  await page.goto(brandUrl("aurora", `/replenishGoods?replenish_id=${id}&spec_lang=en`));
  await page.getByRole("button", { name: "Log in" }).click();
  await dialog.locator("input[name=username]").fill("aurora_player");
  await dialog.locator("input[name=password]").fill("sandbox-pass");
  await submit.click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await expect(submit).toBeEnabled();
});
