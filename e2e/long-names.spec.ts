// Long names at 320 px (issue 40, item 5), in both layouts and in Arabic: a username shows on one
// line, cut with an ellipsis, the whole of it in the page for screen readers, in `title` for a
// pointer and shown whole when it takes focus; a game's name takes at most 3 lines, cut the same
// way; no word is broken inside itself. The test's own long names: an account made by a Twitter
// sign-in (`twitter:<name>`, README "Sandbox accounts") and the game list renamed on its way in.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { brandUrl } from "./helpers.ts";
import { toGoods } from "./journey.ts";

const SANDBOX = () => `http://127.0.0.1:${process.env.SF_PORT}`;
const LONG_UID = "zephyrhidden_target_of_the_longest_name";
const USERNAME = `twitter:${LONG_UID}`;
const LONG_GAME = "Starfall Legends Chronicles of the Forgotten Kingdoms and the Endless Night Reforged";

const STORES = [
  { name: "new layout", clientId: "1001003", query: "client_id=1001003&domain_area=universal&spec_lang=en" },
  { name: "old layout", clientId: "1003003", query: "client_id=1003003&domain_area=eru&spec_lang=en" },
  { name: "new layout, Arabic", clientId: "1004003", query: "client_id=1004003&domain_area=mea&spec_lang=ar" },
] as const;

test.use({ viewport: { width: 320, height: 640 } });

interface NameView {
  /** The text in the page, without direction marks: what a screen reader reads. */
  text: string;
  /** Lines drawn, and whether some of the name is hidden. */
  lines: number;
  cut: boolean;
  ellipsis: boolean;
  title: string | null;
  focusable: boolean;
}

function nameView(name: Locator): Promise<NameView> {
  return name.evaluate((el: HTMLElement) => {
    const style = getComputedStyle(el);
    const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
    // Cut: some of it hidden by its own box, or by a box around it that clips what overflows it.
    let cut = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    const box = el.getBoundingClientRect();
    for (let around = el.parentElement; around && !cut; around = around.parentElement) {
      const clips = getComputedStyle(around);
      if (clips.overflowX === "visible" && clips.overflowY === "visible") continue;
      const edge = around.getBoundingClientRect();
      cut = box.top < edge.top - 1 || box.bottom > edge.bottom + 1 || box.left < edge.left - 1 || box.right > edge.right + 1;
    }
    return {
      text: (el.textContent ?? "").replace(/[\u2066-\u2069]/g, ""),
      lines: Math.round(el.clientHeight / lineHeight),
      cut,
      ellipsis: style.textOverflow === "ellipsis",
      title: el.getAttribute("title"),
      focusable: el.tabIndex >= 0 || el.closest("a[href], button") !== null,
    };
  });
}

/** Cut, with the ellipsis, its whole value in the page and on hover, and shown whole on focus. */
async function expectCutButWhole(name: Locator, full: string, maxLines: number): Promise<void> {
  // A name just drawn is measured in the frame after (its ResizeObserver): then it can take focus.
  await expect.poll(() => nameView(name)).toMatchObject({ cut: true, ellipsis: true, focusable: true });
  const view = await nameView(name);
  expect(view.text).toContain(full);
  expect(view.lines).toBeLessThanOrEqual(maxLines);
  expect(view.title ?? (await name.locator("xpath=ancestor::*[@title][1]").getAttribute("title"))).toContain(full);
  // Focused (by Tab, or the control it is in), the whole name is on screen.
  await name.evaluate((el: HTMLElement) => (el.tabIndex >= 0 ? el : el.closest<HTMLElement>("a[href], button"))?.focus());
  await expect.poll(async () => (await nameView(name)).cut).toBe(false);
  await name.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Latin words on screen drawn over more than one line: a word broken inside itself. */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      if (!node.parentElement?.checkVisibility({ visibilityProperty: true })) continue;
      for (const word of node.data.matchAll(/[\p{Script=Latin}\p{Nd}_:.@-]{2,}/gu)) {
        const tops = new Set<number>();
        for (let i = word.index ?? 0; i < (word.index ?? 0) + word[0].length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const box = range.getBoundingClientRect();
          if (box.width > 0) tops.add(Math.round(box.top / 4));
        }
        if (tops.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

/** The long-named account, signed in on the page's storage for these games (as a returning player). */
async function signInLongName(page: Page, clientIds: readonly string[]): Promise<string> {
  const res = await page.request.post(`${SANDBOX()}/util/login/twitter_redirect`, {
    data: { oauth_token: `sbx_${LONG_UID}`, oauth_verifier: "approved", client_id: clientIds[0] },
  });
  const user = ((await res.json()) as { content: { username: string; oauth_token: string } }).content;
  expect(user.username).toBe(USERNAME);
  await page.goto(brandUrl("aurora", "/robots.txt"));
  await page.evaluate(
    ([ids, kept]) => {
      localStorage.setItem("userMap", JSON.stringify({ value: Object.fromEntries(ids.map((id) => [id, kept])), expires: 0 }));
    },
    [clientIds, user] as const,
  );
  return user.oauth_token;
}

for (const store of STORES)
  test(`a long username on one line, cut, whole on hover and focus: ${store.name} at 320 px`, async ({ page }) => {
    const token = await signInLongName(page, [store.clientId]);
    await page.goto(brandUrl("aurora", `/selectGoods?${store.query}`));
    await toGoods(page);
    await expectCutButWhole(page.getByTestId("account-name"), USERNAME, 1);
    if (store.name === "old layout") await expectCutButWhole(page.getByTestId("header-my").locator(".sf-clipped"), USERNAME, 1);
    expect(await brokenWords(page)).toEqual([]);

    await page.goto(brandUrl("aurora", `/my?${store.query}`));
    await expectCutButWhole(page.getByTestId("my-username"), USERNAME, 1);
    expect(await brokenWords(page)).toEqual([]);

    // A make-up link for the account: the header names it, and so does the link's detail.
    await page.goto(brandUrl("aurora", `/selectGoods?${store.query.replace(/client_id=\d+/, "client_id=1001003")}`));
    const link = await page.request.post(`${SANDBOX()}/sandbox/replenish`, { data: { brand: "aurora", oauth_token: token } });
    expect(link.ok(), await link.text()).toBe(true);
    const { replenish_id: id } = ((await link.json()) as { content: { replenish_id: string } }).content;
    const lang = new URLSearchParams(store.query).get("spec_lang");
    await page.goto(brandUrl("aurora", `/replenishGoods?replenish_id=${id}&spec_lang=${lang}`));
    await expectCutButWhole(page.getByTestId("replenish-header").locator(".sf-clipped"), USERNAME, 1);
    await expectCutButWhole(page.getByTestId("replenish-user"), USERNAME, 1);
    expect(await brokenWords(page)).toEqual([]);
  });

/** The game list with every game and edition renamed to a long name. */
async function longGameNames(page: Page): Promise<void> {
  await page.route(/\/api\/pay\/getGameListV2/, async (route) => {
    // From Node, which does not resolve *.localhost: the platform answers on its address too.
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${SANDBOX()}${url.pathname}${url.search}` });
    const body = (await response.json()) as { content: { games: { name: string; sub_game: Record<string, { name: string }> }[] } };
    for (const game of body.content.games) {
      game.name = LONG_GAME;
      for (const sub of Object.values(game.sub_game)) sub.name = `${LONG_GAME} Edition`;
    }
    await route.fulfill({ response, json: body });
  });
}

for (const store of STORES.slice(0, 2))
  test(`a long game name takes at most 3 lines, cut, whole on hover and focus: ${store.name} at 320 px`, async ({ page }) => {
    await longGameNames(page);
    await page.goto(brandUrl("aurora", `/selectGame?${store.query}`));
    const games = page.getByTestId("game-list");
    if (store.name === "old layout") {
      // Step 1 lists the games: each name within 3 lines.
      await expect(games).toBeVisible();
      await expectCutButWhole(games.locator(".sf-clipped").first(), LONG_GAME, 3);
      expect(await brokenWords(page)).toEqual([]);
    }
    await page.goto(brandUrl("aurora", `/selectGoods?${store.query}`));
    await toGoods(page);
    await expectCutButWhole(page.getByTestId("game-name"), LONG_GAME, 3);
    expect(await brokenWords(page)).toEqual([]);
    if (store.name === "new layout") {
      await page.getByTestId("change-game").click();
      await expect(games).toBeVisible();
      await expectCutButWhole(games.locator(".sf-clipped").first(), LONG_GAME, 3);
      expect(await brokenWords(page)).toEqual([]);
    }
  });
