// The installable storefront: each brand's manifest and PNG icons, Chrome's installability check,
// the service worker's offline shell with the offline notice, and the `pwa` install event.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type APIRequestContext, chromium, expect, type Page, test } from "@playwright/test";
import { entryFile } from "../core/browser/entry-pages.ts";
import { E2E_DIST } from "./fixture.ts";
import { brandUrl } from "./helpers.ts";

/** A GET of a brand's file from the test run's Node side (which cannot resolve *.localhost). */
const brandGet = (request: APIRequestContext, brand: string, path: string) =>
  request.get(`http://127.0.0.1:${process.env.SF_PORT}${path}`, { headers: { host: `${brand}.localhost:${process.env.SF_PORT}` } });

const locale = (lang: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "locales", `${lang}.json`), "utf8")) as { offline: { title: string } };

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** RGBA of one pixel of an image of the page's origin, decoded by the browser. */
function pixel(page: Page, src: string, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    async ({ src, x, y }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("no 2d context");
      ctx.drawImage(img, 0, 0);
      return [...ctx.getImageData(x, y, 1, 1).data];
    },
    { src, x, y },
  );
}

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

// aurora draws its icon from an SVG file, hanbit from the generated monogram.
for (const brand of ["aurora", "hanbit"]) {
  test(`${brand}: the manifest names 192, 512 and maskable PNG icons that load at those sizes`, async ({ page, request }) => {
    const res = await brandGet(request, brand, "/manifest.webmanifest");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await res.json()) as {
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ id: "/", start_url: "/", scope: "/", display: "standalone" });
    const pngs = manifest.icons.filter((i) => i.type === "image/png");
    expect(pngs.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of pngs) {
      const png = await brandGet(request, brand, icon.src);
      expect(png.status(), icon.src).toBe(200);
      expect(png.headers()["content-type"]).toBe("image/png");
      expect(pngSize(await png.body()), icon.src).toBe(icon.sizes);
    }

    await page.goto(brandUrl(brand, "/"));
    // The maskable icon is full bleed: its corner is the brand colour, opaque.
    const maskable = pngs.find((i) => i.purpose === "maskable")?.src ?? "";
    expect(await pixel(page, maskable, 0, 0)).toEqual([...rgb(manifest.theme_color), 255]);
    // The 'any' icon keeps the SVG's own shape: its rounded corner is transparent.
    expect((await pixel(page, "/icon-512.png", 0, 0))[3]).toBe(0);

    const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    const apple = await brandGet(request, brand, touch ?? "");
    expect(apple.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await apple.body())).toBe("180x180");
  });

  test(`${brand}: Chrome finds no installability error`, async () => {
    // Chrome never offers to install from an incognito profile, which is what a test context is.
    const profile = mkdtempSync(join(tmpdir(), "sf-pwa-"));
    const context = await chromium.launchPersistentContext(profile, test.info().project.use.launchOptions ?? {});
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(brandUrl(brand, "/"));
      await expect(page.getByRole("banner")).toBeVisible();
      const cdp = await context.newCDPSession(page);
      await expect.poll(async () => (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors, { timeout: 15_000 }).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
}

test("the service worker is served uncached from the brand's root", async ({ request }) => {
  const res = await brandGet(request, "aurora", "/sw.js");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^(application|text)\/javascript/);
  expect(res.headers()["cache-control"]).toBe("no-cache");
  expect(await res.text()).toContain('const SHELL = ["/",');
});

/** Waits until the worker controls the page and has cached every asset the first render loaded. */
async function shellCached(page: Page, brand: string) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(brandUrl(brand, "/sw.js"));
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const assets = performance
          .getEntriesByType("resource")
          .map((e) => e.name)
          .filter((url) => url.startsWith(`${location.origin}/assets/`));
        const hits = await Promise.all(assets.map((url) => caches.match(url, { ignoreVary: true })));
        return assets.length > 0 && hits.every(Boolean);
      }),
    )
    .toBe(true);
}

for (const [brand, path, lang] of [
  ["sakura", "/selectGoods?spec_lang=ja", "ja"],
  ["hanbit", "/", "en"],
] as const) {
  test(`${brand}: a repeat visit renders offline with the offline notice, which goes when the connection is back`, async ({
    page,
    context,
  }) => {
    const { title } = locale(lang).offline;
    await page.goto(brandUrl(brand, path));
    await expect(page.getByTestId("game-name")).toBeVisible();
    await expect(page.getByTestId("offline-notice")).toHaveCount(0);
    await shellCached(page, brand);

    await context.setOffline(true);
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    // The page drawn for this path (where the runtime's redirect left it), from the worker's cache.
    const file = entryFile(new URL(page.url()).pathname);
    expect(await response?.text()).toBe(readFileSync(join(E2E_DIST, "brands", brand, file), "utf8"));
    const header = page.getByRole("banner");
    await expect(header).toBeVisible();
    expect(await header.locator('img[src="/icon-96.png"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId("offline-notice")).toContainText(title);
    // Calls wait for the connection instead of each failing with its own error.
    await page.waitForTimeout(1000);
    await expect(page.locator(".sf-toast")).toHaveCount(0);

    await context.setOffline(false);
    await expect(page.getByTestId("offline-notice")).toHaveCount(0);
    await expect(page.getByTestId("game-name")).toBeVisible();
  });
}

test("the worker caches no platform call, and a new worker deletes the caches of older versions", async ({ page }) => {
  await page.goto(brandUrl("sakura", "/selectGoods"));
  await expect(page.getByTestId("game-name")).toBeVisible();
  await shellCached(page, "sakura");
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(cached).toContain("/");
  expect(cached).toContain("/manifest.webmanifest");
  expect(cached.filter((p) => /^\/(api|util|service|sandbox)\//.test(p))).toEqual([]);

  // A cache left by an older build, then a fresh install of the worker.
  await page.evaluate(async () => {
    await caches.open("sf-shell-0000000000");
    await (await navigator.serviceWorker.getRegistration())?.unregister();
  });
  await page.reload();
  await shellCached(page, "sakura");
  const names = await page.evaluate(() => caches.keys());
  expect(names.filter((n) => n.startsWith("sf-shell-"))).toHaveLength(1);
  expect(names).not.toContain("sf-shell-0000000000");
});

test("installing the app is tracked as the pwa event", async ({ page, request }) => {
  const session = `e2e-pwa-${Date.now()}`;
  await page.addInitScript((s) => localStorage.setItem("paymentUuid", JSON.stringify({ value: s, expires: 0 })), session);
  await page.goto(brandUrl("hanbit", "/"));
  await expect(page.getByTestId("game-name")).toBeVisible();
  // The install events are listened for from when the worker is registered (after the first content).
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.evaluate(() => window.dispatchEvent(new Event("appinstalled")));
  await expect
    .poll(async () => {
      const res = await request.get(`http://127.0.0.1:${process.env.SF_PORT}/sandbox/tracking?name=pwa`);
      const events = (await res.json()).content.events as { payload: { did: string; data: Record<string, unknown> } }[];
      return events.filter((e) => e.payload.did === session).map((e) => e.payload.data.action);
    })
    .toContain("installed");
});
