// The steps of a purchase in the storefront, shared by the journey specs. Works in both layouts:
// the new layout's sheet and popup, the old layout's /recharge and /result pages.
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { brandUrl } from "./helpers.ts";

export const BRANDS = ["aurora", "sakura", "hanbit", "jade", "borealis"] as const;
export type BrandId = (typeof BRANDS)[number];

/** How a player enters each brand: brands with several sales areas need the area in the link. */
export const ENTRY: Record<BrandId, string> = {
  aurora: "&domain_area=universal",
  sakura: "",
  hanbit: "",
  jade: "&domain_area=twhk",
  borealis: "",
};

export const VIEWPORTS = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } } as const;

/**
 * A value as the page shows it: in right-to-left text it is an isolate (U+2068 … U+2069, see
 * runtime/lib/bidi.ts), elsewhere the value itself.
 */
export function shown(value: string): RegExp {
  return new RegExp(`^\u2068?${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\u2069?$`);
}

export async function layoutOf(page: Page): Promise<"old" | "new"> {
  const layout = await page.locator("[data-layout]").first().getAttribute("data-layout");
  return layout === "new" ? "new" : "old";
}

/** Opens the store in English and gets to the goods (the old layout's first step picks the game). */
export async function openStore(page: Page, brand: BrandId, query = ""): Promise<"old" | "new"> {
  await page.goto(brandUrl(brand, `/?spec_lang=en${ENTRY[brand]}${query}`));
  await toGoods(page);
  return layoutOf(page);
}

/**
 * From an entry just opened to the goods. The app redirects once it knows the area, after the page's
 * load event: to the goods, or in the old layout first to the game choice, where this picks the
 * link's game (or the first) and returns the game list's button it pressed.
 */
export async function toGoods(page: Page, pick: "current" | "first" = "current", press?: (game: Locator) => Promise<void>): Promise<void> {
  const games = page.getByTestId("game-list");
  const goods = page.getByTestId("goods-grid");
  await expect(games.or(goods)).toBeVisible();
  if (await games.isVisible()) {
    const game = games.locator(pick === "current" ? 'button[aria-current="true"]' : "button").first();
    await (press ? press(game) : game.click());
  }
  await expect(goods).toBeVisible();
}

/**
 * A sandbox player no other test uses (`POST /sandbox/account`): tests that pay in parallel would
 * otherwise share one account's coupons, limits and pending orders, and race for them.
 */
export async function freshPlayer(page: Page, brand: string, kind: "player" | "vip" = "player"): Promise<string> {
  // From Node, which does not resolve *.localhost: the sandbox answers on its address too.
  const res = await page.request.post(`http://127.0.0.1:${process.env.SF_PORT}/sandbox/account`, { data: { brand, kind } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { content: { username: string } }).content.username;
}

export async function logIn(page: Page, username: string, password = "sandbox-pass"): Promise<void> {
  await page.getByTestId("login-open").click();
  const dialog = page.getByRole("dialog", { name: "Log in" });
  const submit = dialog.getByRole("button", { name: "Log in", exact: true });
  await expect(submit).toBeDisabled();
  await dialog.locator("input[name=username]").fill(`  ${username} `);
  await dialog.locator("input[name=password]").fill(password);
  await expect(submit).toBeEnabled();
  // A login reloads the store: wait for that load, so the next step does not race it.
  const reloaded = page.waitForEvent("load");
  await submit.click();
  await reloaded;
  await expect(page.getByTestId("account-name")).toHaveText(username);
}

/**
 * Clicks what makes a popup answer its opener and close itself. The page may close while the click
 * is still being reported; that, and only that, is not an error.
 */
export async function clickClosing(popup: Page, target: Locator): Promise<void> {
  const closed = popup.waitForEvent("close");
  await target.click().catch((err: unknown) => {
    if (!popup.isClosed()) throw err;
  });
  await closed;
}

/** Signs in through a sandbox provider's popup as one of its people ('a new player': a fresh account). */
export async function providerLogin(page: Page, provider: string, who: "Alice" | "Bob" | "a new player"): Promise<void> {
  await page.getByTestId("login-open").click();
  const popup = page.waitForEvent("popup");
  await page.locator(`[data-provider="${provider}"]`).click();
  const signIn = await popup;
  const reloaded = page.waitForEvent("load");
  await clickClosing(signIn, signIn.getByRole("button", { name: `Continue as ${who}` }));
  await reloaded;
}

/** Server n (1-based) and its first character; returns the character's name. */
export async function chooseRole(page: Page, server = 1): Promise<string> {
  await page.getByTestId("server-open").click();
  const dialog = page.getByRole("dialog", { name: "Select server" });
  await dialog.getByRole("button", { name: "All servers" }).click();
  await dialog
    .getByTestId("server-list")
    .getByRole("button")
    .nth(server - 1)
    .click();
  const confirm = await chooseFirstCharacter(page);
  return ((await confirm.textContent()) ?? "").split("·")[0]?.trim() ?? "";
}

/** After a server is chosen: its first character (picked for the player when it is the only one); returns the confirmation. */
export async function chooseFirstCharacter(page: Page): Promise<Locator> {
  const confirm = page.getByTestId("role-confirm");
  if (!(await confirm.isVisible().catch(() => false))) {
    const select = page.getByTestId("role-select");
    await expect(select).toBeVisible();
    const value = await select.locator("option:not([disabled])").first().getAttribute("value");
    await select.selectOption(value ?? "");
  }
  await expect(confirm).toBeVisible();
  return confirm;
}

export async function chooseGoods(page: Page, tab: "Gems" | "Passes" | "Bundles", index: number): Promise<string> {
  const tabs = page.getByRole("group").filter({ has: page.getByRole("button", { name: tab }) });
  if ((await tabs.count()) > 0) await page.getByRole("button", { name: tab, exact: true }).click();
  const tile = page.getByTestId("goods-grid").locator(".sf-goods-tile").nth(index);
  await tile.click();
  await expect(tile).toHaveAttribute("aria-pressed", "true");
  return (await tile.getAttribute("data-product")) ?? "";
}

/** Buy → the recharge (sheet or page) with its channels loaded. */
export async function openRecharge(page: Page): Promise<void> {
  await page.getByTestId("buy-button").click();
  await expect(page.getByTestId("channel-list")).toBeVisible();
}

/** A channel paid on the sandbox's plain checkout (approve, decline, leave pending): PayPal, Xsolla, Naver Pay, Platform Pay, MyCard billing, Codapay, PayerMax. */
export const REDIRECT_CHANNEL = /^(10201|11001|11401|10801|10302|10401|11801)_/;

/**
 * Picks the channel whose key matches, changing the payment region when needed; with `leaf`, only
 * a channel without sub-channels (one that is chosen by the click, not opened as a list).
 */
export async function chooseChannel(page: Page, key: RegExp, { leaf = false } = {}): Promise<void> {
  const region = page.getByTestId("region-select");
  const regions = await region.locator("option").evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
  for (const [i, r] of regions.entries()) {
    if (i > 0) await region.selectOption(r);
    const keys = await page
      .getByTestId("channel-list")
      .locator(leaf ? "[data-channel]:not([aria-haspopup])" : "[data-channel]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-channel") ?? ""));
    const hit = keys.find((k) => key.test(k));
    if (hit) {
      const channel = page.locator(`[data-channel="${hit}"]`);
      await channel.click();
      // A card channel turns the list into the card form.
      await expect(page.locator(`[data-channel="${hit}"][aria-pressed="true"]`).or(page.getByTestId("card-mode"))).toBeVisible();
      return;
    }
  }
  throw new Error(`no channel matching ${key} in any region`);
}

/**
 * Pays with a redirect method: the pay window opens with the sandbox checkout; returns it. The window
 * opens once the tap's frame is painted (runtime/shared/payment/pay-order.ts): on a paused clock, say
 * so (`pausedClock`), and frames are let run until it has opened.
 */
export async function payByRedirect(page: Page, pausedClock?: boolean): Promise<Page> {
  const popup = page.waitForEvent("popup");
  await page.getByTestId("pay-button").click();
  let opened: Page | undefined;
  void popup.then((p) => (opened = p));
  for (let i = 0; pausedClock && !opened && i < 50; i++) await page.clock.runFor(16);
  const checkout = await popup;
  await checkout.waitForURL(/\/sandbox\/checkout\//);
  await expect(checkout.getByRole("heading", { name: /checkout/ })).toBeVisible();
  return checkout;
}

export async function decide(checkout: Page, outcome: "Approve payment" | "Decline payment" | "Leave pending"): Promise<void> {
  await checkout.getByRole("button", { name: outcome }).click();
  await expect(checkout.getByRole("heading", { name: /Payment (approved|declined|left pending)/ })).toBeVisible();
  await checkout.close();
}

/** A result left pending: "to pay" reopens the checkout, the payment is approved there and confirmed here. */
export async function payPendingLater(page: Page): Promise<void> {
  const popup = page.waitForEvent("popup");
  await page.getByTestId("to-pay").click();
  const checkout = await popup;
  await checkout.waitForURL(/\/sandbox\/checkout\//);
  await decide(checkout, "Approve payment");
  await recheckPaid(page);
}

/**
 * After paying in the checkout: "done" on the pending result asks the platform again, unless the
 * result's polling has already seen the approval (then the button is gone).
 */
export async function recheckPaid(page: Page): Promise<void> {
  await page
    .getByTestId("result")
    .getByTestId("recheck")
    .click({ timeout: 3_000 })
    .catch(() => undefined);
  await expectResult(page, "success");
}

/** The goods and the total the buy bar shows for the chosen goods. */
export async function chosenGoods(page: Page): Promise<{ name: string; price: string }> {
  const bar = page.getByTestId("buy-bar");
  const name = (await bar.locator(".sf-buy-bar__name").textContent()) ?? "";
  const price = (await bar.locator(".sf-buy-bar__price").textContent()) ?? "";
  return { name, price };
}

/** The result's order table as the player reads it, label → value, once the order's details are in. */
export async function resultTable(page: Page): Promise<Record<string, string>> {
  const table = page.getByTestId("result").locator("dl");
  await expect(table).toHaveAttribute("aria-busy", "false");
  const rows = await table
    .locator("> div")
    .evaluateAll((divs) => divs.map((d) => [d.querySelector("dt")?.textContent ?? "", d.querySelector("dd")?.textContent ?? ""]));
  return Object.fromEntries(rows);
}

export async function expectResult(page: Page, status: "pending" | "success" | "fail"): Promise<void> {
  const result = page.getByTestId("result");
  await expect(result).toHaveAttribute("data-status", status, { timeout: 15_000 });
}

/** A make-up link for the brand's make-up target account, valid for `validSeconds`; its replenish_id. */
export async function makeUpLink(request: APIRequestContext, brand: BrandId, validSeconds: number): Promise<string> {
  const res = await request.post(`http://127.0.0.1:${process.env.SF_PORT}/sandbox/replenish`, {
    data: { brand, valid_seconds: validSeconds },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { content: { replenish_id: string } }).content.replenish_id;
}
