// Platform texts cannot run script: every text, HTML and URL the store shows from the platform's
// answers is replaced by known XSS vectors (e2e/fixtures/xss-vectors.ts), and none may run or leave
// a handler or script URL in the DOM. The page's CSP is bypassed, so the sanitising layer alone is
// what is tested; a control vector injected without sanitising proves the bypass.
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { HTML_VECTORS, payload, URL_VECTORS } from "./fixtures/xss-vectors.ts";
import { chooseRole, logIn, openRecharge, openStore } from "./journey.ts";

test.use({ bypassCSP: true, viewport: { width: 1280, height: 800 } });

const joined = (vectors: { value: string }[]) => vectors.map((v) => v.value).join(" ");
const ALL_HTML = joined(HTML_VECTORS);
/** Text fields get every vector, markup and URLs alike. */
const ALL_TEXT = `${ALL_HTML} ${joined(URL_VECTORS)}`;

const HTML_KEYS = new Set(["explanation", "faq_content"]);
const TEXT_KEYS = new Set([
  "name",
  "display",
  "bonus",
  "title",
  "level_name",
  "faq_title",
  "first_reward",
  "lock_reason",
  "game_name",
  "product_name",
  "server_name",
  "game_server_name",
  "role_name",
  "payway_name",
  "real_server",
]);
const URL_KEYS = new Set(["icon", "logo", "banner", "terms", "privacy", "pay_url", "url"]);

/**
 * Puts vectors into an answer's content: text fields get all of them, HTML fields too (goods
 * descriptions are handled by the caller, one vector each), URL fields one `javascript:`-like URL each.
 */
function poison(value: unknown, key = "", counter = { n: 0 }): unknown {
  if (Array.isArray(value)) return value.map((v) => poison(v, key, counter));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, k, counter)]));
  }
  if (typeof value !== "string") return value;
  if (HTML_KEYS.has(key)) return ALL_HTML;
  if (TEXT_KEYS.has(key)) return ALL_TEXT;
  if (key === "description") {
    // A channel's description is JSON with a tip; a goods' is HTML (see the product list below).
    return JSON.stringify({ tip: ALL_TEXT });
  }
  if (URL_KEYS.has(key)) return URL_VECTORS[counter.n++ % URL_VECTORS.length]?.value ?? "";
  return value;
}

/** Calls whose answers are shown to the player (login, config and tracking answers are left alone). */
const POISONED =
  /\/api\/(pay\/(getGameListV2|getServerList|getRoleList|getCountryList|getOrderInfo|orderList|getThirdGift|productPoints|[a-z_]+_pay|pay[A-Za-z]+|airwallex)|kr_pay\/|config\/game_logo|system\/allRoleList|coupons\/|cumulative\/)/;

async function poisonAnswers(context: BrowserContext, only?: RegExp): Promise<void> {
  await context.route(/\/(api|util)\//, async (route) => {
    const url = new URL(route.request().url());
    if (only ? !only.test(url.pathname) : !POISONED.test(url.pathname) && !url.pathname.endsWith("/getProductList"))
      return route.fallback();
    // Node does not resolve *.localhost: fetch from the loopback address with the page's Host.
    const response = await route.fetch({
      url: url.toString().replace(url.hostname, "127.0.0.1"),
      headers: { ...route.request().headers(), host: url.host },
    });
    const body = (await response.json()) as { code: number; content: unknown };
    if (body.code !== 1 || !body.content) return route.fulfill({ response, json: body });
    let content: unknown;
    if (url.pathname.endsWith("/getProductList")) {
      // The real goods (poisoned), then one more per HTML vector with that vector as its description.
      const list = body.content as { goods: Array<Record<string, unknown>>; types: unknown[] };
      const first = list.goods[0] ?? {};
      const extra = HTML_VECTORS.map((v, i) => ({
        ...first,
        value: `${String(first.value)}.xss${v.id}`,
        display: v.value,
        bonus: URL_VECTORS[i % URL_VECTORS.length]?.value,
        icon: URL_VECTORS[i % URL_VECTORS.length]?.value,
        description: v.value,
        isLimit: false,
      }));
      const poisoned = poison({ ...list, goods: list.goods.map((g) => ({ ...g, description: ALL_HTML })) }) as typeof list;
      content = { ...poisoned, goods: [...poisoned.goods, ...extra] };
    } else content = poison(body.content);
    return route.fulfill({ response, json: { ...body, content } });
  });
}

/** Proves the CSP is off: the same kind of handler, injected without sanitising, runs. */
async function controlRuns(page: Page): Promise<void> {
  await page.evaluate((script) => {
    const probe = document.createElement("div");
    probe.id = "xss-control";
    probe.innerHTML = `<img src=x onerror=${script}>`;
    document.body.append(probe);
  }, payload(0));
  await expect.poll(() => page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBe(0);
  await page.evaluate(() => {
    document.getElementById("xss-control")?.remove();
    delete (window as { __xss?: unknown }).__xss;
    localStorage.removeItem("__xss");
  });
}

/**
 * Installed in every page of the context as `window.__scan(scope)`: what ran (a vector's id) or
 * survived in the DOM under `scope` — handlers, script URLs, srcdoc, scripts, frames, base, refresh.
 */
function installScanner(): void {
  (window as unknown as { __scan: (scope: string) => string[] }).__scan = (scope) => {
    const found: string[] = [];
    const ran = (window as { __xss?: unknown }).__xss ?? localStorage.getItem("__xss");
    if (ran !== undefined && ran !== null) found.push(`vector ${String(ran)} ran`);
    // Browsers drop whitespace and control characters in a URL's scheme, so the test does too.
    const scriptUrl = (value: string) => /^(javascript|vbscript|data(?!:image\/)):/i.test(value.replace(/[^!-~]/g, ""));
    for (const el of document.querySelectorAll(`${scope}, ${scope} *`)) {
      for (const attr of el.attributes) {
        const name = attr.name.toLowerCase();
        if (name.startsWith("on")) found.push(`<${el.localName} ${name}>`);
        if (name === "srcdoc") found.push(`<${el.localName} srcdoc>`);
        if (/^(href|src|action|formaction|xlink:href|data|srcset|poster|background|values|to|from)$/.test(name) && scriptUrl(attr.value))
          found.push(`<${el.localName} ${name}="${attr.value.slice(0, 40)}">`);
      }
    }
    const root = document.getElementById("root");
    for (const el of root?.querySelectorAll("script, iframe:not([data-testid=embedded-pay]), object, embed, base, meta, link, style") ?? [])
      found.push(`<${el.localName}> in the store`);
    for (const el of document.querySelectorAll("base, meta[http-equiv=refresh i]")) found.push(`<${el.localName}> in the document`);
    return found;
  };
}

const findings = (page: Page, scope = "html") =>
  page.evaluate((s) => (window as unknown as { __scan: (scope: string) => string[] }).__scan(s), scope);

async function expectClean(page: Page, where: string): Promise<void> {
  // Handlers of images and media fire once their loads fail; give them the time to.
  await page.waitForTimeout(300);
  expect(await findings(page), where).toEqual([]);
}

test("platform texts, HTML and links are shown as text or sanitised: no vector runs (CSP bypassed)", async ({ page, context }) => {
  test.setTimeout(90_000);
  expect(HTML_VECTORS.length + URL_VECTORS.length).toBeGreaterThanOrEqual(50);
  await poisonAnswers(context);
  await context.addInitScript(installScanner);
  const popups: Page[] = [];
  context.on("page", (p) => popups.push(p));

  // Goods page, anonymous: game names and art, goods names, bonuses, art, type names, explanation.
  await openStore(page, "aurora");
  await controlRuns(page);
  await expect(page.locator('.sf-goods-tile[data-product*=".xss"]')).toHaveCount(HTML_VECTORS.length);
  await expectClean(page, "goods page");

  // The top-up explanation (every vector in one HTML text), then each goods' description, one vector each.
  const tipDialog = page.locator("dialog[open]").filter({ has: page.locator(".sf-rich-text") });
  await page.getByRole("button", { name: "Top-up explanation" }).click();
  await expect(tipDialog).toBeVisible();
  await expectClean(page, "top-up explanation");
  await tipDialog.getByRole("button", { name: "OK" }).click();
  // In one evaluate, for speed: open each tip with its button, scan the open dialog, close it.
  const perVector = await page.evaluate(
    async (ids) => {
      const until = async <T>(get: () => T | null | undefined): Promise<T> => {
        for (let i = 0; i < 500; i++) {
          const v = get();
          if (v) return v;
          await new Promise((r) => setTimeout(r, 10));
        }
        throw new Error("timed out");
      };
      const scan = (window as unknown as { __scan: (scope: string) => string[] }).__scan;
      const found: string[] = [];
      for (const id of ids) {
        const info = document
          .querySelector(`[data-product$=".xss${id}"]`)
          ?.closest("li")
          ?.querySelector<HTMLElement>(".sf-goods-tile__info");
        if (!info) throw new Error(`no goods for vector ${id}`);
        info.click();
        const dialog = await until(() => document.querySelector(".sf-rich-text")?.closest("dialog"));
        found.push(...scan("dialog[open]").map((f) => `vector ${id}: ${f}`));
        dialog.querySelector<HTMLElement>(".sf-dialog__header button")?.click();
        await until(() => !document.querySelector(".sf-rich-text"));
      }
      return found;
    },
    HTML_VECTORS.map((v) => v.id),
  );
  expect(perVector, "goods descriptions, one vector each").toEqual([]);
  await expectClean(page, "goods descriptions");

  // Logged in (a VIP with coupons): servers and characters, channels with their descriptions,
  // coupons, the VIP centre with its FAQ, events, and the order history.
  await logIn(page, "aurora_vip");
  await controlRuns(page);
  await chooseRole(page);
  await expectClean(page, "server and character");
  await page.getByTestId("goods-grid").locator(".sf-goods-tile").first().click();
  await openRecharge(page);
  await expect(page.getByTestId("channel-list").locator("[data-channel]").first()).toBeVisible();
  await expectClean(page, "recharge: channels");
  await page.getByTestId("coupon-row").getByRole("button").click();
  await expect(page.getByTestId("coupon-dialog").locator("[data-coupon]").first()).toBeVisible();
  await expectClean(page, "coupon popup");

  for (const [path, key] of [
    ["/userCenter", "vip-center"],
    ["/activity", "activity"],
    ["/my", "my"],
  ] as const) {
    // Client-side navigation: a page load per screen would cost seconds each.
    await page.evaluate((to) => {
      history.pushState(null, "", to);
      dispatchEvent(new PopStateEvent("popstate"));
    }, `${path}?spec_lang=en`);
    await expect(page.getByTestId(key)).toBeVisible();
    if (key === "vip-center") await expect(page.locator("[aria-labelledby=sf-vip-faq] .sf-rich-text")).not.toBeEmpty();
    await expectClean(page, path);
  }
  await expect(page.getByTestId("vip-center").or(page.getByTestId("my"))).toBeVisible();
  for (const p of popups) {
    if (p.isClosed() || p === page) continue;
    expect(p.url(), "a popup").not.toMatch(/^(javascript|data|vbscript):/i);
  }
});

test("a pay link that is not http(s) is never opened", async ({ page, context }) => {
  await poisonAnswers(context, /\/api\/pay\/paypal_pay$/);
  await context.addInitScript(installScanner);
  await openStore(page, "aurora");
  await logIn(page, "aurora_player");
  await controlRuns(page);
  await chooseRole(page);
  await page.getByTestId("goods-grid").locator(".sf-goods-tile").first().click();
  await openRecharge(page);
  await page.getByTestId("channel-list").locator("[data-channel^='10201_']").first().click();
  const opened: Page[] = [];
  context.on("page", (p) => opened.push(p));
  await page.getByTestId("pay-button").click();
  await expect(page.getByTestId("result")).toBeVisible();
  await page.waitForTimeout(500);
  for (const p of opened) if (!p.isClosed()) expect(p.url()).not.toMatch(/^(javascript|data|vbscript):/i);
  expect(await findings(page)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem("__xss"))).toBeNull();
});
