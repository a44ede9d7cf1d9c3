// `gen verify` (generator/verify/) against a release served by a node:http server started here (by
// Host, with the production routing and headers, core/browser/hosting/): a deploy as built passes;
// a page edited by one byte, a script added, a header removed, an asset deleted, another build's
// page and another release's service worker are each named; the formats; `--watch` prints only
// what changed; a URL that names no host of the release is a usage error.

import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { main } from "../cli/main.ts";
import { responseHeaders } from "../core/browser/hosting/http-policy.ts";
import { routeSite } from "../core/browser/hosting/site-routing.ts";
import { compile } from "../generator/compile.ts";
import { sha384 } from "../generator/emit/hashes.ts";
import { pageReferences } from "../generator/emit/page-references.ts";
import { RELEASE_FILE } from "../generator/emit/release.ts";
import type { BundleInfo } from "../generator/model.ts";
import type { Difference } from "../generator/verify/check.ts";
import { runVerify } from "../generator/verify/run.ts";
import { DEMO_CONFIG } from "./demo-config.ts";

/** The runtime's files as the stand-in bundle names them, with real bytes. */
const RUNTIME: Record<string, string> = {
  "/assets/main-AAAAAAAA.js": "export const main = 1;",
  "/assets/en-BBBBBBBB.js": "export default {};",
  "/assets/MyPage-CCCCCCCC.js": "export const my = 1;",
};
const bundle: BundleInfo = {
  entry: "/assets/main-AAAAAAAA.js",
  preloads: [],
  css: ".sf-app{display:flex}",
  locales: { en: "/assets/en-BBBBBBBB.js" },
  early: "window.__sfEarly=1;",
  assets: Object.entries(RUNTIME).map(([url, text]) => ({
    url,
    integrity: sha384(text),
    bytes: text.length,
    role: url.includes("main") ? "entry" : url.includes("en-") ? "language" : "lazy",
    source: url,
  })),
};

/** What the test server serves: the build's files, and what a test changes in them. */
const served = {
  files: new Map<string, string | Uint8Array>(),
  hosts: {} as Record<string, { brand: string; mode: "production" | "demo" }>,
  dropHeader: "",
};
let pristine = new Map<string, string | Uint8Array>();
let dist = "";
let server: Server;
let port = 0;

beforeAll(async () => {
  const built = await compile(DEMO_CONFIG, { site: { bundle: async () => bundle, iconCache: false } });
  dist = mkdtempSync(join(tmpdir(), "gen-verify-"));
  writeFileSync(join(dist, RELEASE_FILE), String(built.site.find((f) => f.path === RELEASE_FILE)?.contents));
  pristine = new Map([
    ...built.site.map((f) => [f.path, f.contents] as const),
    ...Object.entries(RUNTIME).map(([url, text]) => [`app${url}`, text] as const),
  ]);
  served.files = new Map(pristine);
  served.hosts = built.resolved?.publicHosts ?? {};
  server = createServer((req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "");
    const route = routeSite(req.url ?? "/", served.hosts[host], (brand, file) => served.files.has(`brands/${brand}/${file}`));
    const send = (status: number, headers: Record<string, string>, body: string | Uint8Array) => {
      const { [served.dropHeader]: _dropped, ...kept } = headers;
      res.writeHead(status, kept).end(body);
    };
    if (route.kind === "asset") {
      const file = served.files.get(`app/assets/${route.file}`);
      return file === undefined ? send(404, responseHeaders("brandFile"), "Not found") : send(200, responseHeaders("asset"), file);
    }
    if (route.kind === "page" || route.kind === "brandFile") {
      const file = served.files.get(`brands/${route.brand}/${route.file}`) ?? "";
      const kind = route.kind === "page" ? "page" : route.response;
      return send(200, responseHeaders(kind, String(file), { previewHosts: false }), file);
    }
    send(404, {}, "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  served.files = new Map(pristine);
  served.dropHeader = "";
});

async function verify(url = `http://*:${port}`, ...extra: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(["node", "gen", "verify", url, "--dist", dist, "--connect", `127.0.0.1:${port}`, ...extra], {
    out: (s) => out.push(s),
    err: (s) => err.push(s),
  });
  return { code, out: out.join(""), err: err.join("") };
}

async function differences(): Promise<Difference[]> {
  const run = await verify(undefined, "--format", "json");
  expect(run.code).toBe(1);
  return (JSON.parse(run.out) as { differences: Difference[] }).differences;
}

const page = (path: string) => String(served.files.get(path));

describe("gen verify", () => {
  it("passes a deploy served as built: every host, page, file and asset", async () => {
    const run = await verify();
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^gen verify: release [0-9a-f]{16} on http:\/\/\*:\d+ via 127\.0\.0\.1:\d+\n/);
    expect(run.out).toMatch(/\n\d+ hosts, \d+ pages, \d+ files and \d+ assets checked: every one as released\.\n$/);
  });

  it("names a page edited by one byte, on every host that serves it", async () => {
    const html = page("brands/aurora/entry/my.html");
    served.files.set("brands/aurora/entry/my.html", html.replace("<noscript>", "<noscripT>"));
    const found = await differences();
    expect(found.map((d) => `${d.host}${d.path} ${d.kind}`).sort()).toEqual([
      "pay-demo.aurora.example/my page-changed",
      "pay.aurora.example/my page-changed",
      "shop.aurora.example/my page-changed",
    ]);
    expect(found[0]?.message).toMatch(/^its bytes are not the release's entry\/my\.html \([\d,]+ bytes, the release's [\d,]+ bytes\)$/);
  });

  it("names a popup page edited by one byte as an edit, not as the store's scripts missing", async () => {
    served.files.set("brands/sakura/twitterRedirect.html", page("brands/sakura/twitterRedirect.html").replace("</title>", " </title>"));
    const found = await differences();
    expect(new Set(found.map((d) => `${d.path} ${d.kind}`))).toEqual(new Set(["/twitterRedirect.html page-changed"]));
  });

  it("names a script added to a page", async () => {
    const html = page("brands/sakura/index.html");
    served.files.set("brands/sakura/index.html", html.replace("</head>", '<script src="https://cdn.evil.example/x.js"></script></head>'));
    const found = await differences();
    expect(found.filter((d) => d.kind === "script-added").map((d) => d.message)).toEqual([
      "loads https://cdn.evil.example/x.js (script), which the release does not list",
      "loads https://cdn.evil.example/x.js (script), which the release does not list",
    ]);
    expect(new Set(found.map((d) => d.path))).toEqual(new Set(["/selectGoods"]));
  });

  it("names a header removed from the answers", async () => {
    served.dropHeader = "x-content-type-options";
    const found = await differences();
    expect(
      found.every((d) => d.kind === "header-missing" && d.message === "no x-content-type-options header (the release's: nosniff)"),
    ).toBe(true);
    expect(found.length).toBeGreaterThan(50);
  });

  it("names an asset deleted, lazy chunks included", async () => {
    served.files.delete("app/assets/MyPage-CCCCCCCC.js");
    const found = await differences();
    expect(found.map((d) => `${d.path} ${d.kind}: ${d.message}`)).toEqual([
      "/assets/MyPage-CCCCCCCC.js asset-missing: answered 404, not the release's file",
      "/assets/MyPage-CCCCCCCC.js asset-missing: answered 404, not the release's file",
    ]);
  });

  it("names another build's page (an older release's) by the scripts it loads, and another release's service worker", async () => {
    const older = await compile(DEMO_CONFIG, {
      site: { bundle: async () => ({ ...bundle, css: ".sf-app{display:block}" }), iconCache: false },
    });
    const olderPage = String(older.site.find((f) => f.path === "brands/jade/index.html")?.contents);
    expect(olderPage).not.toBe(page("brands/jade/index.html"));
    // The same brand module and entry: its inline style differs, as another runtime's would.
    served.files.set("brands/jade/index.html", olderPage);
    served.files.set("brands/jade/sw.js", page("brands/jade/sw.js").replace(/const VERSION = "[^"]+"/, 'const VERSION = "0123456789"'));
    const found = await differences();
    const selectGoods = found.filter((d) => d.path === "/selectGoods" && d.host === "pay.jade.example");
    // This server takes a page's policy from its meta tag, as the Node server does (nginx's is written at deploy).
    expect(selectGoods.map((d) => d.kind)).toEqual(["header-changed", "script-changed"]);
    expect(selectGoods[1]?.message).toMatch(/^has an inline style the release does not list \(sha256-/);
    expect(found.find((d) => d.path === "/sw.js")).toMatchObject({
      kind: "worker-stale",
      message: expect.stringMatching(/^the service worker is another release's \(version 0123456789, the release's [0-9a-f]{10}\)$/),
    });
    // A page naming another build's brand module is another build's page.
    const html = String(pristine.get("brands/jade/index.html"));
    const module = pageReferences(html).files[0]?.url ?? "";
    served.files.set("brands/jade/index.html", html.replaceAll(module, module.replace(/\.[0-9a-f]{10}\.js$/, ".0000000000.js")));
    const stale = (await differences()).filter((d) => d.path === "/selectGoods" && d.kind !== "header-changed");
    expect(stale.map((d) => d.kind)).toEqual(
      Array(Object.values(served.hosts).filter((h) => h.brand === "jade").length).fill("page-stale"),
    );
    expect(stale[0]?.message).toBe(
      `another build's page (an older release?): it loads ${module.replace(/\.[0-9a-f]{10}\.js$/, ".0000000000.js")} where the release has ${module}`,
    );
  });
});

describe("gen verify: formats, --watch and usage", () => {
  it("github: one annotation per difference and a closing one; json: the counts and every difference", async () => {
    served.files.delete("app/assets/MyPage-CCCCCCCC.js");
    const github = await verify(undefined, "--format", "github");
    const lines = github.out.trimEnd().split("\n");
    expect(lines[0]).toMatch(
      /^::error title=gen verify%3A asset-missing on [^:]+\/assets\/MyPage-CCCCCCCC\.js::[^\n]+: answered 404, not the release's file$/,
    );
    expect(lines.at(-1)).toMatch(
      /^::error title=gen verify::release [0-9a-f]{16} on http:\/\/\*:\d+ via 127\.0\.0\.1:\d+: .* 2 differences from the release\.$/,
    );
    served.files = new Map(pristine);
    const json = JSON.parse((await verify(undefined, "--format", "json")).out) as {
      checked: Record<string, number>;
      differences: unknown[];
    };
    expect(json.differences).toEqual([]);
    expect(json.checked.hosts).toBe(Object.keys(served.hosts).length);
  });

  it("names a host that does not answer once, and checks the others", async () => {
    const out: string[] = [];
    const { clientFor } = await import("../generator/verify/fetch.ts");
    const code = await runVerify(
      `http://*:${port}`,
      { dist, connect: `127.0.0.1:${port}`, format: "json" },
      { out: (s) => out.push(s), err: () => undefined },
      {
        client: (target) => {
          const real = clientFor(target);
          return (host, path, encoding) =>
            host === "pay.sakura.example" ? Promise.resolve({ error: "ECONNREFUSED: connect ECONNREFUSED" }) : real(host, path, encoding);
        },
        wait: async () => undefined,
      },
    );
    expect(code).toBe(1);
    expect(JSON.parse(out.join("")).differences).toEqual([
      {
        host: "pay.sakura.example",
        path: "/selectGoods",
        kind: "unreachable",
        message: "no answer, so nothing of this host was checked: ECONNREFUSED: connect ECONNREFUSED",
      },
    ]);
  });

  it("checks one host, or the hosts a pattern names", async () => {
    const one = await verify(`http://pay.sakura.example:${port}`, "--format", "json");
    expect(JSON.parse(one.out).checked.hosts).toBe(1);
    const aurora = await verify(`http://*.aurora.example:${port}`, "--format", "json");
    expect(JSON.parse(aurora.out).checked.hosts).toBe(3);
  });

  it("--watch: the first round in full, then only what appeared or went away", async () => {
    const out: string[] = [];
    let round = 0;
    const wait = async () => {
      round++;
      // Between the first and second rounds a page changes; between the second and third it is put back.
      if (round === 1) served.files.set("brands/borealis/entry/my.html", `${page("brands/borealis/entry/my.html")} `);
      if (round === 2) served.files = new Map(pristine);
      if (round === 3) served.files.delete("brands/borealis/robots.txt");
    };
    const code = await runVerify(
      `http://*.borealis.example:${port}`,
      { dist, connect: `127.0.0.1:${port}`, format: "text", watch: "0.5" },
      { out: (s) => out.push(s), err: () => undefined },
      { client: (await import("../generator/verify/fetch.ts")).clientFor, wait, rounds: 4 },
    );
    expect(code).toBe(1);
    expect(out[0]).toMatch(/every one as released\.\n$/);
    expect(out[1]).toMatch(/^\S+Z new {7}pay\.borealis\.example\/my {2}page-changed: its bytes are not the release's entry\/my\.html/);
    expect(out[2]).toMatch(/^\S+Z resolved {2}pay\.borealis\.example\/my {2}page-changed/);
    // A file gone is answered with the store's page, as the production routing does: its bytes are not the file's.
    expect(out[3]?.split("\n").filter(Boolean)).toEqual([
      expect.stringMatching(
        /^\S+Z new {7}pay\.borealis\.example\/robots\.txt {2}file-missing: answered with the store's page \(index\.html\): the file is not deployed$/,
      ),
      expect.stringMatching(/^\S+Z new {7}pay\.demo\.borealis\.example\/robots\.txt {2}file-missing: /),
    ]);
    expect(out).toHaveLength(4);
  });

  it("a URL that names no host of the release, a bad address or no release.json is a usage error (exit 2)", async () => {
    const unknown = await verify(`http://nobody.example:${port}`);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^gen: nobody\.example is no host of this release \(/);
    expect((await verify(`ftp://*:${port}`)).code).toBe(2);
    expect(
      await main(["node", "gen", "verify", "https://*", "--dist", dist, "--connect", "not-an-ip"], {
        out: () => undefined,
        err: () => undefined,
      }),
    ).toBe(2);
    expect(await main(["node", "gen", "verify", "https://*", "--dist", tmpdir()], { out: () => undefined, err: () => undefined })).toBe(2);
    expect(
      await main(["node", "gen", "verify", "https://*", "--dist", dist, "--watch", "soon"], { out: () => undefined, err: () => undefined }),
    ).toBe(2);
  });
});

describe("what a page loads (generator/emit/page-references.ts)", () => {
  it("finds scripts and stylesheets however they are written, and skips data blocks and other preloads", () => {
    const refs = pageReferences(
      [
        `<SCRIPT SRC='/a.js' integrity=sha384-x></SCRIPT >`,
        `<script type="module" src=/b.js></script>`,
        `<script type="application/json" id="d">{"a":1}</script>`,
        `<script>run()</script>`,
        `<link rel="preload" as="font" href="/f.woff2">`,
        `<link href="/s.css" rel="stylesheet">`,
        `<link rel=preload as=script href="/p.js">`,
        `<style>a{}</style>`,
      ].join("\n"),
    );
    expect(refs.files).toEqual([
      { tag: "script", url: "/a.js", integrity: "sha384-x" },
      { tag: "script", url: "/b.js", integrity: "" },
      { tag: "stylesheet", url: "/s.css", integrity: "" },
      { tag: "preload", url: "/p.js", integrity: "" },
    ]);
    expect(refs.inline.map((c) => c.kind)).toEqual(["script", "style"]);
  });
});
