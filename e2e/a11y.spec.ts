import { expect, type Page, test } from "@playwright/test";
import { demoConfig } from "./fixture.ts";
import { axeFindings, axeViolations, type Finding } from "./gallery/axe.ts";
import { storefrontName, storefronts } from "./gallery/matrix.ts";
import { walk } from "./gallery/walk.ts";
import { brandUrl } from "./helpers.ts";
import { chooseGoods, chooseRole, freshPlayer, logIn, openRecharge, openStore, toGoods } from "./journey.ts";

const config = await demoConfig();

test.use({ viewport: { width: 360, height: 740 } });

for (const store of storefronts(config, ["ar"])) {
  test(`axe: every screen of ${storefrontName(store)}`, async ({ page }) => {
    test.setTimeout(150_000);
    const found: Record<string, Finding[]> = {};
    const visited: string[] = [];
    await walk(page, `http://${store.brand}.localhost:${process.env.SF_PORT}`, store, async (screen) => {
      visited.push(screen);
      // From the top of the page: axe's target-size counts a control scrolled under the sticky
      // header as too small; what a scroll position hides is the focus test's subject (layout.spec.ts),
      // and that a page opened from another starts at its top is the test below's.
      await page.evaluate(() => window.scrollTo(0, 0));
      const findings = await axeFindings(page);
      if (findings.length) found[screen] = findings;
    });
    expect(visited).toEqual(
      expect.arrayContaining(["select-goods", "login", "recharge", "result-pending", "result-success", "result-fail", "my"]),
    );
    expect(found).toEqual({});
  });
}

test("the axe check itself finds what it is there to find", async ({ page }) => {
  await page.goto(brandUrl("aurora", "/no-such-page?client_id=1001003&domain_area=universal&spec_lang=en"));
  await expect(page.getByTestId("not-found")).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  // A button without a name, grey on white, and two 16 px buttons side by side (WCAG 2.2's target
  // size, 2.5.8: axe's target-size, tagged wcag22aa, runs though axe leaves it off by default).
  await page.evaluate(() => {
    const faint = Object.assign(document.createElement("p"), { textContent: "faint" });
    // Through the CSSOM: the page's CSP ignores style attributes.
    Object.assign(faint.style, { color: "#ccc", background: "#fff" });
    const tiny = ["+", "−"].map((sign) => {
      const button = Object.assign(document.createElement("button"), { textContent: sign });
      Object.assign(button.style, { inlineSize: "16px", blockSize: "16px", padding: "0", margin: "0", fontSize: "10px" });
      return button;
    });
    document.body.append(document.createElement("button"), faint, ...tiny);
  });
  expect((await axeFindings(page)).map((f) => f.rule).sort()).toEqual(["button-name", "color-contrast", "target-size"]);
  await page.reload();
  await expect(page.getByTestId("not-found")).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
});

// The controls' names come from the locale files: each language is checked where a brand offers it.
const NAME_RULES = [
  "button-name",
  "link-name",
  "label",
  "select-name",
  "input-button-name",
  "aria-command-name",
  "aria-input-field-name",
  "aria-toggle-field-name",
  "aria-dialog-name",
  "image-alt",
  "svg-img-alt",
  "document-title",
  "html-has-lang",
  "html-lang-valid",
];

const languageEntries = (() => {
  const seen = new Map<string, string>();
  for (const s of storefronts(config, [
    "ar",
    "de",
    "en",
    "es",
    "fr",
    "id",
    "it",
    "ja",
    "ko",
    "ms",
    "pl",
    "pt",
    "ru",
    "th",
    "tr",
    "vi",
    "zh-cn",
    "zh-tw",
  ])) {
    if (!seen.has(s.lang)) seen.set(s.lang, brandUrl(s.brand, `/selectGoods?${s.query}`));
  }
  return seen;
})();

test("the storefronts offer all 18 languages, so each is checked below", () => {
  expect([...languageEntries.keys()].sort()).toHaveLength(18);
});

for (const [lang, url] of languageEntries) {
  test(`every control has an accessible name in ${lang}`, async ({ page }) => {
    await page.goto(url);
    await toGoods(page, "first");
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    const missing: Record<string, unknown> = {};
    for (const step of ["goods", "login"] as const) {
      if (step === "login") {
        await page.getByTestId("login-open").click();
        await expect(page.getByRole("dialog")).toBeVisible();
      }
      const problems = await namesMissing(page);
      if (problems.length) missing[step] = problems;
    }
    expect(missing).toEqual({});
  });
}

async function namesMissing(page: Page) {
  const violations = await axeViolations(page, { runOnly: { type: "rule", values: NAME_RULES } });
  return violations.map((v) => `${v.id}: ${v.targets.join(", ")}`);
}

const LAYOUTS = {
  new: "/selectGoods?client_id=1001003&domain_area=universal&spec_lang=en",
  old: "/selectGoods?client_id=1003003&domain_area=eru&spec_lang=en",
};
for (const [layout, path] of Object.entries(LAYOUTS))
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`text at 200 % loses nothing (${layout} layout, ${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(brandUrl("aurora", path));
      await expect(page.getByTestId("goods-grid")).toBeVisible();
      const buyText = await page.getByTestId("buy-button").textContent();
      // What a player's browser text-size setting does: every rem doubles.
      await page.evaluate(() => document.documentElement.style.setProperty("font-size", "200%", "important"));
      expect(await page.evaluate(() => Number.parseFloat(getComputedStyle(document.body).fontSize))).toBe(32);
      // No sideways scrolling, and no text cut off by its box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      const clipped = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>("button, a, h1, h2, h3, label, p, .sf-goods-tile *"))
          .filter((el) => el.offsetParent && (el.textContent ?? "").trim() && getComputedStyle(el).overflow === "hidden")
          // Screen-reader-only labels are 1 px boxes by design; [data-clamp] marks a deliberate line clamp.
          .filter((el) => el.scrollHeight > el.clientHeight + 2 && el.clientWidth > 1 && !el.closest("[data-clamp]"))
          .map((el) => (el.textContent ?? "").trim().slice(0, 30)),
      );
      expect(clipped).toEqual([]);
      await expect(page.getByTestId("buy-button")).toHaveText(buyText ?? "");
      await expect(page.getByTestId("buy-button")).toBeInViewport();
    });
  }

test("every payment icon has its channel's name as its text alternative, and each channel's name is read once", async ({ page }) => {
  await openStore(page, "aurora");
  await logIn(page, await freshPlayer(page, "aurora"));
  await chooseRole(page);
  await chooseGoods(page, "Gems", 1);
  await openRecharge(page);
  const list = page.getByTestId("channel-list");
  const channels = list.locator("[data-channel]");
  expect(await channels.count()).toBeGreaterThan(3);
  for (const channel of await channels.all()) {
    const name = ((await channel.locator(".sf-channel__name").textContent()) ?? "").trim();
    await expect(channel.locator("img")).toHaveAttribute("alt", name);
    await expect(channel).toHaveAccessibleName(name);
  }
  // A method's sub-channels: the same in their popup.
  await list.locator('[aria-haspopup="dialog"]').first().click();
  const subs = page.getByTestId("sub-channel-list").getByRole("button");
  expect(await subs.count()).toBeGreaterThan(1);
  for (const sub of await subs.all()) {
    const name = ((await sub.locator(".sf-channel__name").textContent()) ?? "").trim();
    await expect(sub.locator("img")).toHaveAttribute("alt", name);
    await expect(sub).toHaveAccessibleName(name);
  }
  // The accessibility tree: the button named once by its name, its picture carrying the same name.
  const first = ((await subs.first().locator(".sf-channel__name").textContent()) ?? "").trim();
  const escaped = first.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  expect(await page.getByTestId("sub-channel-list").ariaSnapshot()).toMatch(
    new RegExp(`- button "${escaped}"[^\\n]*:\\n\\s+- img "${escaped}"`),
  );
});

test("a page opened from another starts at its top: nothing of it lies under the sticky header (old layout's recharge, 360 px)", async ({
  page,
}) => {
  await page.goto(brandUrl("aurora", `${LAYOUTS.old}`));
  await toGoods(page);
  await logIn(page, await freshPlayer(page, "aurora", "vip"));
  await chooseRole(page);
  // The goods are chosen down the page: the page is scrolled when Buy opens the recharge page.
  await chooseGoods(page, "Gems", 3);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await openRecharge(page);
  await expect(page.getByTestId("coupon-row")).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // As the player finds it, not scrolled to the top first: the coupon row was under the header.
  expect(await axeFindings(page)).toEqual([]);
});
