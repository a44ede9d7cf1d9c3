// Through a real nginx with the generated configuration (e2e/nginx-setup.ts): two brands on their
// production hosts over HTTPS (every host resolves to nginx on 127.0.0.1 in this browser), their
// headers as the Node server sends them plus HSTS, the goods (and their artwork, on links the
// platform builds from nginx's forwarded headers) and a login through the proxied platform, plain
// HTTP moved to HTTPS, and an unknown host answered with the unknown-host page.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Response, test } from "@playwright/test";
import autocannon from "autocannon";
import { entryFile } from "../core/browser/entry-pages.ts";
import { HSTS, responseHeaders } from "../core/browser/hosting/http-policy.ts";
import { CHROMIUM_ARGS, launchOptions } from "./browser.ts";
import { demoConfig, E2E_DIST } from "./fixture.ts";
import { storefronts } from "./gallery/matrix.ts";
import { logIn } from "./journey.ts";

/** The generated configuration is a production deploy's: no preview host in its policies. */
const PRODUCTION = { previewHosts: false };

test.use({
  ignoreHTTPSErrors: true,
  launchOptions: {
    ...launchOptions,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP * 127.0.0.1:${process.env.SF_NGINX_PORT}`, "--ignore-certificate-errors"],
  },
});

const dist = E2E_DIST;
const hosts = JSON.parse(readFileSync(join(dist, "hosts.json"), "utf8")) as Record<string, { brand: string; mode: string }>;
const config = await demoConfig();

// The first two brands, each on its first production host (not a preview host), in English where it has it.
const targets = config.brands.slice(0, 2).map((brand) => {
  const host = Object.entries(hosts).find(([h, e]) => e.brand === brand.id && e.mode === "production" && !h.endsWith(".localhost"))?.[0];
  const store =
    storefronts(config, ["en"]).find((s) => s.brand === brand.id && s.lang === "en") ??
    storefronts(config, []).find((s) => s.brand === brand.id);
  if (!host || !store) throw new Error(`no production host or storefront for ${brand.id}`);
  return { brand, host, store };
});

const expectHeaders = (response: Response | null, expected: Record<string, string>) => {
  expect(response).not.toBeNull();
  const got = response?.headers() ?? {};
  for (const [name, value] of Object.entries(expected)) expect(got[name], name).toBe(value);
};

for (const { brand, host, store } of targets) {
  test(`${brand.id} on https://${host}: its page, headers and caching as the Node server's, goods and a login through the platform`, async ({
    page,
  }) => {
    const assets: Response[] = [];
    page.on("response", (r) => {
      if (new URL(r.url()).pathname.startsWith("/assets/main-")) assets.push(r);
    });
    const response = await page.goto(`https://${host}/selectGoods?${store.query}`);
    expect(response?.status()).toBe(200);
    expectHeaders(response, {
      ...responseHeaders("page", readFileSync(join(dist, "brands", brand.id, "index.html"), "utf8"), PRODUCTION),
      ...HSTS,
    });
    await expect(page).toHaveTitle(brand.title);
    await expect(page.locator("html")).toHaveAttribute("data-brand", brand.id);
    // The goods come from the platform behind nginx, called on the brand's own API host.
    await expect(page.getByTestId("goods-grid").locator(".sf-goods-tile").first()).toBeVisible();
    // Artwork links are built by the platform from X-Forwarded-Proto/-Host: HTTPS, on the API host, and they load.
    const art = page.getByTestId("goods-grid").locator("img.sf-goods-tile__art").first();
    await art.scrollIntoViewIfNeeded();
    await expect(art).toHaveAttribute(
      "src",
      new RegExp(`^https://${brand.api.production.primary.replace(/^https:\/\//, "").replace(/\./g, "\\.")}/`),
    );
    await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const asset = assets[0];
    expect(asset, "the runtime's entry script").toBeDefined();
    expectHeaders(asset ?? null, { ...responseHeaders("asset"), ...HSTS });
    // The build's precompressed copy, sent as it is.
    expect(asset?.headers()["content-encoding"]).toBe("gzip");
    // (Asked from the page: only the browser resolves the brand's host to nginx.)
    const workerCsp = await page.evaluate(() => fetch("/sw.js").then((r) => r.headers.get("content-security-policy")));
    expect(workerCsp).toBe(responseHeaders("worker")["content-security-policy"]);
    if (store.layout === "old" && new URL(page.url()).pathname === "/selectGame")
      await page.getByTestId("game-list").locator("button").first().click();
    await logIn(page, `${brand.id}_player`);
  });
}

test("plain HTTP moves a store's host to HTTPS, keeping the path; an unknown host gets its page there too", async ({ request }) => {
  const http = `http://127.0.0.1:${process.env.SF_NGINX_HTTP_PORT}`;
  const [{ host }] = targets as [(typeof targets)[number]];
  const moved = await request.get(`${http}/selectGoods?client_id=1`, { headers: { host }, maxRedirects: 0 });
  expect(moved.status()).toBe(308);
  expect(moved.headers().location).toBe(`https://${host}:${process.env.SF_NGINX_PORT}/selectGoods?client_id=1`);
  const api = await request.post(`${http}/api/pay/getGameListV2`, { headers: { host }, maxRedirects: 0 });
  expect(api.status()).toBe(308);
  const unknown = await request.get(`${http}/`, { headers: { host: "nobody.example" }, maxRedirects: 0 });
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain("This store address is not configured");
});

test("each entry path gets its own page, with a page's headers; any other path the top-up's", async ({ request }) => {
  const https = `https://127.0.0.1:${process.env.SF_NGINX_PORT}`;
  const [{ brand, host }] = targets as [(typeof targets)[number]];
  for (const path of ["/", "/selectGame", "/my", "/notArea", "/selectGoods", "/@code", "/nowhere"]) {
    const file = entryFile(path);
    const html = readFileSync(join(dist, "brands", brand.id, file), "utf8");
    const response = await request.get(`${https}${path}?client_id=1`, { headers: { host } });
    expect(response.status(), path).toBe(200);
    expect(await response.text(), `${path} → ${file}`).toBe(html);
    for (const [name, value] of Object.entries({ ...responseHeaders("page", html, PRODUCTION), ...HSTS }))
      expect(response.headers()[name], `${path} ${name}`).toBe(value);
  }
});

test("a host no brand has gets the unknown-host page with status 404", async ({ page }) => {
  const response = await page.goto("https://nobody.example/selectGoods");
  expect(response?.status()).toBe(404);
  expectHeaders(response, responseHeaders("unknownHost", readFileSync(join(dist, "unknown-host.html"), "utf8"), PRODUCTION));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This store address is not configured");
});

/** The platform's resident memory (it runs in the setup's process), in bytes. */
const platformRss = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${process.env.SF_PLATFORM_PID}/status`, "utf8"))?.[1] ?? Number.NaN) * 1024;

test("50,000 requests with made-up Host headers: nginx answers its own hosts only, and the platform's memory stays within 50 MB", async () => {
  test.setTimeout(180_000);
  const port = Number(process.env.SF_NGINX_PORT);
  const [{ host }] = targets as [(typeof targets)[number]];
  const path = "/api/pay/getCountryList?client_id=1001003&product_id=starfall.gems.60&platform=web";
  /** One in 25 a store's host on nginx's port (proxied), one in 25 on a made-up port, the rest unknown hosts. */
  const kind = (i: number) => (i % 25 === 0 ? "own" : i % 25 === 1 ? "other port" : "unknown");
  const flood = async (amount: number, from: number) => {
    let n = from;
    return autocannon({
      url: `https://127.0.0.1:${port}`,
      servername: host,
      connections: 16,
      amount,
      requests: [
        {
          method: "GET",
          path,
          setupRequest: (request) => {
            const i = n++;
            const name =
              kind(i) === "own" ? `${host}:${port}` : kind(i) === "other port" ? `${host}:${20_000 + (i % 40_000)}` : `h${i}.flood.example`;
            return { ...request, headers: { ...request.headers, host: name } };
          },
        },
      ],
    });
  };
  await flood(3000, 1_000_000);
  const before = platformRss();
  const result = await flood(50_000, 0);
  const grown = platformRss() - before;
  expect(result.requests.sent).toBeGreaterThanOrEqual(50_000);
  // Unknown hosts get the unknown-host page, the stores' own host is answered; nothing fails.
  expect(result["5xx"]).toBe(0);
  expect(result["2xx"]).toBeGreaterThan(0);
  expect(result["4xx"]).toBeGreaterThan(40_000);
  expect(grown, `the platform grew ${Math.round(grown / 1e6)} MB`).toBeLessThan(50 * 1024 * 1024);
  // A store's host on another port is closed without an answer (444); on nginx's own port it is served.
  const other = await fetchStatus(`${host}:${port + 1}`, port);
  expect(other).toBe("closed");
  expect(await fetchStatus(`${host}:${port}`, port)).toBe(200);
});

/** The status of one HTTPS request to nginx with this Host, or "closed" when nginx drops the connection. */
async function fetchStatus(hostHeader: string, port: number): Promise<number | "closed"> {
  const { request } = await import("node:https");
  return new Promise((resolve) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/health",
        headers: { host: hostHeader },
        rejectUnauthorized: false,
        servername: "storefront.test",
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", () => resolve("closed"));
    req.end();
  });
}
