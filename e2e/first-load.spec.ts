import { expect, type Page, type Route, test } from "@playwright/test";
import { FIRST_CONTENT_MARK } from "../core/browser/marks.ts";
import { demoConfig } from "./fixture.ts";
import { storefronts } from "./gallery/matrix.ts";
import { brandUrl } from "./helpers.ts";
import { chooseGoods, chooseRole, logIn, openRecharge, openStore } from "./journey.ts";

const config = await demoConfig();
const defaults = storefronts(config, []);
const stores = defaults.filter((s) => s.brand === defaults[0]?.brand);

/** The top-up page's platform data: the game list, page config, goods and servers. */
const TOP_UP_CALLS = ["/api/pay/getGameListV2", "/api/config/recharge", "/api/pay/getProductList", "/api/pay/getServerList"];
const PLATFORM = /\/(api|util)\//;

/** Holds every script of the page until `until` settles, or until the returned function is called. */
async function holdScripts(page: Page, until?: Promise<void>): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  void until?.then(release);
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

for (const store of stores) {
  test(`${store.layout} layout: the goods need one platform round trip, its calls asked for together`, async ({ page }) => {
    const held: Route[] = [];
    const asked = new Set<string>();
    let release: () => void = () => undefined;
    const allAsked = new Promise<void>((resolve) => {
      release = resolve;
    });
    // No answer leaves the platform until every call of the top-up has been asked for: a call that
    // waited for another's answer would never be asked, and the goods would never show.
    await page.route(PLATFORM, async (route) => {
      const path = new URL(route.request().url()).pathname;
      asked.add(path);
      if (TOP_UP_CALLS.every((c) => asked.has(c))) release();
      held.push(route);
      await allAsked;
      // The server list answers last and slowly, as a busy platform may: the goods show before it.
      if (path === "/api/pay/getServerList") await new Promise((r) => setTimeout(r, 1_500));
      await route.fallback();
    });
    await page.goto(brandUrl(store.brand, `/selectGoods?${store.query}`));
    await expect(page.getByTestId("goods-grid").locator(".sf-goods-tile").first()).toBeVisible();
    expect([...asked]).toEqual(expect.arrayContaining(TOP_UP_CALLS));
    // Every call of the top-up was asked for before the first content. The browser records a call
    // when its answer is in, which may be after the goods show (the servers above): so ask until then.
    const beforeContent = () =>
      page.evaluate(
        ([mark, pattern]) => {
          const at = performance.getEntriesByName(mark)[0]?.startTime ?? Number.POSITIVE_INFINITY;
          return performance
            .getEntriesByType("resource")
            .filter((e) => e.startTime <= at && new RegExp(pattern).test(new URL(e.name).pathname))
            .map((e) => new URL(e.name).pathname);
        },
        [FIRST_CONTENT_MARK, PLATFORM.source] as const,
      );
    await expect.poll(beforeContent).toEqual(expect.arrayContaining(TOP_UP_CALLS));
    // Each asked once: the page's first script starts them and the runtime takes its answers over.
    const times = (path: string) => held.filter((r) => new URL(r.request().url()).pathname === path).length;
    expect(TOP_UP_CALLS.map(times)).toEqual(TOP_UP_CALLS.map(() => 1));
    // And every platform call made before the first content was among those held.
    for (const path of await beforeContent()) expect(held.map((r) => new URL(r.request().url()).pathname)).toContain(path);
  });
}

for (const store of stores) {
  test(`${store.layout} layout: the top-up's calls and its banner start from the HTML, while the bundle is still on its way`, async ({
    page,
  }) => {
    // The bundle is held until the page has asked for the top-up's four calls and the banner: a
    // call or picture that waited for the bundle would never come, and the test would time out.
    const asked = new Set<string>();
    let release: () => void = () => undefined;
    const allAsked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const note = (path: string) => {
      asked.add(path);
      if ([...TOP_UP_CALLS, "banner"].every((c) => asked.has(c))) release();
    };
    let scriptsHeld = 0;
    page.on("request", (request) => {
      if (/\/assets\/.*\.js$/.test(request.url())) scriptsHeld++;
    });
    await holdScripts(page, allAsked);
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (TOP_UP_CALLS.includes(pathname)) note(pathname);
      if (pathname.startsWith("/sandbox/art/banner/")) {
        expect(request.resourceType()).toBe("image");
        note("banner");
      }
    });
    const calls: string[] = [];
    page.on("requestfinished", (request) => {
      if (PLATFORM.test(new URL(request.url()).pathname)) calls.push(new URL(request.url()).pathname);
    });
    await page.goto(brandUrl(store.brand, `/selectGoods?${store.query}`));
    await allAsked;
    expect(scriptsHeld).toBeGreaterThan(0);
    await expect(page.getByTestId("goods-grid").locator(".sf-goods-tile").first()).toBeVisible();
    await expect(page.locator("img.sf-banner__art")).toHaveJSProperty("complete", true);
    // The runtime took the answers over: each call went to the platform once.
    for (const path of TOP_UP_CALLS)
      expect(
        calls.filter((c) => c === path),
        path,
      ).toHaveLength(1);
  });
}

/** In the page: whether the shell's banner had loaded when the runtime took the shell over. */
const watchTakeOver = () =>
  new MutationObserver((records, observer) => {
    const shells = records
      .flatMap((r) => [...r.removedNodes])
      .filter((n): n is Element => n instanceof Element && n.matches("[data-shell]"));
    if (!shells.length) return;
    // Only the visit's layout has the first script's banner in it.
    const img = shells.map((shell) => shell.querySelector<HTMLImageElement>("[data-shell-banner] img")).find(Boolean);
    (window as { sfShellLeft?: { bannerLoaded: boolean } }).sfShellLeft = { bannerLoaded: Boolean(img?.complete && img.naturalWidth) };
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });

for (const store of stores) {
  test(`${store.layout} layout: a bundle in before the banner runs once the banner is in, so the runtime takes the banner over`, async ({
    page,
  }) => {
    // The banner is answered a quarter of a second after the runtime's entry has arrived (a picture
    // server slower than the bundle, within the half second the bundle waits once in): without the first script's wait,
    // the runtime would run at once and take the shell over with no banner in it.
    let entryIn: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      entryIn = resolve;
    });
    page.on("requestfinished", (request) => {
      if (/\/assets\/main-[\w-]+\.js$/.test(request.url())) entryIn();
    });
    await page.route("**/sandbox/art/banner/**", async (route) => {
      await arrived;
      await new Promise((resolve) => setTimeout(resolve, 250));
      await route.fallback();
    });
    await page.addInitScript(watchTakeOver);
    await page.goto(brandUrl(store.brand, `/selectGoods?${store.query}`));
    await expect(page.locator("[data-shell]")).toHaveCount(0);
    expect(await page.evaluate(() => (window as { sfShellLeft?: unknown }).sfShellLeft)).toEqual({ bannerLoaded: true });
    await expect(page.getByTestId("goods-grid").locator(".sf-goods-tile").first()).toBeVisible();
  });
}

test("a banner that never comes holds the runtime back only until its time limit", async ({ page }) => {
  const [store] = stores;
  if (!store) throw new Error("no storefront");
  // Never answered: the runtime starts anyway, and the player can buy.
  await page.route("**/sandbox/art/banner/**", () => new Promise<void>(() => undefined));
  await page.addInitScript(watchTakeOver);
  await page.goto(brandUrl(store.brand, `/selectGoods?${store.query}`), { waitUntil: "commit" });
  await expect(page.getByTestId("goods-grid").locator(".sf-goods-tile").first()).toBeVisible();
  await expect(page.locator("[data-shell]")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { sfShellLeft?: unknown }).sfShellLeft)).toEqual({ bannerLoaded: false });
});

test.describe("an error answered to the page's first calls, before the runtime has rendered", () => {
  /**
   * Answers every request for `path` with `code`, and holds the page's scripts until it has been
   * asked: the answer is in before the runtime runs, as on a slow phone with a fast platform.
   */
  async function refuse(page: Page, path: string, code: number): Promise<void> {
    let asked: () => void = () => undefined;
    const wasAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    await page.route(`**${path}**`, async (route) => {
      asked();
      await route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({ code, message: "Please log in again", content: null }),
      });
    });
    await holdScripts(page, wasAsked);
  }

  test("-600 to a returning player's kept token: the account is forgotten and the login opens", async ({ page }) => {
    await openStore(page, "sakura");
    await logIn(page, "sakura_vip");
    await refuse(page, "/api/pay/getProductList", -600);
    await page.reload();
    await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();
    await expect(page.getByText("Please log in again")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("oauth_token"))).toBeNull();
  });

  test("-3014 to a link's sales area: the kept area is cleared and the store says the link is wrong", async ({ page }) => {
    await refuse(page, "/api/pay/getGameListV2", -3014);
    await page.goto(brandUrl("jade", "/selectGoods?domain_area=hk&spec_lang=en"));
    await expect(page).toHaveURL(/\/notArea/);
    await expect(page.getByRole("heading", { name: "Invalid parameters" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("payment_domain_area"))).toBeNull();
  });
});

test("a returning player sees the game kept from the last visit at once, while the list is asked again", async ({ page }) => {
  await openStore(page, "aurora");
  const name = await page.getByTestId("game-name").textContent();
  expect(name).toBeTruthy();

  let answered = false;
  await page.route("**/api/pay/getGameListV2**", async (route) => {
    await new Promise((r) => setTimeout(r, 4_000));
    answered = true;
    await route.fallback();
  });
  await page.reload();
  await expect(page.getByTestId("game-name")).toHaveText(name ?? "", { timeout: 2_000 });
  await expect(page.locator("img.sf-banner__art")).toBeVisible();
  expect(answered).toBe(false);
  // The list is still asked for: the kept one is shown, never trusted as current.
  await expect.poll(() => answered, { timeout: 10_000 }).toBe(true);
});

test.describe("code that fails to load", () => {
  // The worker would answer from its cache (and out of the page's routes): these are about the network.
  test.use({ serviceWorkers: "block" });

  /** Answers requests for the chunk whose file name starts with `name` with a network failure, `times` times (all when undefined). */
  async function failChunk(page: Page, name: string, times?: number): Promise<() => number> {
    let failed = 0;
    await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route) => {
      if (times === undefined || failed < times) {
        failed++;
        await route.abort("internetdisconnected");
      } else await route.fallback();
    });
    return () => failed;
  }

  test("a screen whose code fails to load once is loaded again, and the player carries on", async ({ page }) => {
    const failures = await failChunk(page, "RechargePanel", 1);
    await openStore(page, "aurora");
    await logIn(page, "aurora_player");
    await chooseRole(page, 1);
    await chooseGoods(page, "Gems", 0);
    await openRecharge(page);
    expect(failures()).toBe(1);
    await expect(page.getByTestId("part-error")).toHaveCount(0);
  });

  test("a screen whose code cannot be loaded says so with a way to try again; the rest of the store keeps working", async ({ page }) => {
    test.setTimeout(60_000);
    await failChunk(page, "MyPage");
    await page.goto(brandUrl("aurora", "/my?spec_lang=en&domain_area=universal"));
    // Three tries (1 s and 3 s apart), then the error in place of the page, under the store's header.
    const error = page.getByTestId("part-error");
    await expect(error).toBeVisible({ timeout: 15_000 });
    await expect(error).toContainText("Network error, try again later");
    await expect(page.getByRole("banner")).toBeVisible();
    await page.unroute(/\/assets\/MyPage-/);
    await error.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByTestId("part-error")).toHaveCount(0);
    // The runtime's page, not the HTML's shell of a reloaded page.
    await expect(page.locator("[data-shell]")).toHaveCount(0);
    await expect(page.locator("main#sf-main")).not.toBeEmpty();
  });
});

for (const store of stores) {
  test(`${store.layout} layout: the HTML paints the brand's header and the screen's skeleton before any script runs`, async ({
    browser,
  }) => {
    const brand = config.brands.find((b) => b.id === store.brand);
    if (!brand) throw new Error(`no brand ${store.brand}`);
    // Without scripts, what the player sees first: the store's frame in the brand's default layout, never an empty page.
    const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = await bare.newPage();
    await page.goto(brandUrl(store.brand, `/selectGoods?${store.query}`));
    const shell = page.locator("[data-shell]:visible");
    await expect(shell).toHaveCount(1);
    await expect(shell).toHaveAttribute("data-shell", brand.layout.default);
    await expect(shell.locator("header")).toContainText(brand.layout.default === "old" ? brand.name : "Top-up");
    await expect(shell.locator("header img")).toHaveJSProperty("complete", true);
    // The top-up as the runtime draws it for a player not yet signed in: the banner's place, the
    // account card, the goods' skeleton and the buy bar; the generic skeleton only for other paths.
    const screen = shell.locator("main .sf-purchase");
    await expect(screen.locator("> .sf-banner[data-shell-banner]")).toBeVisible();
    await expect(screen.locator("> .sf-recipient button")).toBeDisabled();
    await expect(screen.locator("> .sf-goods")).toHaveAttribute("aria-busy", "true");
    await expect(screen.locator("> .sf-buy-bar button")).toBeDisabled();
    await expect(shell.locator("main .sf-skeleton")).toBeHidden();
    expect((await screen.boundingBox())?.height).toBeGreaterThan(300);
    // In the brand's colours: the page's tokens are in the HTML.
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--sf-color-primary").trim());
    expect(primary.toLowerCase()).toBe(brand.themeColor.toLowerCase());
    await bare.close();
  });

  for (const width of [360, 1280]) {
    test(`${store.layout} layout at ${width} px: the shell shows the visit's layout, and the banner, the account card and the buy bar where the runtime will, before the bundle`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      // The bundle is held: what shows is the HTML and its first script's work.
      const release = await holdScripts(page);
      // (The page's load waits for its scripts: only the response is waited for.)
      await page.goto(brandUrl(store.brand, `/selectGoods?${store.query}`), { waitUntil: "commit" });
      const shell = page.locator("[data-shell]:visible");
      await expect(shell).toHaveAttribute("data-shell", store.layout);
      const early = shell.locator("[data-shell-banner] img.sf-banner__art");
      await expect(early).toHaveJSProperty("complete", true);
      expect(await early.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const before = await early.boundingBox();
      const src = await early.getAttribute("src");
      // The header's sign-in, the account card and the buy bar in their boxes, the goods where they will start.
      const parts = () =>
        page.evaluate(() =>
          [".sf-header__user", ".sf-purchase > .sf-recipient", ".sf-purchase > .sf-buy-bar", ".sf-purchase > .sf-goods"].map((selector) => {
            const box = [...document.querySelectorAll(selector)]
              .find((e) => (e as HTMLElement).offsetParent !== null)
              ?.getBoundingClientRect();
            return box && [box.x, box.y, box.width, selector.endsWith("goods") ? 0 : box.height].map(Math.round);
          }),
        );
      const shellParts = await parts();
      release();
      await expect(page.getByTestId("goods-grid").locator(".sf-goods-tile").first()).toBeVisible();
      await expect(page.locator("[data-shell]")).toHaveCount(0);
      // The same picture in the same box: taking over moves nothing of it.
      const after = await page.locator(".sf-banner img.sf-banner__art").boundingBox();
      expect(after).toEqual(before);
      expect(await parts()).toEqual(shellParts);
      expect(await page.locator(".sf-banner img.sf-banner__art").getAttribute("src")).toBe(src);
    });
  }
}

test("Arabic: the shell faces right to left and says no English before the runtime's Arabic", async ({ page }) => {
  const store = storefronts(config, ["ar"]).find((s) => s.lang === "ar");
  if (!store) throw new Error("no storefront sells in Arabic in the demo config");
  const release = await holdScripts(page);
  await page.goto(brandUrl(store.brand, `/selectGoods?${store.query}`), { waitUntil: "commit" });
  const shell = page.locator("[data-shell]:visible");
  await expect(shell.locator("[data-shell-banner] img")).toHaveCount(1);
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["ar", "rtl"]);
  // The shell's words are the brand's first language's: kept out of sight, their room kept.
  for (const words of await shell.locator("[data-shell-words]").all()) await expect(words).toBeHidden();
  release();
  await expect(page.getByTestId("goods-grid").locator(".sf-goods-tile").first()).toBeVisible();
  await expect(page.locator("[data-shell]")).toHaveCount(0);
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["ar", "rtl"]);
});

test("the runtime takes over the HTML's shell without moving what the player sees (CLS ≤ 0.01)", async ({ page }) => {
  const store = stores.find((s) => s.layout === config.brands.find((b) => b.id === s.brand)?.layout.default) ?? stores[0];
  if (!store) throw new Error("no storefront");
  await page.setViewportSize({ width: 360, height: 740 });
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.shifts += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(brandUrl(store.brand, `/selectGoods?${store.query}`));
  await expect(page.getByTestId("goods-grid").locator(".sf-goods-tile").first()).toBeVisible();
  await expect(page.locator("[data-shell]")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThanOrEqual(0.01);
});

/** What frames a screen, read from the visible layout: the step bar, the titles and the bottom navigation. */
const frame = (page: Page) =>
  page.evaluate(() => {
    const visible = (e: Element | null) => (e && (e as HTMLElement).offsetParent !== null ? e : null);
    const app = [...document.querySelectorAll(".sf-app")].find(
      (a) => (a as HTMLElement).offsetParent !== null || getComputedStyle(a).display !== "none",
    );
    // The rendered text: a title's words hidden by CSS (the shell's fallback name) are not read.
    const text = (selector: string) =>
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is compared
      (visible(app?.querySelector(selector) ?? null) as HTMLElement | null)?.innerText.trim() ?? null;
    return {
      step: text(".sf-steps li[aria-current=step] .sf-steps__index"),
      title: text(".sf-header__title"),
      pageTitle: text("main h1.sf-page-title"),
      nav: [...(app?.querySelectorAll(".sf-bottom-nav a") ?? [])].map(
        (a) => `${a.getAttribute("href")}${a.classList.contains("active") ? "*" : ""}`,
      ),
      gameChoice: Boolean(visible(app?.querySelector(".sf-card__title") ?? null)) && !app?.querySelector(".sf-goods, .sf-banner"),
    };
  });

test.describe("entry paths", () => {
  // Each visit's scripts are held: none may come from the service worker's cache instead.
  test.use({ serviceWorkers: "block" });
  for (const store of stores) {
    test(`${store.layout} layout: each entry path is served a shell framed as the runtime frames its screen`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 800 });
      for (const path of ["/", "/selectGoods", "/my", "/activity", "/notArea"]) {
        await page.unrouteAll({ behavior: "wait" });
        const release = await holdScripts(page);
        await page.goto(brandUrl(store.brand, `${path}?${store.query}`), { waitUntil: "commit" });
        await expect(page.locator("[data-shell]:visible"), path).toHaveAttribute("data-shell", store.layout);
        const shell = await frame(page);
        release();
        await expect(page.locator("[data-shell]")).toHaveCount(0);
        await expect(page.locator(`[data-layout="${store.layout}"]`)).toBeVisible();
        // The runtime's frame once its data is in (the events item waits for the page config).
        await expect.poll(() => frame(page), { message: path }).toEqual(shell);
      }
    });
  }
});

test("a player kept signed in is never asked to log in by the shell: its sign-in words keep their room unseen", async ({ page }) => {
  const store = stores.find((s) => s.layout === "old") ?? stores[0];
  if (!store) throw new Error("no storefront");
  const clientId = new URLSearchParams(store.query).get("client_id") ?? "";
  await page.goto(brandUrl(store.brand, "/robots.txt"));
  await page.evaluate((id) => {
    const user = { username: "kept_player", suid: "1", oauth_token: "kept-token", gp_id: 7 };
    localStorage.setItem("userMap", JSON.stringify({ value: { [id]: user }, expires: 0 }));
  }, clientId);
  const release = await holdScripts(page);
  await page.goto(brandUrl(store.brand, `/selectGoods?${store.query}`), { waitUntil: "commit" });
  const shell = page.locator("[data-shell]:visible");
  await expect(shell.locator(".sf-recipient")).toBeVisible();
  const signedOut = shell.locator("[data-shell-signed-out]");
  expect(await signedOut.count()).toBeGreaterThan(0);
  for (const part of await signedOut.all()) await expect(part).toBeHidden();
  release();
  await expect(page.getByTestId("account-name")).toHaveText("kept_player");
});
