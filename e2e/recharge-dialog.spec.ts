// The new layout's recharge (issue 40, item 3): on a desktop a centred dialog with the methods on
// the left and the summary and Buy beside them, always in view; focus kept inside and given back
// to Buy on Escape. A phone keeps its bottom sheet.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { chooseGoods, chooseRole, freshPlayer, logIn, openStore } from "./journey.ts";

/** Logged in, goods chosen; Buy opens the recharge by the keyboard. Returns Buy and the dialog. */
async function openByKeyboard(page: Page): Promise<{ buy: Locator; dialog: Locator }> {
  await openStore(page, "aurora");
  await logIn(page, await freshPlayer(page, "aurora", "vip"));
  await chooseRole(page);
  await chooseGoods(page, "Gems", 1);
  const buy = page.getByTestId("buy-button");
  await buy.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Top-up details" });
  await expect(dialog.getByTestId("channel-list")).toBeVisible();
  return { buy, dialog };
}

const boxOf = (dialog: Locator) => dialog.locator(".sf-dialog__box").evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);

/** Where focus is after each of `presses` presses of `key`: inside the dialog, or its name outside it. */
async function focusWalk(page: Page, dialog: Locator, key: "Tab" | "Shift+Tab", presses: number): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(key);
    stops.push(
      await dialog.evaluate((el) => {
        const active = document.activeElement as HTMLElement | null;
        if (!active || active === document.body) return "(browser)";
        if (!el.contains(active)) return `outside: ${active.tagName} ${active.textContent?.slice(0, 20)}`;
        return active.getAttribute("data-testid") ?? active.getAttribute("aria-label") ?? active.tagName.toLowerCase();
      }),
    );
  }
  return stops;
}

test("desktop, 1280 px: the recharge is a centred dialog with the summary and Buy in view; focus stays inside and returns to Buy", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { buy, dialog } = await openByKeyboard(page);
  // Centred, neither stretched across the window nor resting on its bottom edge.
  const box = await boxOf(dialog);
  expect(Math.abs(box.left + box.width / 2 - 640)).toBeLessThanOrEqual(1);
  expect(Math.abs(box.top - (800 - box.bottom))).toBeLessThanOrEqual(1);
  expect(box.width).toBeGreaterThanOrEqual(720);
  expect(box.width).toBeLessThanOrEqual(1000);
  expect(box.top).toBeGreaterThan(16);
  // The summary beside the methods, and with Buy in view, also once the methods are scrolled to their end.
  const summary = dialog.locator(".sf-order-detail");
  const payButton = dialog.getByTestId("pay-button");
  const methods = await dialog.getByTestId("channel-list").boundingBox();
  const aside = await summary.boundingBox();
  expect(aside?.x).toBeGreaterThan((methods?.x ?? 0) + (methods?.width ?? 0));
  for (const end of [false, true]) {
    if (end) await dialog.locator(".sf-dialog__body").evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(summary).toBeInViewport({ ratio: 1 });
    await expect(payButton).toBeInViewport({ ratio: 1 });
  }
  // Tab and Shift+Tab go round the dialog's controls and never reach the page behind it.
  const forward = await focusWalk(page, dialog, "Tab", 40);
  const backward = await focusWalk(page, dialog, "Shift+Tab", 40);
  expect([...forward, ...backward].filter((stop) => stop.startsWith("outside"))).toEqual([]);
  for (const stops of [forward, backward]) expect(stops).toEqual(expect.arrayContaining(["Close", "region-select"]));
  // A method's sub-channels open in a popup of their own, not a second two-column dialog.
  expect((await subChannelBox(page)).width).toBeLessThanOrEqual(28 * 16);
  // Escape closes it, and focus is back on the Buy that opened it.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(buy).toBeFocused();
});

/** Opens the first method with sub-channels; returns its popup's box, closed again after. */
async function subChannelBox(page: Page): Promise<DOMRect> {
  await page.getByTestId("channel-list").locator('[aria-haspopup="dialog"]').first().click();
  // The innermost dialog around the list (the recharge's holds it too).
  const popup = page.getByTestId("sub-channel-list").locator("xpath=ancestor::dialog[1]");
  await expect(popup).toBeVisible();
  const box = await boxOf(popup);
  await page.keyboard.press("Escape");
  await expect(popup).toBeHidden();
  return box;
}

test("phone, 360 px: the recharge is still the bottom sheet", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { buy, dialog } = await openByKeyboard(page);
  const box = await boxOf(dialog);
  expect(box.left).toBe(0);
  expect(box.width).toBe(360);
  expect(Math.abs(box.bottom - 740)).toBeLessThanOrEqual(1);
  await expect(dialog.getByTestId("pay-button")).toBeInViewport({ ratio: 1 });
  // Its sub-channels are a popup in the middle, not a second sheet.
  const popup = await subChannelBox(page);
  expect(popup.width).toBeLessThan(360);
  expect(popup.bottom).toBeLessThan(740 - 16);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(buy).toBeFocused();
});
