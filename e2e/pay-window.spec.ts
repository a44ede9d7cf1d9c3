// The pay window opens after the Buy tap's frame is painted, not inside the tap: creating it blocks
// the main thread for tens of milliseconds, which the tap's answer (Buy turning busy) must not wait
// behind (docs/performance.md, "Interaction latency"). On the recharge and on the make-up page.
import { expect, type Page, test } from "@playwright/test";
import { brandUrl } from "./helpers.ts";
import {
  chooseChannel,
  chooseGoods,
  chooseRole,
  decide,
  expectResult,
  freshPlayer,
  logIn,
  makeUpLink,
  openRecharge,
  openStore,
  payByRedirect,
  REDIRECT_CHANNEL,
} from "./journey.ts";

declare global {
  interface Window {
    /** Per window.open call: whether a frame had begun since the last tap, and whether Buy was busy then. */
    sfOpens: { frameSinceTap: boolean; buyBusy: boolean }[];
  }
}

test.use({ viewport: { width: 360, height: 740 } });

/** Records, for each window the page opens, whether the tap's frame came first and Buy was busy in it. */
async function watchOpens(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.sfOpens = [];
    let frameSinceTap = true;
    document.addEventListener(
      "click",
      () => {
        frameSinceTap = false;
        requestAnimationFrame(() => {
          frameSinceTap = true;
        });
      },
      true,
    );
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      const buy = document.querySelector('[data-testid="pay-button"]');
      window.sfOpens.push({ frameSinceTap, buyBusy: buy?.getAttribute("aria-busy") === "true" });
      return open(...args);
    };
  });
}

test("recharge: Buy turns busy in the tap's frame, and the pay window opens after it", async ({ page }) => {
  await watchOpens(page);
  await openStore(page, "aurora");
  await logIn(page, await freshPlayer(page, "aurora"));
  await chooseRole(page, 1);
  await chooseGoods(page, "Gems", 1);
  await openRecharge(page);
  await chooseChannel(page, REDIRECT_CHANNEL);
  await decide(await payByRedirect(page), "Approve payment");
  await expectResult(page, "success");
  expect(await page.evaluate(() => window.sfOpens)).toEqual([{ frameSinceTap: true, buyBusy: true }]);
});

test("make-up page: the pay window opens after the tap's frame too", async ({ page, request }) => {
  await watchOpens(page);
  const id = await makeUpLink(request, "aurora", 600);
  await page.goto(brandUrl("aurora", `/replenishGoods?replenish_id=${id}&spec_lang=en`));
  await expect(page.getByTestId("channel-list")).toBeVisible();
  await chooseChannel(page, /^10201_/);
  await decide(await payByRedirect(page), "Approve payment");
  await expectResult(page, "success");
  expect(await page.evaluate(() => window.sfOpens)).toEqual([{ frameSinceTap: true, buyBusy: true }]);
});
