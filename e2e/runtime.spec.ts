// Runtime core in Chromium: sales area, language, failover, retries, layouts.
import { expect, test } from "@playwright/test";
import { brandUrl } from "./helpers.ts";
import { shown } from "./journey.ts";

test.describe("sales area", () => {
  test("no area in the link and none saved: /notArea with the brand's contact", async ({ page }) => {
    await page.goto(brandUrl("aurora", "/"));
    await expect(page).toHaveURL(/\/notArea$/);
    await expect(page.getByRole("heading", { name: "Invalid parameters" })).toBeVisible();
    await expect(page.getByText("This link has no valid sales area.")).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: "Customer service" })).toHaveAttribute(
      "href",
      "https://help.aurora.example/contact",
    );
  });

  test("the client id's game picks the area (and its layout); domain_area next; the saved area after", async ({ page }) => {
    await page.goto(brandUrl("aurora", "/?client_id=1002001"));
    await expect(page).toHaveURL(/\/selectGoods\?client_id=1002001$/);
    await expect(page.getByTestId("game-name")).toHaveText("Tidecall");
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();

    await page.goto(brandUrl("jade", "/"));
    await expect(page).toHaveURL(/\/notArea$/);
    await page.goto(brandUrl("jade", "/?domain_area=hk"));
    await expect(page).toHaveURL(/\/selectGame\?domain_area=hk$/);
    await expect(page.getByRole("navigation", { name: "Purchase steps" })).toBeVisible();
    await expect(page.getByTestId("game-list").locator('[aria-current="true"]')).toHaveText("港灣之王 Harbour King");
    // The area is remembered: the bare link now opens the store, not /notArea.
    await page.goto(brandUrl("jade", "/"));
    await expect(page).toHaveURL(/\/selectGame$/);
  });
});

test.describe("language", () => {
  test("the Chinese scripts are translated (codes with a region, looked up as written)", async ({ page }) => {
    await page.goto(brandUrl("jade", "/selectGoods?domain_area=twhk&spec_lang=zh-tw"));
    await expect(page.getByRole("heading", { name: "選擇商品" })).toBeVisible();
    await page.goto(brandUrl("jade", "/selectGoods?domain_area=twhk&spec_lang=zh-cn"));
    await expect(page.getByRole("heading", { name: "选择商品" })).toBeVisible();
  });

  test("spec_lang first, then the saved choice, then the browser, then the area's default", async ({ browser }) => {
    // Three browser contexts and six page loads: more than the default 30 s on a busy 2-core machine.
    test.setTimeout(60_000);
    const context = await browser.newContext({ locale: "ja-JP" });
    const page = await context.newPage();
    await page.goto(brandUrl("sakura", "/selectGoods"));
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await page.goto(brandUrl("sakura", "/selectGoods?spec_lang=en"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Select character and goods" })).toBeVisible();
    await page.getByLabel("Language").selectOption("ja");
    await expect(page.getByRole("heading", { level: 1, name: "キャラクターと商品を選択" })).toBeVisible();
    await page.goto(brandUrl("sakura", "/selectGoods"));
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await context.close();

    const german = await browser.newContext({ locale: "de-DE" });
    const p2 = await german.newPage();
    await p2.goto(brandUrl("hanbit", "/"));
    // German is not offered in the kr area: the area's default, Korean.
    await expect(p2.locator("html")).toHaveAttribute("lang", "ko");
    await german.close();
  });

  test("Arabic renders right to left, mirrored", async ({ browser }) => {
    const context = await browser.newContext({ locale: "ar-SA", viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(brandUrl("aurora", "/?domain_area=mea"));
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    // The game's name is an isolate in Arabic text (runtime/lib/bidi.ts).
    await expect(page.getByTestId("game-name")).toHaveText(shown("Dunesong"));
    const logo = await page.locator("header img").boundingBox();
    expect(logo?.x ?? 0).toBeGreaterThan(180);
    await context.close();
  });
});

test.describe("API failover", () => {
  test("with the primary host unreachable the games load from the backup, which is remembered", async ({ page }) => {
    test.setTimeout(60_000);
    const primary = new URL(brandUrl("aurora")).host;
    let primaryTries = 0;
    await page.route(`http://${primary}/api/**`, (route) => {
      primaryTries++;
      return route.abort("connectionrefused");
    });
    await page.goto(brandUrl("aurora", "/?client_id=1001003"));
    await expect(page.getByTestId("game-name")).toHaveText("Starfall Legends", { timeout: 30_000 });
    // Every call that started before the backup answered tried the primary three times.
    expect(primaryTries).toBeGreaterThanOrEqual(3);
    expect(primaryTries % 3).toBe(0);
    const remembered = await page.evaluate(() => JSON.parse(localStorage.getItem("paymentBakApi") ?? "{}").value);
    expect(remembered).toBe(`http://backup1.${primary}`);
  });

  test("when every try fails the player sees the network toast", async ({ page }) => {
    test.setTimeout(60_000);
    // Demo mode has no backups: three tries, four seconds apart, then the toast.
    await page.route("**/api/**", (route) => route.abort("connectionrefused"));
    await page.goto(brandUrl("aurora", "/?client_id=1001003", "demo"));
    await expect(page.getByRole("status")).toHaveText("Network error, try again later", { timeout: 20_000 });
  });
});

test.describe("layouts", () => {
  test("new layout: the header hides on scrolling down and returns on scrolling up; bottom nav only on its routes", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 480 }, locale: "en-US" });
    const page = await context.newPage();
    await page.goto(brandUrl("borealis", "/selectGoods"));
    // The runtime's header (the HTML's shell has its own until the runtime takes over).
    const header = page.locator("[data-layout] header");
    await expect(header).toHaveAttribute("data-hidden", "false");
    await page.mouse.move(180, 300);
    await page.mouse.wheel(0, 150);
    await expect(header).toHaveAttribute("data-hidden", "true");
    await page.mouse.wheel(0, -60);
    await expect(header).toHaveAttribute("data-hidden", "false");
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
    await page.goto(brandUrl("hanbit", "/userCenter"));
    await expect(page.locator("html")).toHaveAttribute("data-brand", "hanbit");
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);
    await context.close();
  });

  test("new layout: keyboard focus entering the hidden header shows it at once (WCAG 2.4.11)", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 480 }, locale: "en-US" });
    const page = await context.newPage();
    await page.goto(brandUrl("borealis", "/selectGoods"));
    await expect(page.getByTestId("goods-grid")).toBeVisible();
    // The runtime's header (the HTML's shell has its own until the runtime takes over).
    const header = page.locator("[data-layout] header");
    await page.mouse.move(180, 300);
    await page.mouse.wheel(0, 150);
    await expect(header).toHaveAttribute("data-hidden", "true");
    // Shift+Tab from the first stop after the header lands on its language picker without scrolling.
    const focusHeader = async () => {
      await page.evaluate(() => {
        const first = document.querySelector<HTMLElement>("#sf-main button, #sf-main a[href], #sf-main select");
        first?.focus({ preventScroll: true });
      });
      await page.keyboard.press("Shift+Tab");
      return page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return { inHeader: !!el.closest("header"), visible: !!hit && (hit === el || el.contains(hit)) };
      });
    };
    expect(await focusHeader()).toEqual({ inHeader: true, visible: true });
    // And while it slides back in after a scroll up (0.2 s): focus ends the slide at once.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.wheel(0, 150);
    await expect(header).toHaveAttribute("data-hidden", "true");
    await page.mouse.wheel(0, -60);
    await expect(header).toHaveAttribute("data-hidden", "false");
    expect(await focusHeader()).toEqual({ inHeader: true, visible: true });
    await context.close();
  });

  test("old layout: the step bar marks the current step", async ({ page }) => {
    await page.goto(brandUrl("sakura", "/selectGoods?spec_lang=en"));
    const steps = page.getByRole("navigation", { name: "Purchase steps" });
    await expect(steps.locator('[aria-current="step"]')).toContainText("Select character and goods");
    // The first step leads back to the game choice; the link's keys come along.
    await steps.getByRole("button", { name: /Select game/ }).click();
    await expect(page).toHaveURL(/\/selectGame$/);
    await expect(steps.locator('[aria-current="step"]')).toContainText("Select game");
  });
});

test.describe("entry links", () => {
  const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
  const IPHONE =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

  for (const [os, ua, clientId] of [
    ["Android", ANDROID, "1002001"],
    ["iOS", IPHONE, "1002002"],
  ] as const) {
    test(`a short link on ${os} lands with that OS's client id and the link's area`, async ({ browser }) => {
      const context = await browser.newContext({ userAgent: ua, locale: "en-US" });
      const page = await context.newPage();
      await page.goto(brandUrl("aurora", "/@tide"));
      // Two loads of the store (the code's page, then the entry link it leads to) before this URL.
      await expect(page).toHaveURL(new RegExp(`/selectGoods\\?client_id=${clientId}&domain_area=sea$`), { timeout: 20_000 });
      await expect(page.getByTestId("game-name")).toHaveText("Tidecall");
      await context.close();
    });
  }

  test("a game code opens its game; an unknown code shows the parameter-error page", async ({ page }) => {
    await page.goto(brandUrl("jade", "/@lotusmoon"));
    await expect(page).toHaveURL(/client_id=4003003&domain_area=codapay$/);
    await expect(page.getByTestId("game-name")).toHaveText("Lotus Moon");
    await page.goto(brandUrl("jade", "/@nothing-here"));
    await expect(page).toHaveURL(/\/showError$/);
    await expect(page.getByRole("heading", { name: "Page parameter error" })).toBeVisible();
  });

  test("replenish_id, the configured keys and idfv follow the player to the next route", async ({ page }) => {
    await page.goto(brandUrl("aurora", "/nowhere?domain_area=eru&client_id=1003001&replenish_id=rp-1&utm_source=ads&idfv=dev-9&other=x"));
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/selectGame\?/);
    const query = new URL(page.url()).searchParams;
    expect([query.get("replenish_id"), query.get("utm_source"), query.get("idfv"), query.get("other")]).toEqual([
      "rp-1",
      "ads",
      "dev-9",
      null,
    ]);
  });
});

test.describe("robustness", () => {
  test("blocked storage shows the cookie warning and the shop still works", async ({ page }) => {
    await page.addInitScript(() => {
      const refuse = () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      };
      Storage.prototype.setItem = refuse;
      Storage.prototype.getItem = refuse;
    });
    await page.goto(brandUrl("sakura", "/selectGoods?spec_lang=en"));
    await expect(page.getByRole("alert")).toHaveText(/Cookies are blocked or you are in private mode/);
    await expect(page.getByTestId("game-name")).toHaveText("月影の剣 Moonblade");
  });

  test("corrupt values in storage are discarded", async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem("perfLang", "{broken");
      localStorage.setItem("payment_domain_area", JSON.stringify({ value: 42, expires: 0 }));
      localStorage.setItem("paymentBakApi", "not json");
    });
    await page.goto(brandUrl("sakura", "/selectGoods?spec_lang=en"));
    await expect(page.getByTestId("game-name")).toHaveText("月影の剣 Moonblade");
  });

  test("the pseudo-locale shows keys", async ({ page }) => {
    await page.goto(brandUrl("sakura", "/selectGoods?spec_lang=keys"));
    await expect(page.getByRole("heading", { level: 1, name: "steps.selectRoleGoods" })).toBeVisible();
  });
});

test.describe("Korean payment script", () => {
  test("loads on desktop when the site is in Korean, not on a phone", async ({ browser }) => {
    const desktop = await browser.newContext({ locale: "ko-KR" });
    const page = await desktop.newPage();
    await page.goto(brandUrl("hanbit", "/selectGoods"));
    await expect(page.locator("script[data-sf-kr-pay]")).toHaveCount(1);
    await expect.poll(() => page.evaluate(() => typeof (window as unknown as { SandboxKrPay?: unknown }).SandboxKrPay)).toBe("object");
    await desktop.close();
    const phone = await browser.newContext({
      locale: "ko-KR",
      userAgent: "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36",
    });
    const mobile = await phone.newPage();
    await mobile.goto(brandUrl("hanbit", "/selectGoods"));
    await expect(mobile.getByTestId("game-name")).toBeVisible();
    await expect(mobile.locator("script[data-sf-kr-pay]")).toHaveCount(0);
    await phone.close();
  });
});

test.describe("platform answers", () => {
  test("-3014 from the platform clears the saved area and goes to /notArea", async ({ page }) => {
    await page.route("**/api/pay/getGameListV2**", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({ code: -3014, message: "this link has no valid sales area", content: null }),
      }),
    );
    await page.goto(brandUrl("jade", "/?domain_area=hk"));
    await expect(page).toHaveURL(/\/notArea/);
    await expect(page.getByRole("heading", { name: "Invalid parameters" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("payment_domain_area"))).toBeNull();
  });

  test("the page view reaches the tracking sink with the brand's ids", async ({ page, request }) => {
    const session = `e2e-${Date.now()}`;
    await page.addInitScript((s) => localStorage.setItem("paymentUuid", JSON.stringify({ value: s, expires: 0 })), session);
    await page.goto(brandUrl("sakura", "/selectGoods"));
    await expect(page.getByTestId("game-name")).toBeVisible();
    await expect
      .poll(async () => {
        const res = await request.get(`http://127.0.0.1:${process.env.SF_PORT}/sandbox/tracking?name=viewPage`);
        const events = (await res.json()).content.events as { payload: { did: string; app_id: string; event_id: string } }[];
        return events.find((e) => e.payload.did === session)?.payload;
      })
      .toMatchObject({ app_id: "sakura-web", event_id: "18" });
  });
});
