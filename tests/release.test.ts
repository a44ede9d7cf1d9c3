// The release inventory (dist/release.json, generator/emit/release.ts) and the Subresource
// Integrity of every script a page names: what the inventory lists is what the HTML loads, each
// integrity is the hash of the bytes served, and the same inputs name the same release.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cspFromHtml, HSTS, responseHeaders } from "../core/browser/hosting/http-policy.ts";
import { type Compilation, compile } from "../generator/compile.ts";
import { pageReferences } from "../generator/emit/page-references.ts";
import { RELEASE_FILE, type ReleaseInventory } from "../generator/emit/release.ts";
import type { BundleAsset, BundleInfo } from "../generator/model.ts";
import { DEMO_CONFIG } from "./demo-config.ts";

const sri = (bytes: string) => `sha384-${createHash("sha384").update(bytes).digest("base64")}`;
const hex = (bytes: string | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A stand-in for the runtime's bundle whose files have real bytes, hashed as bundle/runtime.ts does. */
function fakeBundle(contents: Record<string, string> = {}): { bundle: BundleInfo; bytes: Map<string, string> } {
  const files: [string, BundleAsset["role"], string][] = [
    ["/assets/main-aaa.js", "entry", "main.tsx"],
    ["/assets/shared-bbb.js", "static", "_shared-bbb.js"],
    ["/assets/en-ccc.js", "language", "../locales/en.json?first"],
    ["/assets/en-ddd.js", "language", "../locales/en.json?later"],
    ["/assets/ja-eee.js", "language", "../locales/ja.json?first"],
    ["/assets/MyPage-fff.js", "lazy", "features/loyalty/MyPage.tsx"],
    ["/assets/main-ggg.css", "stylesheet", "main.tsx"],
  ];
  const bytes = new Map(files.map(([url]) => [url, contents[url] ?? `export const file = ${JSON.stringify(url)};`]));
  const assets = files.map(([url, role, source]) => {
    const text = bytes.get(url) ?? "";
    return { url, integrity: sri(text), bytes: text.length, role, source };
  });
  const bundle: BundleInfo = {
    entry: "/assets/main-aaa.js",
    preloads: ["/assets/shared-bbb.js"],
    css: ".sf-app{display:flex}",
    locales: { en: "/assets/en-ccc.js", ja: "/assets/ja-eee.js" },
    early: "window.__sfEarly=1;",
    assets,
  };
  return { bundle, bytes };
}

const compiled = (bundle: BundleInfo) => compile(DEMO_CONFIG, { site: { bundle: async () => bundle, iconCache: false } });
const text = (c: Compilation, path: string) => {
  const file = c.site.find((f) => f.path === path);
  if (!file) throw new Error(`${path} was not emitted`);
  return typeof file.contents === "string" ? file.contents : Buffer.from(file.contents).toString("utf8");
};
const inventoryOf = (c: Compilation) => JSON.parse(text(c, RELEASE_FILE)) as ReleaseInventory;

describe("Subresource Integrity in the pages", () => {
  it("every script a page names carries the integrity of the bytes served at its URL", async () => {
    const { bundle, bytes } = fakeBundle();
    const c = await compiled(bundle);
    const served = (url: string) => bytes.get(url) ?? text(c, `app${url}`);
    const pages = c.site.filter((f) => /^brands\/[^/]+\/(index|entry\/[^/]+)\.html$/.test(f.path));
    expect(pages.length).toBe(5 * 8);
    for (const page of pages) {
      const html = String(page.contents);
      const { files } = pageReferences(html);
      // The brand module, the entry's import, the page language's first strings when the bundle has them, the entry.
      const language = /<html lang="([^"]+)"/.exec(html)?.[1] ?? "";
      expect(files.map((f) => f.tag)).toEqual(Array(bundle.locales?.[language] ? 4 : 3).fill("modulepreload"));
      for (const file of files) expect(file.integrity, `${page.path} ${file.url}`).toBe(sri(served(file.url)));
    }
  });

  it("names no integrity where the bytes are not known (gen dev serves the sources through Vite)", async () => {
    const c = await compiled({ entry: "/main.tsx", preloads: [], css: "", locales: {} });
    const html = text(c, "brands/aurora/index.html");
    const entry = pageReferences(html).files.find((f) => f.url === "/main.tsx");
    expect(entry).toEqual({ tag: "script", url: "/main.tsx", integrity: "" });
    // The brand module is made by the build itself, so its hash is always known.
    expect(pageReferences(html).files.find((f) => f.url.startsWith("/assets/brand-"))?.integrity).toMatch(/^sha384-/);
  });
});

describe("dist/release.json", () => {
  it("lists for every page what its HTML loads and runs, its SHA-256 and the headers it must be served with", async () => {
    const { bundle } = fakeBundle();
    const c = await compiled(bundle);
    const inventory = inventoryOf(c);
    expect(inventory.fingerprint).toBe(c.resolved?.fingerprint);
    expect(inventory.brands.map((b) => b.id)).toEqual(["aurora", "sakura", "hanbit", "jade", "borealis"]);
    for (const brand of inventory.brands) {
      for (const page of brand.pages) {
        const html = text(c, `brands/${brand.id}/${page.file}`);
        expect(page.sha256).toBe(hex(html));
        expect(page.bytes).toBe(Buffer.byteLength(html));
        const refs = pageReferences(html);
        expect(refs.files.map(({ url, integrity }) => ({ url, integrity }))).toEqual(
          brand.scripts.map(({ url, integrity }) => ({ url, integrity })),
        );
        expect(refs.inline.map(({ kind, hash }) => ({ kind, hash }))).toEqual(
          brand.inline.map(({ kind, hash }) => ({ kind, hash })).sort((a, b) => (a.kind < b.kind ? -1 : 1)),
        );
        expect(brand.headers["content-security-policy"]).toBe(cspFromHtml(html, "'self'", { previewHosts: false }));
      }
      expect(brand.headers).toEqual({
        ...responseHeaders("page", text(c, `brands/${brand.id}/index.html`), { previewHosts: false }),
        ...HSTS,
      });
      for (const script of brand.scripts) expect(script.why.length).toBeGreaterThan(10);
      const worker = brand.files.find((f) => f.kind === "worker");
      expect(worker?.path).toBe("/sw.js");
      expect(text(c, `brands/${brand.id}/sw.js`)).toContain(`const VERSION = "${brand.worker.version}";`);
    }
    // The hosts a production deploy answers, no preview host.
    expect(inventory.brands[0]?.hosts).toEqual({
      production: ["pay.aurora.example", "shop.aurora.example"],
      demo: ["pay-demo.aurora.example"],
    });
  });

  it("lists every file of the bundle and every brand module with its integrity and why it is there, the lazy ones included", async () => {
    const { bundle } = fakeBundle();
    const inventory = inventoryOf(await compiled(bundle));
    const byPath = new Map(inventory.assets.map((a) => [a.path, a]));
    for (const asset of bundle.assets ?? []) expect(byPath.get(asset.url)?.integrity).toBe(asset.integrity);
    expect(byPath.get("/assets/MyPage-fff.js")?.why).toBe("loaded by the runtime when it needs features/loyalty/MyPage.tsx");
    expect(byPath.get("/assets/en-ddd.js")?.why).toMatch(/^the rest of the strings in en/);
    expect(byPath.get("/assets/main-ggg.css")?.why).toMatch(/inlined in every page/);
    for (const brand of inventory.brands)
      expect(byPath.get(brand.scripts[0]?.url ?? "")?.why).toMatch(new RegExp(`^brand ${brand.id}'s module`));
    expect(inventory.assets.length).toBe((bundle.assets?.length ?? 0) + 5);
  });

  it("lists the script a brand with a Korean area loads from its platform hosts, with why", async () => {
    const inventory = inventoryOf(await compiled(fakeBundle().bundle));
    const hanbit = inventory.brands.find((b) => b.id === "hanbit");
    expect(hanbit?.external).toHaveLength(1);
    for (const url of hanbit?.external[0]?.urls ?? []) {
      expect(url).toMatch(/^https:\/\/[^/]+\/sandbox\/kr-pay\.js$/);
      // Allowed by the page's CSP, which the inventory's headers carry.
      expect(hanbit?.headers["content-security-policy"]).toContain(` ${new URL(url).origin}`);
    }
    expect(hanbit?.external[0]?.why).toMatch(/Korean-market payment script/);
    expect(inventory.brands.filter((b) => b.external.length).map((b) => b.id)).toEqual(["hanbit"]);
  });

  it("names a release by what it serves: the same inputs give the same id, one byte of a chunk another", async () => {
    const first = inventoryOf(await compiled(fakeBundle().bundle));
    const again = inventoryOf(await compiled(fakeBundle().bundle));
    expect(again.release).toBe(first.release);
    const lazyChanged = inventoryOf(await compiled(fakeBundle({ "/assets/MyPage-fff.js": "export const file = 2;" }).bundle));
    expect(lazyChanged.release).not.toBe(first.release);
    expect(first.release).toMatch(/^[0-9a-f]{16}$/);
  });
});
