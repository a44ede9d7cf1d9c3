// Right to left (issue 40, item 4): inside Arabic text every number, percent, price, goods name and
// username reads in its own order. The walk of the gallery goes through every screen of each Arabic
// storefront (the recharge, the results, the VIP centre and its coupons among them) and each run of
// Latin letters and digits on each screen must be drawn left to right (e2e/bidi.ts).
import { expect, test } from "@playwright/test";
import { type MisorderedRun, misorderedRuns } from "./bidi.ts";
import { demoConfig } from "./fixture.ts";
import { storefrontName, storefronts } from "./gallery/matrix.ts";
import { walk } from "./gallery/walk.ts";

const config = await demoConfig();
const arabic = storefronts(config, ["ar"]).filter((s) => s.lang === "ar");

test.use({ viewport: { width: 360, height: 740 } });

test("the storefronts offer Arabic, so the walk below has screens to check", () => {
  expect(arabic.length).toBeGreaterThan(0);
});

for (const store of arabic) {
  test(`every Latin and number run reads in its own order: ${storefrontName(store)}`, async ({ page }) => {
    test.setTimeout(150_000);
    const misordered: Record<string, MisorderedRun[]> = {};
    const visited: string[] = [];
    await walk(page, `http://${store.brand}.localhost:${process.env.SF_PORT}`, store, async (screen) => {
      visited.push(screen);
      const runs = await misorderedRuns(page);
      if (runs.length) misordered[screen] = runs;
    });
    expect(visited).toEqual(
      expect.arrayContaining(["recharge", "result-pending", "result-success", "result-fail", "vip-centre", "coupons"]),
    );
    expect(misordered).toEqual({});
  });
}

test("the check itself sees a run drawn out of order", async ({ page }) => {
  await page.setContent(
    `<html dir="rtl" lang="ar"><body><p id="plain">خصم 8% (−8%) على 300 Gems</p><p id="isolated">خصم \u20688%\u2069 (\u2068−8%\u2069) على \u2068300 Gems\u2069</p></body></html>`,
  );
  await page.evaluate(() => document.getElementById("isolated")?.remove());
  // After an Arabic word a number is Arabic too: its percent sign goes to its left unless isolated.
  expect((await misorderedRuns(page)).map((r) => r.run)).toEqual(["8%", "−8%", "300 Gems"]);
  await page.setContent(
    `<html dir="rtl" lang="ar"><body><p>خصم \u20688%\u2069 (\u2068−8%\u2069) على \u2068300 Gems\u2069 <bdi>player_123</bdi></p></body></html>`,
  );
  expect(await misorderedRuns(page)).toEqual([]);
});
