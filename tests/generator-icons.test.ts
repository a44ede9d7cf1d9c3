// Installable sites: the PNG icons rendered from a brand's SVG, the manifest and HTML that name
// them, and the service worker whose cache follows what the shell is made of.
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { API_PREFIXES } from "../core/browser/hosting/http-policy.ts";
import { PNG_ICONS } from "../generator/emit/icons.ts";
import { emitSites, iconFiles, UNCACHED_PREFIXES } from "../generator/emit/site.ts";
import { rasteriseIcons, renderBrandIcons } from "../generator/icons.ts";
import { resolveConfig } from "../generator/resolve.ts";
import { loadInputs } from "./compile-inputs.ts";
import { DEMO_CONFIG } from "./demo-config.ts";

const { config, inputs, templates } = await loadInputs(DEMO_CONFIG);
const bundle = { entry: "/assets/main-abc.js", preloads: ["/assets/chunk-1.js"], css: ".sf-app{display:flex}" };

/** RGBA of one pixel of a PNG. */
async function pixel(png: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...data.subarray(at, at + 4)];
}

describe("PNG icons", () => {
  const aurora = config.brands.find((b) => b.id === "aurora");
  const hanbit = config.brands.find((b) => b.id === "hanbit");
  if (!aurora || !hanbit) throw new Error("aurora and hanbit are needed");
  const iconOf = (id: string) => {
    const icon = resolveConfig(config, inputs, id).siteBrands[0]?.icon;
    if (!icon) throw new Error(`no brand ${id}`);
    return icon;
  };
  const auroraIcon = iconOf("aurora");
  const hanbitIcon = iconOf("hanbit");

  it("renders each distinct icon once, at the manifest's sizes, and reads it from the cache the next time", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "sf-icons-"));
    const first = await rasteriseIcons([auroraIcon, hanbitIcon, { ...auroraIcon }], { cacheDir });
    expect(first.report).toEqual({ distinct: 2, rendered: 2, cached: 0 });
    expect(readdirSync(cacheDir)).toHaveLength(2);
    for (const set of first.sets.values()) {
      for (const icon of PNG_ICONS) {
        const meta = await sharp(set.get(icon.file)).metadata();
        expect([meta.format, meta.width, meta.height], icon.file).toEqual(["png", icon.size, icon.size]);
      }
    }
    const again = await rasteriseIcons([hanbitIcon, auroraIcon], { cacheDir });
    expect(again.report).toEqual({ distinct: 2, rendered: 0, cached: 2 });
    expect(again.sets).toEqual(first.sets);
  });

  it("draws the maskable and Apple icons full bleed on the brand colour; the 'any' icons keep the SVG's shape", async () => {
    const { sets } = await rasteriseIcons([auroraIcon], { cacheDir: false });
    const set = [...sets.values()][0];
    const colour = [1, 3, 5].map((i) => Number.parseInt(auroraIcon.background.slice(i, i + 2), 16));
    expect(await pixel(set?.get("icon-maskable-512.png") ?? new Uint8Array(), 0, 0)).toEqual([...colour, 255]);
    expect(await pixel(set?.get("apple-touch-icon.png") ?? new Uint8Array(), 179, 179)).toEqual([...colour, 255]);
    // aurora.svg is a rounded square: its corner is transparent, its middle is drawn.
    expect((await pixel(set?.get("icon-512.png") ?? new Uint8Array(), 0, 0))[3]).toBe(0);
    expect((await pixel(set?.get("icon-192.png") ?? new Uint8Array(), 96, 20))[3]).toBe(255);
  });

  it("are written into each brand's folder", async () => {
    const hanbitOnly = resolveConfig(config, inputs, "hanbit");
    const { byBrand } = await renderBrandIcons(hanbitOnly.siteBrands, { cacheDir: false });
    const files = iconFiles(hanbitOnly, byBrand);
    expect(files.map((f) => f.path).sort()).toEqual(PNG_ICONS.map((i) => `brands/hanbit/${i.file}`).sort());
  });
});

describe("manifest, HTML and service worker", () => {
  const site = (b = bundle) => emitSites(resolveConfig(config, inputs, "jade"), b, templates);
  const get = (files: ReturnType<typeof site>, path: string) => files.find((f) => f.path === path)?.contents ?? "";

  // An SVG icon is a document of its own: Chromium builds it on the page's main thread when it
  // fetches the tab's or the manifest's icon during start-up (43–80 ms at a phone's speed, traced).
  // The page's icons are the PNGs, the tab's the header's logo, already fetched.
  it("the manifest names the 192, 512 and maskable PNG icons only; the HTML the header's PNG for the tab and the Apple icon", () => {
    const files = site();
    const manifest = JSON.parse(get(files, "brands/jade/manifest.webmanifest")) as {
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest.icons).toEqual([
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ]);
    const pages = files.filter((f) => f.path.startsWith("brands/jade/") && f.path.endsWith(".html") && !f.path.includes("twitter"));
    // The top-up's page and every entry path's (core/browser/entry-pages.ts).
    expect(pages.map((p) => p.path)).toEqual(expect.arrayContaining(["brands/jade/index.html", "brands/jade/entry/result.html"]));
    for (const page of pages) {
      expect(page.contents, page.path).toContain('<link rel="icon" href="/icon-96.png" sizes="96x96" type="image/png">');
      expect(page.contents, page.path).not.toMatch(/\.svg["?#]/);
    }
    expect(get(files, "brands/jade/index.html")).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180">');
  });

  it("the service worker caches the shell under a name that changes with it, and never the platform's paths", () => {
    const sw = get(site(), "brands/jade/sw.js");
    const shell = JSON.parse(/const SHELL = (\[.*\]);/.exec(sw)?.[1] ?? "[]") as string[];
    expect(shell).toEqual(
      expect.arrayContaining([
        "/",
        "/selectGoods",
        "/manifest.webmanifest",
        "/icon-192.png",
        "/icon-maskable-512.png",
        "/assets/main-abc.js",
        "/assets/chunk-1.js",
      ]),
    );
    expect(shell.some((p) => /^\/assets\/brand-jade\.[0-9a-f]{10}\.js$/.test(p))).toBe(true);
    expect(sw).toContain(`const NEVER = ${JSON.stringify(API_PREFIXES)};`);
    expect(UNCACHED_PREFIXES).toEqual(API_PREFIXES);

    const version = (text: string) => /const VERSION = "([0-9a-f]+)";/.exec(text)?.[1];
    expect(version(get(site(), "brands/jade/sw.js"))).toBe(version(sw));
    expect(version(get(site({ ...bundle, entry: "/assets/main-def.js" }), "brands/jade/sw.js"))).not.toBe(version(sw));
  });
});
