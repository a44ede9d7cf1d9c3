// Walks one storefront through every key screen and hands each, settled, to `visit` (the gallery
// takes a screenshot, the accessibility test runs axe). Used by `npm run gallery` and e2e/a11y.spec.ts.
import { expect, type Page } from "@playwright/test";
import methods from "../../schema/payment-methods.json" with { type: "json" };
import {
  chooseChannel,
  chooseFirstCharacter,
  decide,
  expectResult,
  openRecharge,
  payByRedirect,
  payPendingLater,
  shown,
  toGoods,
} from "../journey.ts";
import type { Storefront } from "./matrix.ts";

export const SCREENS = [
  "select-goods",
  "login",
  "select-goods-chosen",
  "recharge",
  "sub-channel",
  "result-pending",
  "result-success",
  "result-fail",
  "vip-centre",
  "coupons",
  "events",
  "my",
  "not-found",
  "not-area",
  "replenish",
] as const;
export type Screen = (typeof SCREENS)[number];

export type Visit = (screen: Screen) => Promise<void>;

// A channel (without sub-channels) of a method whose pay link opens the sandbox checkout (the walk
// approves, declines or leaves it pending).
const REDIRECT = new RegExp(
  `^(${methods.methods
    .filter((m) => m.flow === "redirect")
    .map((m) => m.id)
    .join("|")})_`,
);
const chooseRedirectChannel = (page: Page) => chooseChannel(page, REDIRECT, { leaf: true });

export async function walk(page: Page, origin: string, store: Storefront, visit: Visit): Promise<void> {
  const url = (path: string, extra = "") => `${origin}${path}?${store.query}${extra}`;
  const settle = async () => {
    await page.waitForLoadState("load");
    // Images decoded and no skeleton left: the screen as the player finally sees it.
    await expect(page.locator(".sf-skeleton, [aria-busy='true']")).toHaveCount(0, { timeout: 10_000 });
    await page.evaluate(() => Promise.all(Array.from(document.images, (img) => img.decode().catch(() => undefined))));
  };
  const shot = async (screen: Screen) => {
    await settle();
    await visit(screen);
  };
  const openGoods = async () => {
    await page.goto(url("/selectGoods"));
    await toGoods(page);
  };

  await openGoods();
  await shot("select-goods");

  await page.getByTestId("login-open").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await shot("login");
  const dialog = page.getByRole("dialog");
  // A fresh account per walk: walks running side by side never share orders or coupons.
  const username = await page.evaluate(
    async (body) => {
      const answer = await fetch("/sandbox/account", { method: "POST", headers: { "content-type": "application/json" }, body });
      return (await answer.json()).content.username as string;
    },
    JSON.stringify({ brand: store.brand, kind: store.vip ? "vip" : "player" }),
  );
  await dialog.locator("input[name=username]").fill(username);
  await dialog.locator("input[name=password]").fill("sandbox-pass");
  const reloaded = page.waitForEvent("load");
  await dialog.locator("button[type=submit]").click();
  await reloaded;
  await expect(page.getByTestId("account-name")).toHaveText(shown(username));

  await chooseRoleAnyLanguage(page);
  await pickTile(page, 1);
  await shot("select-goods-chosen");

  await openRecharge(page);
  await shot("recharge");

  const withSubs = page.getByTestId("channel-list").locator('[aria-haspopup="dialog"]').first();
  if (await withSubs.count()) {
    await withSubs.click();
    await expect(page.getByTestId("sub-channel-list")).toBeVisible();
    await shot("sub-channel");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("sub-channel-list")).toHaveCount(0);
  }

  await chooseRedirectChannel(page);
  await decide(await payByRedirect(page), "Leave pending");
  await expectResult(page, "pending");
  await shot("result-pending");
  await payPendingLater(page);
  await shot("result-success");

  await openGoods();
  await pickTile(page, 2);
  await openRecharge(page);
  await chooseRedirectChannel(page);
  await decide(await payByRedirect(page), "Decline payment");
  await expectResult(page, "fail");
  await shot("result-fail");

  if (store.vip) {
    await page.goto(url("/userCenter"));
    await expect(page.getByTestId("vip-level")).toBeVisible();
    await shot("vip-centre");
    await page.getByTestId("my-rewards").click();
    await expect(page.getByTestId("coupon-dialog")).toBeVisible();
    await shot("coupons");
  }
  if (store.events) {
    await page.goto(url("/activity"));
    await expect(page.getByTestId("event-progress").first()).toBeVisible();
    await shot("events");
  }
  await page.goto(url("/my"));
  await expect(page.getByTestId("my")).toBeVisible();
  await expect(page.getByTestId("orders").locator("[data-order]").first()).toBeVisible();
  await shot("my");

  await page.goto(url("/no-such-page"));
  await expect(page.getByTestId("not-found")).toBeVisible();
  await shot("not-found");
  await page.goto(`${origin}/notArea?spec_lang=${store.lang}`);
  await expect(page.locator('[data-page="notArea"]')).toBeVisible();
  await shot("not-area");

  if (store.replenish) {
    await page.goto(`${origin}/replenishGoods?replenish_id=rp-${store.brand}-days&spec_lang=${store.lang}`);
    await expect(page.getByTestId("replenish-amount")).toBeVisible();
    await shot("replenish");
  }
}

/** The first server and character, without relying on English button names. */
async function chooseRoleAnyLanguage(page: Page): Promise<void> {
  await page.getByTestId("server-open").click();
  const list = page.getByTestId("server-list");
  const all = page.getByTestId("server-tab-all");
  if (await all.count()) await all.click();
  await list.getByRole("button").first().click();
  await chooseFirstCharacter(page);
}

async function pickTile(page: Page, index: number): Promise<void> {
  const tile = page.getByTestId("goods-grid").locator(".sf-goods-tile").nth(index);
  await tile.click();
  await expect(tile).toHaveAttribute("aria-pressed", "true");
}
