// The order left pending is checked on its schedule (docs/decisions.md), never more often: the
// page runs on Playwright's clock through 16 minutes while every check it sends is timed.
import { expect, test } from "@playwright/test";
import {
  chooseChannel,
  chooseGoods,
  chooseRole,
  decide,
  freshPlayer,
  logIn,
  openRecharge,
  openStore,
  payByRedirect,
  REDIRECT_CHANNEL,
} from "./journey.ts";

declare global {
  interface Window {
    /** Page-clock times (ms) at which an order check was sent, and how many are still out. */
    sfChecks: { at: number[]; out: number };
  }
}

test("a pending order is checked 1 s after, every 3 s, every 10 s after a minute, and not after 15 minutes", async ({ page }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await page.addInitScript(() => {
    window.sfChecks = { at: [], out: 0 };
    const fetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (!url.includes("/api/pay/getOrderInfo")) return fetch(input, init);
      window.sfChecks.at.push(Date.now());
      window.sfChecks.out++;
      try {
        const response = await fetch(input, init);
        // Done once the answer has been read, not when its headers arrive.
        await response.clone().text();
        return response;
      } finally {
        window.sfChecks.out--;
      }
    };
  });
  await openStore(page, "aurora");
  await logIn(page, await freshPlayer(page, "aurora"));
  await chooseRole(page, 1);
  await chooseGoods(page, "Gems", 1);
  await openRecharge(page);
  await chooseChannel(page, REDIRECT_CHANNEL);
  // From here the page's time moves only when the test says so: a tenth of a second at a time until
  // the pending result is on screen (React shows it on a timer), then a second at a time.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const checkout = await payByRedirect(page, true);
  const pending = page.locator('[data-testid="result"][data-status="pending"]');
  for (let i = 0; i < 50 && !(await pending.isVisible()); i++) await page.clock.runFor(100);
  await expect(pending).toBeVisible();
  const openedAt = await page.evaluate(() => Date.now());
  await decide(checkout, "Leave pending");

  // A second at a time. Each step lets the check it started come back, and the page schedule the
  // next one, before time moves on: the fake clock stands still meanwhile, but tasks still run (a
  // few message-channel turns after the answer was read, the page has set its next timer).
  const settled = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const channel = new MessageChannel();
          let turns = 0;
          channel.port1.onmessage = () => (++turns < 5 ? channel.port2.postMessage(0) : resolve(window.sfChecks.out));
          channel.port2.postMessage(0);
        }),
    );
  for (let s = 0; s < 16 * 60; s++) {
    await page.clock.runFor(1_000);
    await expect.poll(settled, { intervals: [5, 10, 20] }).toBe(0);
  }
  const at = (await page.evaluate(() => window.sfChecks.at)).map((t) => t - openedAt);
  expect(at.length).toBeGreaterThan(80);
  // The result started its timer within the last tenth of a second before it was seen, its start
  // included: a panel whose code arrived while the clock stood still between two steps starts it at
  // the earlier step's time (seen once under load, at exactly 900).
  expect(at[0]).toBeGreaterThanOrEqual(900);
  expect(at[0]).toBeLessThanOrEqual(1_000);
  for (let i = 1; i < at.length; i++) {
    const gap = (at[i] ?? 0) - (at[i - 1] ?? 0);
    const since = at[i - 1] ?? 0;
    // The step is one second: a check is at most that late, never early.
    if (since < 60_000) expect(gap, `check ${i} at ${at[i]} ms`).toBeGreaterThanOrEqual(3_000);
    else expect(gap, `check ${i} at ${at[i]} ms`).toBeGreaterThanOrEqual(10_000);
    expect(gap, `check ${i} at ${at[i]} ms`).toBeLessThanOrEqual(since < 60_000 ? 4_000 : 11_000);
  }
  expect(at.at(-1)).toBeLessThan(15 * 60_000);
  await expect(page.getByTestId("result")).toHaveAttribute("data-status", "pending");
});
