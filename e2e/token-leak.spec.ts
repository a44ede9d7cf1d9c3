// The player's oauth token stays on the brand's own hosts: no request of the store, its pay window
// or any popup carries it in its URL or Referer to another host, and the pay link never holds it.
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { encodeCredential } from "../server/domain/crypto.ts";
import { brandUrl } from "./helpers.ts";
import {
  chooseChannel,
  chooseGoods,
  chooseRole,
  decide,
  expectResult,
  freshPlayer,
  logIn,
  openRecharge,
  openStore,
  payByRedirect,
  REDIRECT_CHANNEL,
} from "./journey.ts";

interface Sent {
  url: string;
  referer: string;
}

function recordRequests(context: BrowserContext): Sent[] {
  const sent: Sent[] = [];
  context.on("request", (r) => sent.push({ url: r.url(), referer: r.headers().referer ?? "" }));
  return sent;
}

/** The brand's page host and, on a preview host, its API (the same origin) and backup sub-hosts. */
const ownHost = (brand: string) => (url: string) => {
  const { hostname, protocol } = new URL(url);
  if (protocol === "about:" || protocol === "data:" || protocol === "blob:") return true;
  return hostname === `${brand}.localhost` || hostname.endsWith(`.${brand}.localhost`);
};

function expectNoLeak(sent: Sent[], token: string, own: (url: string) => boolean): void {
  expect(token.length).toBeGreaterThan(10);
  expect(sent.length).toBeGreaterThan(10);
  // The recording sees the token where it may go: calls to the brand's own API carry it.
  expect(sent.some((s) => own(s.url) && s.url.includes(encodeURIComponent(token)))).toBe(true);
  const leaks = sent.filter(
    (s) => !own(s.url) && (s.url.includes(token) || s.referer.includes(token) || s.url.includes(encodeURIComponent(token))),
  );
  expect(leaks).toEqual([]);
}

async function expectReferrerPolicy(page: Page, url: string): Promise<void> {
  const res = await page.request.get(url.replace(/\/\/[^/:]+/, "//127.0.0.1"), { headers: { host: new URL(url).host } });
  expect(res.headers()["referrer-policy"]).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
}

test("logging in and buying: the token never leaves the brand's hosts and is not in the pay link", async ({ page, context }) => {
  const sent = recordRequests(context);
  await openStore(page, "aurora");
  await logIn(page, await freshPlayer(page, "aurora"));
  const stored = await page.evaluate(() => localStorage.getItem("oauth_token"));
  const token = (JSON.parse(stored ?? "{}") as { value?: string }).value ?? "";
  await chooseRole(page);
  await chooseGoods(page, "Gems", 1);
  await openRecharge(page);
  await chooseChannel(page, REDIRECT_CHANNEL);
  const checkout = await payByRedirect(page);
  const payLink = checkout.url();
  expect(payLink).not.toContain(token);
  expect(payLink).not.toContain(encodeURIComponent(token));
  expect(payLink).not.toMatch(/oauth_token/);
  await decide(checkout, "Approve payment");
  await expectResult(page, "success");
  expectNoLeak(sent, token, ownHost("aurora"));
  await expectReferrerPolicy(page, page.url());
});

test("SDK view (token in the page's address): no request to another host carries it, in its URL or Referer", async ({ page, context }) => {
  const port = process.env.SF_PORT;
  const res = await page.request.post(`http://127.0.0.1:${port}/util/login/auth`, {
    headers: { host: `aurora.localhost:${port}` },
    data: { username: encodeCredential("aurora_vip"), password: encodeCredential("sandbox-pass"), client_id: "1001003" },
  });
  const token = ((await res.json()) as { content: { oauth_token: string } }).content.oauth_token;
  const sent = recordRequests(context);
  // Another site the page links to: answered here, so its Referer can be read.
  await context.route("https://aurora.example/**", (route) => route.fulfill({ contentType: "text/html", body: "<p>elsewhere</p>" }));
  const entry = brandUrl("aurora", `/userCenter?visit=sdk&client_id=1001003&oauth_token=${token}&spec_lang=en&domain_area=universal`);
  await page.goto(entry);
  await expect(page.getByTestId("vip-level")).toBeVisible();
  await page.getByTestId("my-rewards").click();
  await expect(page.getByTestId("coupon-dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  const popup = page.waitForEvent("popup");
  await page
    .getByRole("link", { name: /privacy/i })
    .first()
    .click();
  const other = await popup;
  await other.waitForLoadState();
  expect(await other.evaluate(() => document.referrer)).not.toContain(token);
  expect(sent.some((s) => s.url.startsWith("https://aurora.example/"))).toBe(true);
  expectNoLeak(sent, token, ownHost("aurora"));
  await expectReferrerPolicy(page, entry);
});
