// No secret in what a browser downloads: every file of the built dist/ is searched for the
// platform's secret, the values derived from it (signatures), a tester's issued token and sandbox
// credentials, and for the shapes of well-known keys.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { signNotification } from "../server/domain/checkout.ts";
import { encodeCredential } from "../server/domain/crypto.ts";
import { cardPassword, SANDBOX_PASSWORD } from "../server/domain/seed.ts";
import { SIGNATURE_HEADER } from "../server/sandbox/notify.ts";
import { demoConfig, E2E_DIST } from "./fixture.ts";
import { brandUrl } from "./helpers.ts";

const dist = E2E_DIST;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/** Shapes of secrets that must never be shipped, whatever their value. */
const PATTERNS: Array<[string, RegExp]> = [
  ["a test-account token", /beta_[0-9a-f]{32}/],
  ["a password hash", /scrypt\$\d+\$/],
  ["a private key", /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ["a provider secret key", /\b(sk|rk)_(live|test)_[0-9A-Za-z]{8,}/],
  ["an AWS access key", /\bAKIA[0-9A-Z]{16}\b/],
  ["a bearer token", /Bearer\s+[A-Za-z0-9._~+/-]{20,}/],
  ["the secret's variable", /SANDBOX_SECRET/],
  ["the notification signature header", new RegExp(SIGNATURE_HEADER, "i")],
];

test("the built files hold no platform secret, derived token or sandbox credential", async ({ page }) => {
  const config = await demoConfig();
  // The secret the e2e platform was started with (e2e/global-setup.ts): random for each run.
  const secret = process.env.SF_SECRET ?? "";
  expect(secret.length).toBeGreaterThanOrEqual(32);

  // The tokens the running platform really issues: the tester's login answer carries its beta_token.
  const brand = config.brands.find((b) => b.features.testAccounts) ?? config.brands[0];
  if (!brand) throw new Error("no brand");
  await page.goto(brandUrl(brand.id, "/notArea"));
  const issued = await page.evaluate(
    async ({ username, password, client_id }) => {
      const res = await fetch("/util/login/auth", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password, client_id }),
      });
      return ((await res.json()) as { content?: { beta_token?: string } }).content?.beta_token;
    },
    {
      username: encodeCredential(`${brand.id}_tester`),
      password: encodeCredential(SANDBOX_PASSWORD),
      client_id: brand.games[brand.defaultGame]?.clientIdMap.web,
    },
  );
  expect(issued, "the platform issues the tester a token at sign-in").toMatch(/^beta_/);

  const values: Array<[string, string]> = [
    ["the platform secret", secret],
    ["the sandbox password", SANDBOX_PASSWORD],
    ["the tester's test-account token", issued ?? ""],
    ...Array.from({ length: 12 }, (_, i): [string, string] => [`prepaid card password ${i + 1}`, cardPassword(i + 1)]),
    ["a notification signature", signNotification(secret, "{}")],
  ];
  const files = filesUnder(dist);
  expect(files.length).toBeGreaterThan(10);
  expect(files.some((f) => f.endsWith(".js"))).toBe(true);
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, "latin1");
    const where = file.slice(dist.length + 1);
    for (const [what, value] of values) if (text.includes(value)) found.push(`${where}: ${what}`);
    for (const [what, pattern] of PATTERNS) if (pattern.test(text)) found.push(`${where}: ${what}`);
  }
  expect(found).toEqual([]);
});
