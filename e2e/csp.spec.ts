import { createHash } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { demoConfig } from "./fixture.ts";
import { chooseChannel, chooseGoods, chooseRole, logIn, openRecharge, openStore } from "./journey.ts";

type Policy = Map<string, string[]>;

function parse(csp: string): Policy {
  const policy: Policy = new Map();
  for (const part of csp.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) policy.set(name.toLowerCase(), values);
  }
  return policy;
}

/** Node does not resolve *.localhost: ask the loopback address with the storefront's Host. */
async function fetchAs(request: APIRequestContext, host: string, path: string) {
  const port = process.env.SF_PORT;
  return request.get(`http://127.0.0.1:${port}${path}`, { headers: { host: `${host}:${port}` }, maxRedirects: 0 });
}

function expectCommonHeaders(headers: Record<string, string>, where: string): Policy {
  expect(headers["x-content-type-options"], where).toBe("nosniff");
  expect(headers["referrer-policy"], where).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
  expect(headers["permissions-policy"], where).toMatch(/camera=\(\)/);
  expect(headers["permissions-policy"], where).toMatch(/geolocation=\(\)/);
  const csp = headers["content-security-policy"];
  expect(csp, `${where}: CSP header`).toBeTruthy();
  const policy = parse(csp ?? "");
  const scripts = policy.get("script-src") ?? policy.get("default-src") ?? [];
  expect(scripts, `${where}: script-src`).not.toContain("'unsafe-inline'");
  expect(scripts, `${where}: script-src`).not.toContain("'unsafe-eval'");
  expect(
    scripts.some((s) => s === "*" || s === "https:" || s === "http:" || s === "data:"),
    `${where}: script-src ${scripts}`,
  ).toBe(false);
  const objects = policy.get("object-src") ?? policy.get("default-src");
  expect(objects, `${where}: object-src`).toEqual(["'none'"]);
  expect(policy.get("base-uri"), `${where}: base-uri`).toEqual(["'none'"]);
  const ancestors = policy.get("frame-ancestors");
  expect(ancestors, `${where}: frame-ancestors`).toBeDefined();
  expect(
    ancestors?.every((a) => a === "'self'" || a === "'none'"),
    `${where}: frame-ancestors ${ancestors}`,
  ).toBe(true);
  return policy;
}

/** The meta tag says the same as the header, less frame-ancestors (which a meta tag cannot say). */
function expectMetaMatches(html: string, header: string, where: string): void {
  const meta = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
  expect(meta, `${where}: CSP meta`).toBeTruthy();
  expect(meta, where).not.toContain("frame-ancestors");
  expect(`${meta}; frame-ancestors`, where).toBe(header.replace(/ '(self|none)'$/, ""));
}

test("every storefront response carries the security headers and a strict CSP", async ({ request }) => {
  const config = await demoConfig();
  for (const brand of config.brands) {
    const host = `${brand.id}.localhost`;
    let assets: string[] = [];
    for (const path of ["/", "/selectGoods?client_id=1&oauth_token=x", "/some/deep/client/route", "/userCenter", "/my"]) {
      const where = `${brand.id} ${path}`;
      const res = await fetchAs(request, host, path);
      expect(res.status(), where).toBe(200);
      const headers = res.headers();
      const policy = expectCommonHeaders(headers, where);
      const html = await res.text();
      expectMetaMatches(html, headers["content-security-policy"] ?? "", where);
      expect(policy.get("frame-ancestors"), where).toEqual(["'self'"]);
      // The brand's own platform, backup and tracking hosts and its preview sub-hosts, nothing else.
      const preview = [`http://*.${brand.id}.localhost:*`, `http://*.${brand.id}-demo.localhost:*`];
      const own = [brand.api.production, brand.api.demo].flatMap((mode) => [mode.primary, ...mode.backup, mode.tracking]);
      expect(policy.get("connect-src"), where).toEqual(["'self'", ...[...new Set(own)].sort(), ...preview]);
      for (const directive of ["img-src", "frame-src", "form-action", "connect-src", "default-src", "style-src"]) {
        const values = policy.get(directive) ?? [];
        expect(values.length, `${where}: ${directive}`).toBeGreaterThan(0);
        expect(
          values.filter((v) => /^(\*|https?:|'unsafe-inline'|'unsafe-eval')$/.test(v) || v.startsWith("http://*.localhost")),
          `${where}: ${directive}`,
        ).toEqual([]);
      }
      expect(policy.get("form-action"), where).toEqual(["'self'"]);
      expect(policy.get("script-src")?.[0], where).toBe("'self'");
      // The one inline script, the page's first (runtime/early.ts), is allowed by its hash, nothing else inline.
      const inline = [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g)].map(
        (m) => m[1] ?? "",
      );
      expect(inline.length, `${where}: inline scripts`).toBe(1);
      const hashes = inline.map((code) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`);
      expect(
        policy.get("script-src")?.filter((s) => s.startsWith("'sha256-")),
        where,
      ).toEqual(hashes);
      assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] ?? "");
    }
    expect(assets.length, `${brand.id}: assets in the page`).toBeGreaterThan(0);

    const redirectPage = brand.login.twitter?.redirectPage ?? "/twitterRedirect.html";
    for (const path of [redirectPage, "/manifest.webmanifest", "/icon.svg", "/sw.js", ...assets, "/assets/missing-file.js"]) {
      const where = `${brand.id} ${path}`;
      const res = await fetchAs(request, host, path);
      expect(res.status(), where).toBe(path.includes("missing") ? 404 : 200);
      const headers = res.headers();
      const policy = expectCommonHeaders(headers, where);
      expect(policy.get("frame-ancestors"), where).toEqual(["'none'"]);
      if (path === redirectPage) {
        expectMetaMatches(await res.text(), headers["content-security-policy"] ?? "", where);
        expect(
          policy.get("script-src")?.every((s) => s.startsWith("'sha256-")),
          where,
        ).toBe(true);
      } else {
        expect(policy.get("default-src"), where).toEqual(["'none'"]);
        // The worker's policy governs its own fetches: it caches the store's files and nothing else.
        expect(policy.get("connect-src"), where).toEqual(path === "/sw.js" ? ["'self'"] : undefined);
      }
    }
  }

  const res = await fetchAs(request, "nobody.localhost", "/anything");
  expect(res.status()).toBe(404);
  const headers = res.headers();
  expectCommonHeaders(headers, "unknown host");
  expectMetaMatches(await res.text(), headers["content-security-policy"] ?? "", "unknown host");
  expect(parse(headers["content-security-policy"] ?? "").get("default-src")).toEqual(["'none'"]);
});

/** Collects CSP violations (the event, and Chromium's console report) in the page and its frames. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction("__cspViolation", (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} at ${location.pathname}`,
      );
    });
  });
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(msg.text());
  });
  return seen;
}

test("a visit of the main screens, an embedded payment included, causes no CSP violation", async ({ page }) => {
  test.setTimeout(60_000);
  const violations = await watchViolations(page);
  await openStore(page, "aurora");
  await page.getByTestId("login-open").click();
  await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();
  await page.keyboard.press("Escape");
  await logIn(page, "aurora_vip");
  await chooseRole(page);
  await chooseGoods(page, "Gems", 1);
  await openRecharge(page);
  await chooseChannel(page, /^11702_/);
  await page.getByTestId("pay-button").click();
  const frame = page.frameLocator('[data-testid="embedded-pay"]');
  await expect(frame.getByLabel("Card number")).toBeVisible();
  await frame.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByTestId("result")).toHaveAttribute("data-status", "success", { timeout: 15_000 });
  for (const [path, key] of [
    ["/userCenter", "vip-center"],
    ["/activity", "activity"],
    ["/my", "my"],
  ] as const) {
    await page.goto(new URL(`${path}?spec_lang=en`, page.url()).toString());
    await expect(page.getByTestId(key)).toBeVisible();
  }
  // A violation is reported asynchronously; give the last one time to arrive.
  await page.waitForTimeout(300);
  expect(violations).toEqual([]);
});

test("the violation watch sees a violation (so an empty list means something)", async ({ page }) => {
  const violations = await watchViolations(page);
  await openStore(page, "sakura");
  await page.evaluate(() => {
    const img = document.createElement("img");
    img.src = "https://elsewhere.example/pixel.png";
    document.body.append(img);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});
