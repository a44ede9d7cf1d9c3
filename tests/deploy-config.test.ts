// gen deploy-config --nginx: every host of the config to its brand, the Node server's headers and
// caching per response kind (core/browser/hosting/http-policy.ts), HTTPS with HSTS and a redirect from plain HTTP,
// the platform proxied, a build that does not match the config refused, and a file nginx accepts.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it, type TestContext } from "vitest";
import { main } from "../cli/main.ts";
import { hostMap } from "../core/browser/config/hosts.ts";
import { ENTRY_PAGES } from "../core/browser/entry-pages.ts";
import { API_PREFIXES, HSTS, type ResponseKind, responseHeaders } from "../core/browser/hosting/http-policy.ts";
import type { validateFile } from "../core/node/config/validate.ts";
import { emitSites } from "../generator/emit/site.ts";
import { resolveConfig } from "../generator/resolve.ts";
import { loadInputs } from "./compile-inputs.ts";
import { DEMO_CONFIG } from "./demo-config.ts";

const brandsFile = DEMO_CONFIG;
const work = mkdtempSync(join(tmpdir(), "sf-deploy-"));
const dist = join(work, "dist");
const NGINX = "/usr/sbin/nginx";

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(["node", "gen", ...args], { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join(""), err: err.join("") };
}

/** The block that starts with `opener` (the first after `from`), up to its closing brace. */
function blockOf(conf: string, opener: string, from = 0): string {
  const start = conf.indexOf(opener, from);
  expect(start, opener).toBeGreaterThanOrEqual(0);
  return conf.slice(start, conf.indexOf("}", start));
}

/** The `add_header` lines of a block, as the response headers they make. */
function blockHeaders(conf: string, opener: string, from = 0): Record<string, string> {
  return Object.fromEntries(
    [...blockOf(conf, opener, from).matchAll(/add_header (\S+) "([^"]*)" always;/g)].map((m) => [m[1], m[2] ?? ""]),
  );
}

/**
 * Runs a check that needs a program this machine may lack. Without it the test says why in its
 * annotations and passes; on CI (CI set) a missing program fails the test: .ci/run installs it.
 */
async function needs(ctx: TestContext, program: string, check: () => void | Promise<void>) {
  if (existsSync(program)) return check();
  expect(process.env.CI, `${program} is missing on CI (.ci/run installs it)`).toBeFalsy();
  const why = `not checked: ${program} is not installed here (apt-get install nginx-light openssl); CI checks it`;
  console.warn(`${ctx.task.name}: ${why}`);
  await ctx.annotate(why, "notice");
}

const OPENSSL = "/usr/bin/openssl";
let config: NonNullable<Awaited<ReturnType<typeof validateFile>>["config"]>;
let plain = "";
let tls = "";
const logs = [`--pid=${join(work, "nginx.pid")}`, `--error-log=${join(work, "error.log")}`, `--access-log=${join(work, "access.log")}`];

beforeAll(async () => {
  const loaded = await loadInputs(brandsFile);
  config = loaded.config;
  const files = emitSites(resolveConfig(config, loaded.inputs), { entry: "/assets/main-test.js", preloads: [], css: "" }, loaded.templates);
  // An HTML page in a subfolder of a brand (a redirect page may live at /auth/…): a popup page too.
  const twitter = files.find((f) => f.path === "brands/aurora/twitterRedirect.html");
  if (!twitter) throw new Error("no redirect page emitted for aurora");
  files.push({ path: "brands/aurora/auth/popup.html", contents: twitter.contents });
  for (const f of files) {
    mkdirSync(dirname(join(dist, f.path)), { recursive: true });
    writeFileSync(join(dist, f.path), f.contents);
  }
  const r = await run(
    "deploy-config",
    brandsFile,
    "--nginx",
    `--dist=${dist}`,
    "--root=/srv/storefront/dist",
    "--upstream=http://10.0.0.5:8080",
    ...logs,
    `--out=${join(work, "nginx.conf")}`,
  );
  expect(r.code, r.err).toBe(0);
  expect(r.out).toMatch(/wrote .*nginx\.conf: 5 brands, \d+ hosts\n/);
  plain = readFileSync(join(work, "nginx.conf"), "utf8");
  const t = await run(
    "deploy-config",
    brandsFile,
    "--nginx",
    `--dist=${dist}`,
    "--root=/srv/storefront/dist",
    "--tls-cert=/etc/ssl/store.pem",
    "--tls-key=/etc/ssl/store.key",
    "--tls-listen=8443",
    "--listen=8080",
    "--out=-",
  );
  expect(t.code, t.err).toBe(0);
  tls = t.out;
});

describe("gen deploy-config --nginx", () => {
  it("maps every host of the config (production and demo) to its brand's folder", () => {
    const hosts = hostMap(config, undefined, false);
    expect(Object.keys(hosts).length).toBeGreaterThan(config.brands.length * 2);
    for (const brand of config.brands) {
      const names = Object.entries(hosts)
        .filter(([, e]) => e.brand === brand.id)
        .map(([h]) => h)
        .sort();
      for (const conf of [plain, tls]) {
        const server = conf.indexOf(`server_name ${names.join(" ")};`);
        expect(server, brand.id).toBeGreaterThan(0);
        expect(conf.slice(server, server + 300)).toContain(`root "/srv/storefront/dist/brands/${brand.id}";`);
      }
    }
    // No host in two server blocks (nginx would warn and use only the first).
    const named = [...plain.matchAll(/server_name ([^;]+);/g)].flatMap((m) => (m[1] ?? "").split(" ")).filter((h) => h !== "_");
    expect(named.length).toBe(new Set(named).size);
  });

  it("sends what the Node server sends, per kind of response, and HSTS over HTTPS", () => {
    for (const [conf, extra] of [
      [plain, {}],
      [tls, HSTS],
    ] as const) {
      for (const brand of config.brands) {
        const at = conf.indexOf(`root "/srv/storefront/dist/brands/${brand.id}";`);
        const page = readFileSync(join(dist, "brands", brand.id, "index.html"), "utf8");
        const redirect = (brand.login.twitter?.redirectPage ?? "/twitterRedirect.html").slice(1);
        const popup = readFileSync(join(dist, "brands", brand.id, redirect), "utf8");
        const expectations: [string, ResponseKind, string][] = [
          ["location @page {", "page", page],
          ["location = /index.html {", "page", page],
          ["location ^~ /assets/ {", "asset", ""],
          // A missing asset is not cached for a year (a deploy in progress would be remembered).
          ["location @missing_asset {", "brandFile", ""],
          ["location = /sw.js {", "worker", ""],
          [`location = "/${redirect}" {`, "popupPage", popup],
          ["location / {", "brandFile", ""],
          // Each entry path its own page, and that page asked for by its file name.
          ...ENTRY_PAGES.filter((p) => p.file !== "index.html").flatMap(({ file, paths }) => {
            const html = readFileSync(join(dist, "brands", brand.id, file), "utf8");
            return [...paths, `/${file}`].map((path): [string, ResponseKind, string] => [`location = "${path}" {`, "page", html]);
          }),
        ];
        for (const [opener, kind, html] of expectations) {
          expect(blockHeaders(conf, opener, at), `${brand.id} ${opener}`).toEqual({
            ...responseHeaders(kind, html, { previewHosts: false }),
            ...extra,
          });
        }
      }
      const unknown = readFileSync(join(dist, "unknown-host.html"), "utf8");
      expect(blockHeaders(conf, "location = /unknown-host.html {")).toEqual(
        responseHeaders("unknownHost", unknown, { previewHosts: false }),
      );
    }
    const at = plain.indexOf('root "/srv/storefront/dist/brands/aurora";');
    expect(blockOf(plain, 'location = "/my" {', at)).toContain('try_files "/entry/my.html" =404;');
    expect(blockOf(plain, 'location = "/" {', at)).toContain('try_files "/entry/start.html" =404;');
    const nested = readFileSync(join(dist, "brands", "aurora", "auth", "popup.html"), "utf8");
    expect(blockHeaders(plain, 'location = "/auth/popup.html" {', at)).toEqual(
      responseHeaders("popupPage", nested, { previewHosts: false }),
    );
    expect(plain).toMatch(/listen 80 default_server;/);
  });

  it("leaves the <brand>.localhost preview hosts out of server_name and every CSP, unless --preview-hosts asks (staging)", async () => {
    for (const conf of [plain, tls]) {
      expect(conf).not.toMatch(/server_name [^;]*\.localhost\b/);
      expect(conf).not.toMatch(/add_header content-security-policy "[^"]*\.localhost/);
    }
    const staging = await run("deploy-config", brandsFile, "--nginx", `--dist=${dist}`, "--preview-hosts", "--out=-");
    expect(staging.code, staging.err).toBe(0);
    const names = [...staging.out.matchAll(/server_name ([^;]+);/g)].flatMap((m) => (m[1] ?? "").split(" "));
    expect(names).toEqual(expect.arrayContaining(Object.keys(hostMap(config))));
    expect(staging.out).toMatch(/add_header content-security-policy "[^"]*http:\/\/\*\.aurora\.localhost:\*/);
  });

  it("with TLS: the stores answer on HTTPS only, plain HTTP moves every known host there, unknown hosts get their page on both", () => {
    const hosts = Object.keys(hostMap(config, undefined, false)).sort();
    const redirect = blockOf(tls, "# Plain HTTP: every known host moves to HTTPS");
    expect(redirect).toContain("listen 8080;");
    expect(redirect).toContain(`server_name ${hosts.join(" ")};`);
    expect(redirect).toContain("return 308 https://$host:8443$request_uri;");
    const brandServers = tls.split("\n    server {").filter((s) => s.includes("/brands/"));
    expect(brandServers).toHaveLength(config.brands.length);
    for (const s of brandServers) {
      expect(s).toContain("listen 8443 ssl http2;");
      expect(s).not.toMatch(/listen 8080/);
    }
    const fallback = blockOf(tls, "# A host no brand has");
    expect(fallback).toContain("listen 8080 default_server;");
    expect(fallback).toContain("listen 8443 ssl http2 default_server;");
    expect(tls).toContain('ssl_certificate "/etc/ssl/store.pem";');
    // On the standard port the redirect names no port.
    expect(plain).not.toContain("return 308");
  });

  it("proxies the platform's paths with the forwarded headers TRUST_PROXY reads, and the brands' API hosts only when asked", async () => {
    for (const prefix of API_PREFIXES) {
      const location = blockOf(plain, `location ^~ ${prefix} {`);
      expect(location).toContain("proxy_pass http://platform;");
      expect(location).toContain("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
      expect(location).toContain("proxy_set_header X-Forwarded-Proto $scheme;");
      // The Host and X-Forwarded-Host the platform builds links from: a known name, this server's port.
      expect(location).toContain("proxy_set_header Host $host$sf_own_port;");
      expect(location).toContain("proxy_set_header X-Forwarded-Host $host$sf_own_port;");
    }
    // The access log never holds a query string (tokens and signatures travel there).
    expect(plain).toMatch(/log_format storefront '[^']*\$uri[^']*';/);
    expect(plain).not.toMatch(/log_format storefront '[^']*\$(request|args|query_string|request_uri)\b/);
    expect(plain).toMatch(/access_log "[^"]+" storefront;/);
    // A Host naming another port is dropped (444) before anything is served or proxied.
    expect(plain).toContain("map $http_host $sf_other_port {");
    expect(blockOf(plain, "map $http_host $sf_other_port {")).toContain("~^[^:]+:80$ 0;");
    for (const server of plain.split("\n    server {").filter((s) => s.includes("/brands/")))
      expect(server).toMatch(/if \(\$sf_other_port\) \{\s+return 444;/);
    expect(blockOf(tls, "map $http_host $sf_own_port {")).toContain("~^[^:]+(:8443)$ $1;");
    expect(plain).toContain("server 10.0.0.5:8080;");
    expect(plain).not.toMatch(/server_name [^;]*\bapi\.aurora\.example\b/);
    const r = await run("deploy-config", brandsFile, "--nginx", `--dist=${dist}`, "--proxy-api-hosts", "--out=-");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/server_name [^;]*\bapi\.aurora\.example\b[^;]*\btrack\.aurora\.example\b/);
    // An HTTPS platform: its port and the name its certificate is checked against.
    const secure = await run("deploy-config", brandsFile, "--nginx", `--dist=${dist}`, "--upstream=https://platform.internal", "--out=-");
    expect(secure.code, secure.err).toBe(0);
    expect(secure.out).toContain("server platform.internal:443;");
    expect(secure.out).toContain("proxy_pass https://platform;");
    expect(secure.out).toContain('proxy_ssl_name "platform.internal";');
  });

  it("listens on one address when asked, IPv6 in brackets", async () => {
    const r = await run("deploy-config", brandsFile, "--nginx", `--dist=${dist}`, "--address=::1", "--listen=8080", "--out=-");
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("listen [::1]:8080 default_server;");
    expect(r.out).not.toMatch(/listen 8080/);
  });

  it("refuses a build that does not match the config, with what differs and the fix (exit 1)", async () => {
    const stale = join(work, "stale");
    mkdirSync(stale, { recursive: true });
    const hosts = hostMap(config);
    const { "pay.aurora.example": _dropped, ...rest } = hosts;
    writeFileSync(join(stale, "hosts.json"), JSON.stringify({ ...rest, "old.example": { brand: "aurora", mode: "production" } }));
    const r = await run("deploy-config", brandsFile, "--nginx", `--dist=${stale}`, `--out=${join(work, "stale.conf")}`);
    expect(r.code).toBe(1);
    expect(r.err).toContain("pay.aurora.example (aurora) is not in the build");
    expect(r.err).toContain("old.example (aurora) is no longer in the config");
    expect(r.err).toMatch(/hint: run `gen build`/);
    expect(existsSync(join(work, "stale.conf"))).toBe(false);
  });

  it("refuses an invalid config with its diagnostics (exit 1), and writes nothing", async () => {
    const bad = join(work, "bad.yaml");
    writeFileSync(bad, "brands:\n  - id: Not An Id\n");
    const r = await run("deploy-config", bad, "--nginx", `--dist=${dist}`, `--out=${join(work, "bad.conf")}`);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/bad\.yaml:\d+:\d+: error\[/);
    expect(r.err).toContain("is invalid; nothing was written");
    expect(existsSync(join(work, "bad.conf"))).toBe(false);
  });

  it("refuses with exit code 2: no target, a dist/ not built, bad ports or addresses, half a TLS pair, a bad upstream or path", async () => {
    const cases: [string[], RegExp][] = [
      [["deploy-config", brandsFile], /--nginx/],
      [["deploy-config", brandsFile, "--nginx", `--dist=${join(work, "nowhere")}`], /gen build/],
      [["deploy-config", brandsFile, "--nginx", `--dist=${dist}`, "--listen=http"], /--listen must be a port/],
      [["deploy-config", brandsFile, "--nginx", `--dist=${dist}`, "--listen=70000"], /--listen must be a port/],
      [["deploy-config", brandsFile, "--nginx", `--dist=${dist}`, "--tls-cert=c.pem"], /--tls-cert and --tls-key go together/],
      [["deploy-config", brandsFile, "--nginx", `--dist=${dist}`, "--tls-cert=c.pem", "--tls-key=k.pem", "--tls-listen=80"], /must differ/],
      [["deploy-config", brandsFile, "--nginx", `--dist=${dist}`, "--upstream=nowhere"], /--upstream must be/],
      [["deploy-config", brandsFile, "--nginx", `--dist=${dist}`, "--upstream=http://10.0.0.5:8080/api"], /no path/],
      [["deploy-config", brandsFile, "--nginx", `--dist=${dist}`, "--upstream=ftp://10.0.0.5"], /http:\/\/ or https:\/\//],
      [["deploy-config", brandsFile, "--nginx", `--dist=${dist}`, "--address=localhost"], /--address must be an IP address/],
      [["deploy-config", brandsFile, "--nginx", `--dist=${dist}`, "--root=/srv/$store"], /--root: .* nginx cannot take/],
      [["deploy-config", brandsFile, "--nginx", `--dist=${dist}`, "--format=xml"], /format/],
    ];
    for (const [args, message] of cases) {
      const r = await run(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err, args.join(" ")).toMatch(message);
    }
  });

  it("is accepted by nginx itself, over HTTP and with TLS, without a warning", async (ctx) => {
    await needs(ctx, NGINX, async () => {
      const test = (conf: string) => {
        const r = spawnSync(NGINX, ["-t", "-p", work, "-c", conf], { encoding: "utf8" });
        // nginx 1.25.1 and later deprecate `listen … http2` (still accepted): the form Debian 12's 1.22 needs.
        const warnings = r.stderr
          .split("\n")
          .filter((l) => /\[(warn|emerg|alert|crit)\]/.test(l) && !/"http2" directive is deprecated/.test(l));
        expect(warnings, conf).toEqual([]);
        expect(r.stderr, conf).toContain("test is successful");
        expect(r.status, conf).toBe(0);
      };
      test(join(work, "nginx.conf"));
      await needs(ctx, OPENSSL, async () => {
        const [cert, key] = [join(work, "cert.pem"), join(work, "key.pem")];
        execFileSync(
          OPENSSL,
          ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=storefront.test"],
          { stdio: "pipe" },
        );
        const conf = join(work, "tls.conf");
        const r = await run(
          "deploy-config",
          brandsFile,
          "--nginx",
          `--dist=${dist}`,
          "--proxy-api-hosts",
          `--tls-cert=${cert}`,
          `--tls-key=${key}`,
          ...logs,
          `--out=${conf}`,
        );
        expect(r.code, r.err).toBe(0);
        test(conf);
      });
    });
  });
});
