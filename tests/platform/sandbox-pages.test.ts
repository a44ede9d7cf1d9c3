// The sandbox's pages that talk to a storefront: the providers' sign-in popups, the login config that
// points at them, and the checkout result that tells the store the outcome. Only storefronts may listen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatform } from "../../server/platform.ts";
import { clientOf, firstRole, type Harness, startHarness } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => h?.close());

/** The fixture's aurora storefront hosts (preview, demo and production), any port: the only framers of its checkout. */
const AURORA_FRAMERS = "aurora-demo.localhost:* aurora.localhost:* pay-demo.aurora.example:* pay.aurora.example:* shop.aurora.example:*";

const web = (brand: string) => clientOf(h.platform, brand).clientIds.web;

const get = (url: string, query: Record<string, string> = {}) => h.app.inject({ method: "GET", url, query });

/** The nonce of a CSP that allows only nonce'd scripts, checked against the page's one script. */
function scriptNonce(csp: string, html: string): string {
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("style-src 'unsafe-inline'");
  const directive = csp
    .split(";")
    .map((d) => d.trim())
    .filter((d) => d.startsWith("script-src"));
  expect(directive).toHaveLength(1);
  const nonce = /^script-src 'nonce-([A-Za-z0-9+/]{16,}={0,2})'$/.exec(directive[0] ?? "")?.[1] ?? "";
  expect(nonce, csp).not.toBe("");
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts).toEqual([`<script nonce="${nonce}">`]);
  return nonce;
}

/** HTML with its character references read back, as a browser reads text and attribute values. */
const decoded = (html: string) =>
  html.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot));/gi, (ref, dec: string, hex: string, name: string) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    return ({ amp: "&", lt: "<", gt: ">", quot: '"' } as Record<string, string>)[name.toLowerCase()] ?? ref;
  });

/** The text of the page's one inline script. */
const scriptOf = (html: string) => /<script\b[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";

describe("provider sign-in pages", () => {
  const origin = "http://aurora.localhost:5173";
  const names = { google: "Google", apple: "Apple", facebook: "Facebook", huawei: "Huawei", vk: "VK" };

  it("offers Alice, Bob, a new player and Cancel and answers the opener with the sandbox code, for each provider", async () => {
    const nonces = new Set<string>();
    const fresh = new Set<string>();
    for (const [provider, name] of Object.entries(names)) {
      const res = await get(`/sandbox/provider/${provider}`, { client_id: "aur-login-uni", origin, state: "st-42" });
      expect(res.statusCode, provider).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.headers["cache-control"]).toBe("no-store");
      nonces.add(scriptNonce(String(res.headers["content-security-policy"]), res.body));
      expect(res.body).toContain(`<title>Sandbox ${name} sign-in</title>`);
      expect(res.body).toContain("SANDBOX");
      for (const label of ["Continue as Alice", "Continue as Bob", "Continue as a new player", "Cancel"])
        expect(res.body).toMatch(new RegExp(`<button type="button"[^>]*>${label}</button>`));
      expect(res.body).toContain("Return to the store");
      expect(res.body).toMatch(/button\{[^}]*min-height:(4[4-9]|[5-9]\d)px/);
      const script = scriptOf(res.body);
      expect(script).toContain(
        JSON.stringify({ source: "sandbox-provider", provider, state: "st-42", code: `sbx_${provider}_alice`, uid: `${provider}_alice` }),
      );
      expect(script).toContain(
        JSON.stringify({ source: "sandbox-provider", provider, state: "st-42", code: `sbx_${provider}_bob`, uid: `${provider}_bob` }),
      );
      expect(script).toContain(JSON.stringify({ source: "sandbox-provider", provider, state: "st-42", error: "cancelled" }));
      // The new player is new on every page: a fresh account.
      const newCode = new RegExp(`"code":"sbx_${provider}_(new[0-9a-f]{10})"`).exec(script)?.[1];
      expect(newCode, provider).toBeDefined();
      fresh.add(newCode ?? "");
      expect(script).toContain(`origin=${JSON.stringify(origin)}`);
      expect(script).toContain("window.opener.postMessage(");
      expect(script).toContain("window.close()");
    }
    expect(nonces.size).toBe(Object.keys(names).length);
    expect(fresh.size).toBe(Object.keys(names).length);
  });

  it("gives codes the login calls accept", async () => {
    const res = await get("/sandbox/provider/vk", { client_id: "bor-login", origin: "https://pay.borealis.example", state: "s" });
    const script = scriptOf(res.body);
    const alice = JSON.parse(/"alice":(\{[^}]*\})/.exec(script)?.[1] ?? "{}") as { code: string; uid: string };
    const login = await h.call("vkAuth", { vk_access_token: alice.code, uid: alice.uid, client_id: web("borealis") });
    expect(login.content.username).toBe("vk:vk_alice");
  });

  it("refuses an unknown provider and an origin that is not a storefront's", async () => {
    const ok = { client_id: "aur-login-uni", origin, state: "s" };
    const refused = async (provider: string, query: Record<string, string>) => {
      const res = await get(`/sandbox/provider/${provider}`, query);
      expect(res.statusCode, `${provider} ${JSON.stringify(query)}`).toBe(400);
      expect(res.headers["content-type"]).toContain("text/plain");
      expect(res.body.length).toBeLessThan(40);
    };
    await refused("myspace", ok);
    await refused("__proto__", ok);
    await refused("toString", ok);
    for (const bad of [
      "https://evil.example",
      "http://aurora.localhost.evil.example",
      "http://evil.example#aurora.localhost",
      "http://user@aurora.localhost",
      "http://aurora.localhost/path",
      "http://aurora.localhost/",
      "javascript:alert(1)//aurora.localhost",
      "aurora.localhost",
      "ftp://aurora.localhost",
      "",
    ])
      await refused("google", { ...ok, origin: bad });
    await refused("google", { client_id: "aur-login-uni", state: "s" });
    await refused("google", { ...ok, state: "x".repeat(101) });
    // Ports are free; the hosts are the storefronts' own (production, demo and preview).
    for (const good of ["http://aurora.localhost", "https://pay.aurora.example", "http://sakura-demo.localhost:4173"])
      expect((await get("/sandbox/provider/google", { ...ok, origin: good })).statusCode, good).toBe(200);
    expect((await get("/sandbox/provider/google", { ...ok, state: "x".repeat(100) })).statusCode).toBe(200);
  });

  it("embeds state and origin as data: a hostile state cannot break out of the script", async () => {
    const state = `</script><script>alert(1)</script><!--"'&`;
    const res = await get("/sandbox/provider/apple", { client_id: "x", origin, state });
    expect(res.statusCode).toBe(200);
    scriptNonce(String(res.headers["content-security-policy"]), res.body);
    expect(res.body).not.toContain("<script>alert");
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    const literal = /var messages=(\{.*?\}),origin=/.exec(scriptOf(res.body))?.[1] ?? "";
    expect((JSON.parse(literal) as { cancel: { state: string } }).cancel.state).toBe(state);
  });

  it("Twitter sends back only to a storefront's page", async () => {
    const page = await get("/sandbox/provider/twitter", { callback: "http://aurora.localhost:5173/twitterRedirect.html" });
    expect(page.statusCode).toBe(200);
    expect(decoded(page.body)).toContain("oauth_token=sbx_tw_alice");
    for (const callback of [
      "https://evil.example/twitterRedirect.html",
      "http://aurora.localhost.evil.example/x",
      "javascript:alert(1)",
      "",
    ])
      expect((await get("/sandbox/provider/twitter", { callback })).statusCode, callback).toBe(400);
  });
});

describe("login config", () => {
  it("points at a sign-in page exactly for the brand's popup providers", async () => {
    const urls = async (brand: string) => {
      const res = await h.call("loginConfig", { client_id: web(brand) }, { host: "backup1.aurora.localhost:8787" });
      return res.content.authorize_urls;
    };
    const page = (p: string) => `http://backup1.aurora.localhost:8787/sandbox/provider/${p}`;
    expect(await urls("aurora")).toEqual({
      google: page("google"),
      apple: page("apple"),
      facebook: page("facebook"),
      huawei: page("huawei"),
    });
    expect(await urls("sakura")).toEqual({ google: page("google"), apple: page("apple") });
    expect(await urls("borealis")).toEqual({ google: page("google"), vk: page("vk"), huawei: page("huawei") });
    for (const brand of ["aurora", "sakura", "hanbit", "jade", "borealis"]) {
      const config = (await h.call("loginConfig", { client_id: web(brand) })).content;
      expect(Object.keys(config.authorize_urls ?? {}).sort(), brand).toEqual(config.json_type.filter((p) => p !== "twitter").sort());
    }
  });
});

describe("checkout result", () => {
  async function order(returnUrl: string | undefined, product: string) {
    const session = await h.login("aurora");
    const role = await firstRole(h, session);
    const pay = await h.call(
      "payStart",
      {
        client_id: session.clientId,
        oauth_token: session.token,
        platform: "web",
        country: "US",
        server_id: role.server_id,
        role_id: role.role_id,
        product_id: product,
        payway_id: 10201,
        channel_id: "paypal",
        ...(returnUrl ? { return_url: returnUrl } : {}),
      },
      { path: "/api/pay/paypal_pay" },
    );
    if (pay.code !== 1) throw new Error(`payStart answered ${pay.code}`);
    const url = new URL(pay.content.url ?? "");
    return { billingNo: pay.content.billing_no, path: url.pathname, sig: url.searchParams.get("sig") ?? "" };
  }
  const decide = (o: { path: string; sig: string }, outcome: string) =>
    h.app.inject({
      method: "POST",
      url: o.path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ outcome, sig: o.sig }).toString(),
    });

  it("tells a storefront's page the outcome, framed or opened, and links back to that order's result", async () => {
    for (const [outcome, product] of [
      ["approved", "starfall.gems.60"],
      ["declined", "starfall.gems.300"],
      ["pending", "starfall.gems.680"],
    ] as const) {
      const o = await order("http://aurora.localhost:5173/result?from=pay&lang=en", product);
      const form = await get(o.path, { sig: o.sig });
      expect(form.statusCode).toBe(200);
      // Only the order's brand's storefronts may frame it.
      expect(form.headers["content-security-policy"]).toContain(`frame-ancestors ${AURORA_FRAMERS};`);
      expect(form.body).not.toContain("<script");
      const res = await decide(o, outcome);
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers["content-security-policy"]);
      scriptNonce(csp, res.body);
      expect(csp).toContain(`frame-ancestors ${AURORA_FRAMERS};`);
      const script = scriptOf(res.body);
      expect(script).toContain(`m=${JSON.stringify({ source: "sandbox-checkout", billing_no: o.billingNo, outcome })}`);
      expect(script).toContain(`o="http://aurora.localhost:5173"`);
      expect(script).toContain(
        "if(window.parent!==window)window.parent.postMessage(m,o);else if(window.opener)window.opener.postMessage(m,o)",
      );
      const href = decoded(/<a href="([^"]+)">Return to the store<\/a>/.exec(res.body)?.[1] ?? "");
      const back = new URL(href);
      expect(back.origin + back.pathname).toBe("http://aurora.localhost:5173/result");
      expect(Object.fromEntries(back.searchParams)).toEqual({ from: "pay", lang: "en", billing_no: o.billingNo });
    }
  });

  it("refuses a return URL that is not a storefront's when the order starts, and never links or posts there", async () => {
    await expect(order("https://evil.example/result", "starfall.gems.1280")).rejects.toThrow(/-400/);
    // An order that carries one anyway (stored before the rule): no script, no message, no link there.
    const o = await order("http://aurora.localhost:5173/result", "starfall.gems.1280");
    await h.db.query(
      `UPDATE orders SET request_meta = jsonb_set(request_meta, '{return_url}', '"https://evil.example/result"') WHERE billing_no = $1`,
      [o.billingNo],
    );
    const res = await decide(o, "approved");
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("<script");
    expect(res.body).not.toContain("postMessage");
    expect(String(res.headers["content-security-policy"])).not.toContain("script-src");
    expect(res.body).not.toContain("evil.example");
    const none = await order(undefined, "starfall.gems.3280");
    const plain = await decide(none, "declined");
    expect(plain.body).not.toContain("<script");
    expect(plain.body).toContain("You can close this page and return to the store.");
    // A checkout link that is not valid is framed by no one.
    expect((await get(o.path, { sig: "0".repeat(64) })).headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });
});

describe("card (Airwallex) channels", () => {
  it("is offered last in Korea and Russia", async () => {
    for (const [brand, region] of [
      ["hanbit", "KR"],
      ["borealis", "RU"],
    ] as const) {
      const game = clientOf(h.platform, brand);
      const list = await h.call("countryList", { client_id: game.clientIds.web, product_id: game.goods[0]?.productId, platform: "web" });
      const channels = list.content.country[region] ?? [];
      expect(channels.at(-1), region).toMatchObject({ payway_id: 11702, channel_id: "card" });
      expect(channels.filter((c) => c.payway_id === 11702)).toHaveLength(1);
    }
  });
});

describe("artwork", () => {
  const svg = async (kind: string, name: string) => {
    const res = await get(`/sandbox/art/${kind}/${name}.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    return res.body;
  };

  it("serves each channel's own mark: its colours, pictogram and wordmark, labelled with the catalogue's name", async () => {
    const paypal = await svg("payway", "10201-paypal");
    const payermax = await svg("payway", "11801-payermax");
    const bank = await svg("payway", "10103-91");
    expect(paypal).toContain("<title>PayPal</title>");
    expect(paypal).toContain(">PayPal</text>");
    expect(payermax).toContain(">PayerMax</text>");
    expect(bank).toContain("<title>Online banking</title>");
    // Not the same picture under another name: the drawings differ once the words are taken out.
    const drawing = (s: string) => s.replace(/<title>.*<\/title>|aria-label="[^"]*"|<text[^>]*>[^<]*<\/text>/g, "");
    expect(new Set([drawing(paypal), drawing(payermax), drawing(bank)]).size).toBe(3);
  });

  it("sends a game's pictures at a phone's size, in the best format the browser takes", async () => {
    const list = await h.call("getGameList", { client_id: clientOf(h.platform, "aurora").clientIds.web, platform: "web" });
    const game = list.content.games[0];
    if (!game) throw new Error("no game");
    const goods = await h.call("productList", { client_id: game.client_id });
    const links = [game.banner, game.logo, goods.content.goods[0]?.icon].map((u) => new URL(u ?? "").pathname);
    expect(links).toEqual([expect.stringMatching(/-720w$/), expect.stringMatching(/-128w$/), expect.stringMatching(/-160w$/)]);
    const banner = links[0] ?? "";
    const picture = async (accept: string) => {
      const res = await h.app.inject({ method: "GET", url: banner, headers: { accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toMatch(/accept/i);
      return res;
    };
    const avif = await picture("image/avif,image/webp,image/apng,image/*,*/*;q=0.8");
    const webp = await picture("image/webp,*/*");
    const png = await picture("*/*");
    expect([avif, webp, png].map((r) => r.headers["content-type"])).toEqual(["image/avif", "image/webp", "image/png"]);
    // AVIF's box, WebP's RIFF and PNG's signature; 720 pixels wide, small enough for a slow phone.
    expect(avif.rawPayload.subarray(4, 12).toString()).toBe("ftypavif");
    expect(webp.rawPayload.subarray(8, 12).toString()).toBe("WEBP");
    expect(png.rawPayload.readUInt32BE(16)).toBe(720);
    expect(avif.rawPayload.length).toBeLessThan(8_000);
    // Only the size its links name: the sandbox draws nothing else on request.
    expect((await get(banner.replace(/-720w$/, "-4000w"))).statusCode).toBe(404);
    expect((await get("/sandbox/art/payway/10201-paypal-160w")).statusCode).toBe(404);
  });

  it("keeps the pictures it drew in its own platform's cache, never in one the process shares", async () => {
    // A second platform in the same process (production mode: nothing seeded, nothing to wait for).
    const other = await createPlatform({ db: h.db, config: h.platform.catalog.config, mode: "production", secret: "s".repeat(32) });
    const ours = h.platform.caches.pictures;
    const list = await h.call("getGameList", { client_id: web("aurora"), platform: "web" });
    const logo = new URL(list.content.games[0]?.logo ?? "").pathname;
    // A format no other test of this file asks for, so the picture is drawn here for the first time.
    const drawn = async () => (await h.app.inject({ method: "GET", url: logo, headers: { accept: "image/webp" } })).rawPayload;
    const before = ours.size;
    const first = await drawn();
    expect(ours.size).toBe(before + 1);
    // Drawn once: the second answer comes from this platform's cache, the same bytes.
    expect(await drawn()).toEqual(first);
    expect(ours.size).toBe(before + 1);
    expect(other.caches.pictures.size).toBe(0);
  });

  it("draws goods, and refuses an unknown kind or a name that is not a file name", async () => {
    expect(await svg("goods", "a-b")).toContain("<path");
    expect((await get("/sandbox/art/payway/%3Cscript%3E.svg")).statusCode).toBe(404);
    expect((await get("/sandbox/art/other/a.svg")).statusCode).toBe(404);
  });
});
