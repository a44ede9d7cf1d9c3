// Codegen: deterministic, pinned by file snapshots, and the generated TypeScript type-checks.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../cli/main.ts";
import { contrast, themeTokens, tint } from "../core/browser/config/colour.ts";
import type { BrandModule, BrandsConfig } from "../core/browser/config/types.ts";
import { ENTRY_PAGES } from "../core/browser/entry-pages.ts";
import { BRAND_MODULE_BUDGET, brandModuleBytes } from "../core/node/config/brand-module.ts";
import { validateFile } from "../core/node/config/validate.ts";
import { generateRuntimeFiles } from "../generator/codegen.ts";
import { brandModuleProblems } from "../generator/compile.ts";
import { precompress } from "../generator/compress.ts";
import { emitSites, sha256 } from "../generator/emit/site.ts";
import type { BundleInfo, ResolvedConfig } from "../generator/model.ts";
import { resolveConfig } from "../generator/resolve.ts";
import { loadInputs } from "./compile-inputs.ts";
import { DEMO_CONFIG } from "./demo-config.ts";

const root = join(import.meta.dirname, "..");
const minimalFile = join(root, "tests", "fixtures", "valid", "minimal.yaml");

/** A fixture config, resolved as `gen build` resolves it before emitting. */
const resolvedOf = async (file: string) => {
  const { config, inputs } = await loadInputs(file);
  return resolveConfig(config, inputs);
};

/** The sites emitted from a resolved fixture, with the product's templates as the build reads them. */
const sitesOf = async (resolved: ResolvedConfig, bundle: BundleInfo) =>
  emitSites(resolved, bundle, (await loadInputs(DEMO_CONFIG)).templates);

describe("runtime/generated", () => {
  it("is the same on every run (no timestamps, sorted)", async () => {
    const { config, inputs } = await loadInputs(DEMO_CONFIG);
    const a = generateRuntimeFiles(resolveConfig(config, inputs));
    const b = generateRuntimeFiles(resolveConfig(structuredClone(config), inputs));
    expect(a).toEqual(b);
    expect(a.map((f) => f.path)).toEqual([...a.map((f) => f.path)].sort());
    for (const f of a) expect(f.contents).toMatch(/generated .* do not edit/);
  });

  it("matches the snapshots for the minimal fixture", async () => {
    const files = generateRuntimeFiles(await resolvedOf(minimalFile));
    for (const name of ["brands/minimal.ts", "brands/minimal.css", "hosts.ts", "routes.ts", "payment-methods.ts"]) {
      const file = files.find((f) => f.path === name);
      expect(file, name).toBeDefined();
      await expect(file?.contents).toMatchFileSnapshot(join("__snapshots__", "minimal", name));
    }
  });

  it("holds every payment method of the catalogue with its endpoints and flow", async () => {
    const files = generateRuntimeFiles(await resolvedOf(minimalFile));
    const table = files.find((f) => f.path === "payment-methods.ts")?.contents ?? "";
    const specIds = [
      10301, 11701, 11501, 11702, 10801, 10302, 10303, 10201, 11001, 10401, 10501, 10103, 10101, 10102, 10104, 11401, 11601, 11602, 11801,
      12101, 10701, 12001, 12201,
    ];
    for (const id of specIds) expect(table).toContain(`"${id}": {`);
    expect(table).toContain('"kr": "/api/kr_pay/naver_pay"');
    expect(table).toContain('"kr": "/api/kr_pay/welcome_pay"');
    const methods = JSON.parse(/paymentMethods: Record<number, PaymentMethod> = (\{[\s\S]*?\n\});\n/.exec(table)?.[1] ?? "{}") as Record<
      string,
      { name: string; addition: boolean }
    >;
    expect(methods["12301"]).toMatchObject({ name: "KakaoPay", addition: true });
    expect(methods["10201"]).toMatchObject({ name: "Paypal", addition: false, kind: "wallet", display: { provider: "PayPal" } });
    // Each method says what the player pays with and how players call it, for the picker and the order history.
    for (const [id, m] of Object.entries(methods as Record<string, { kind?: string; display?: object }>)) {
      expect(["card", "wallet", "bank", "carrier", "voucher"], id).toContain(m.kind);
      expect(Object.keys(m.display ?? {}).length, id).toBeGreaterThan(0);
    }
    expect(methods["10302"]).toMatchObject({ kind: "carrier", display: { provider: "MyCard", word: "carrierBilling" } });
    for (const flow of ["redirect", "airwallexCard", "airwallexRedirect", "alipayCard", "inGameCard", "cardForm", "krCardScript"]) {
      expect(table).toContain(`"flow": "${flow}"`);
    }
  });

  it("type-checks (the generated modules and a consumer of them)", async () => {
    const files = generateRuntimeFiles(await resolvedOf(DEMO_CONFIG));
    const dir = mkdtempSync(join(root, "node_modules", ".gen-typecheck-"));
    for (const f of files) {
      const full = join(dir, "runtime", "generated", f.path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, f.contents);
    }
    // The brand modules are typed by the core (core/browser/config/types.ts and its generated types).
    symlinkSync(join(root, "core"), join(dir, "core"));
    writeFileSync(
      join(dir, "runtime", "consumer.ts"),
      `import aurora from "./generated/brands/aurora.ts";
import { hostMap } from "./generated/hosts.ts";
import { paymentMethods } from "./generated/payment-methods.ts";
import { newLayoutRoutes } from "./generated/routes.ts";
import type { SalesAreaId } from "../core/browser/config/types.ts";
const area: SalesAreaId = "sea";
const colour: string = aurora.brand.themeColor;
const vip: boolean = aurora.brand.features.vip;
const flow: "redirect" | string = paymentMethods[10201]?.flow ?? "redirect";
export const used = [area, colour, vip, flow, hostMap["aurora.localhost"]?.brand, newLayoutRoutes.length];
`,
    );
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "ES2022",
          module: "ESNext",
          moduleResolution: "Bundler",
          allowImportingTsExtensions: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: true,
          types: [],
        },
        include: ["runtime/**/*.ts"],
      }),
    );
    const tsc = join(root, "node_modules", ".bin", "tsc");
    expect(() => execFileSync(tsc, ["-p", join(dir, "tsconfig.json")], { encoding: "utf8", stdio: "pipe" })).not.toThrow();
  });
});

describe("per-brand sites", () => {
  const bundle = {
    entry: "/assets/main-abc.js",
    preloads: ["/assets/chunk-1.js"],
    css: ".sf-app{display:flex}",
    locales: { en: "/assets/en-1.js", ja: "/assets/ja-1.js" },
  };

  it("inlines the page's first script, allowed by its hash, and the brand's start data as inert JSON", async () => {
    const early = "window.__sfEarly=new Map;";
    const files = await sitesOf(await resolvedOf(minimalFile), { ...bundle, early });
    const html = files.find((f) => f.path === "brands/minimal/index.html")?.contents ?? "";
    expect(html).toContain(`<script>${early}</script>`);
    expect(html).toContain(`script-src 'self' '${sha256(early)}';`);
    const data = /<script type="application\/json" id="sf-start">([^<]*)<\/script>/.exec(html)?.[1] ?? "";
    const start = JSON.parse(data);
    expect(start.brand.id).toBe("minimal");
    expect(start.paths).toEqual({
      getGameList: "/api/pay/getGameListV2",
      pageConfig: "/api/config/recharge",
      productList: "/api/pay/getProductList",
      serverList: "/api/pay/getServerList",
    });
    // The first script precedes the scripts it does not wait for; those come at low priority.
    expect(html.indexOf(`<script>${early}`)).toBeLessThan(html.indexOf('rel="modulepreload"'));
    // The entry is preloaded, not run: the first script runs it once the banner is painted.
    expect(html).toContain('<link rel="modulepreload" href="/assets/main-abc.js" fetchpriority="low" data-sf-entry>');
    expect(html).not.toContain('<script type="module"');
    // Both layouts' shells; the brand's default shows until the script has chosen.
    expect(html).toContain('data-shell="old"');
    expect(html).toContain('data-shell="new"');
  });

  it("writes a page for each entry path, each painting that path's first screen in both layouts", async () => {
    const files = await sitesOf(await resolvedOf(DEMO_CONFIG), bundle);
    const page = (brand: string, file: string) => {
      const html = files.find((f) => f.path === `brands/${brand}/${file}`)?.contents;
      if (!html) throw new Error(`no ${file} for ${brand}`);
      const [, old = "", neu = ""] =
        /data-shell="old">([\s\S]*?)<\/div><div class="sf-app[^"]*" data-shell="new">([\s\S]*?)<\/div><\/div>\n<noscript>/.exec(html) ?? [];
      return { html, old, new: neu };
    };
    for (const brand of ["aurora", "sakura", "hanbit", "jade", "borealis"])
      for (const { file } of ENTRY_PAGES) expect(page(brand, file).old, `${brand} ${file}`).toContain('<header class="sf-header">');

    // aurora: old layout by default, events on. Its start page: the old layout's game choice (step 1),
    // the new layout's top-up with the banner's place and the bottom navigation (top-up current).
    const start = page("aurora", "entry/start.html");
    expect(start.old).toMatch(/<li class="is-current" aria-current="step"><span class="sf-steps__index">1<\/span>/);
    expect(start.old).toContain('<h2 class="sf-card__title" data-shell-words>Select game</h2><div class="sf-skeleton__rows"');
    expect(start.old).not.toContain("data-shell-banner");
    expect(start.new).toContain("data-shell-banner");
    expect(start.new).toContain("<span data-shell-route data-shell-words>Top-up</span>");
    expect([...start.new.matchAll(/<a href="([^"]+)"( class="active")?/g)].map((m) => `${m[1]}${m[2] ? "*" : ""}`)).toEqual([
      "/selectGoods*",
      "/activity",
      "/my",
    ]);
    expect(start.html).toContain('data-paths-old="/ /selectGame" data-paths-new="/selectGoods / /selectGame /result"');
    // My: the old layout's page heading, the new layout's header title and its navigation item.
    const my = page("aurora", "entry/my.html");
    expect(my.old).toContain('<h1 class="sf-page-title" data-shell-route data-shell-words>My</h1>');
    expect(my.old).not.toContain("sf-steps");
    expect(my.new).toContain("<span data-shell-route data-shell-words>My</span>");
    expect(my.new).toMatch(/<a href="\/my" class="active" aria-current="page">/);
    // The recharge step: step 3, step 1 back to the game choice; the new layout has no such page.
    const recharge = page("aurora", "entry/recharge.html");
    expect(recharge.old).toMatch(
      /<li class="is-done"><span class="sf-steps__link">.*<li class="is-current" aria-current="step"><span class="sf-steps__index">3/,
    );
    expect(recharge.old).toContain('<div class="sf-skeleton__banner"></div>');
    expect(recharge.new).toContain('<p class="sf-header__title">Aurora Games</p>');
    expect(recharge.new).not.toContain("sf-bottom-nav");
    // borealis has no events: its events page is the 404 page, and its navigation has no events item.
    expect(page("borealis", "entry/activity.html").new).toContain('<p class="sf-header__title">Borealis Studio</p>');
    expect(page("borealis", "entry/my.html").new).not.toContain('href="/activity"');
    // The Japanese-first brand's shell speaks Japanese.
    expect(page("sakura", "entry/start.html").old).toContain("data-shell-words>ゲームを選択</h2>");
  });

  it("writes branded HTML with a CSP, a manifest, a Twitter redirect page, an icon, and a deploy map", async () => {
    const files = await sitesOf(await resolvedOf(minimalFile), bundle);
    const get = (p: string) => files.find((f) => f.path === p)?.contents ?? "";
    const html = get("brands/minimal/index.html");
    expect(html).toContain(
      '<html lang="en" dir="ltr" data-brand="minimal" data-shell-layout="old" data-paths-old="/selectGoods" data-paths-new="/selectGoods / /selectGame /result">',
    );
    expect(html).toContain("<title>Minimal Store</title>");
    expect(html).toContain('<meta name="theme-color" content="#00bbff">');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toMatch(
      /http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self';[^"]*object-src 'none'; base-uri 'none'"/,
    );
    expect(html).toContain(
      "connect-src 'self' https://api-demo.minimal.example https://api.minimal.example https://track-demo.minimal.example https://track.minimal.example",
    );
    // The entry's CSS is inline (no render-blocking stylesheet), allowed by its hash.
    expect(html).toContain("<style>.sf-app{display:flex}\nhtml[data-brand=");
    expect(html).not.toContain('rel="stylesheet"');
    // Its first language's strings load with the runtime, not after it; no other language does.
    // (At low priority: the first script's calls and the banner go before them.)
    expect(html).toContain('<link rel="modulepreload" href="/assets/en-1.js" fetchpriority="low">');
    expect(html).not.toContain("ja-1.js");
    expect(html).not.toContain("unsafe-inline");
    // Artwork and framed pay pages only from the brand's platform hosts (and its own preview hosts); no wildcard scheme.
    const preview = "http://*.minimal.localhost:* http://*.minimal-demo.localhost:*";
    expect(html).toContain(`img-src 'self' data: https://api-demo.minimal.example https://api.minimal.example ${preview};`);
    expect(html).toContain(`frame-src 'self' https://api-demo.minimal.example https://api.minimal.example ${preview};`);
    expect(html).toContain("form-action 'self';");
    expect(html).not.toMatch(/ https:[ ;]| http:[ ;]|\*\.localhost/);
    const manifest = JSON.parse(get("brands/minimal/manifest.webmanifest"));
    expect(manifest).toMatchObject({
      name: "Minimal Store",
      short_name: "Minimal Games",
      start_url: "/",
      theme_color: "#00bbff",
      display: "standalone",
    });
    expect(get("brands/minimal/twitterRedirect.html")).toContain("postMessage(result, location.origin)");
    expect(get("brands/minimal/robots.txt")).toBe(
      "User-agent: *\nDisallow: /api/\nDisallow: /util/\nDisallow: /service/\nDisallow: /sandbox/\n",
    );
    expect(get("brands/minimal/icon.svg")).toMatch(/^<svg[^>]*>.*>MG<\/text><\/svg>/);
    expect(JSON.parse(get("hosts.json"))).toEqual({
      "minimal-demo.localhost": { brand: "minimal", mode: "demo" },
      "minimal.localhost": { brand: "minimal", mode: "production" },
      "pay.minimal.example": { brand: "minimal", mode: "production" },
    });
    const modules = files.filter((f) => /^app\/assets\/brand-minimal\.[0-9a-f]{10}\.js$/.test(f.path));
    expect(modules).toHaveLength(1);
    expect(html).toContain(`<meta name="sf-brand-module" content="/${modules[0]?.path.slice(4)}">`);
  });

  it("the Arabic-first area gets a right-to-left page", async () => {
    const { config, inputs } = await loadInputs(DEMO_CONFIG);
    const mea = structuredClone(config);
    const brand = mea.brands[0];
    if (!brand) throw new Error("no brand");
    brand.areas = { mea: brand.areas.mea } as typeof brand.areas;
    brand.games = { dunesong: brand.games.dunesong } as typeof brand.games;
    brand.defaultGame = "dunesong";
    const html = (await sitesOf(resolveConfig({ ...mea, brands: [brand] }, inputs), bundle)).find((f) => f.path.endsWith("index.html"));
    expect(html?.contents).toContain('lang="ar" dir="rtl"');
  });
});

describe("brand colours", () => {
  it("derive text colours with at least 4.5:1 contrast for any brand colour", () => {
    for (const colour of ["#00bbff", "#ffff00", "#777777", "#5b3df5", "#000000", "#ffffff", "#b8860b"]) {
      const t = themeTokens(colour);
      expect(contrast(t.primary, t.onPrimary)).toBeGreaterThanOrEqual(4.5);
      // On every surface brand-coloured text sits on: white, the page background, the brand tint.
      for (const surface of ["#ffffff", "#f4f5f7", tint(colour, 0.1)]) expect(contrast(t.primaryText, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("the brand module's 3 KB budget", () => {
  const atBudget = join(root, "tests", "fixtures", "valid", "brand-module-at-budget.yaml");
  const fakeBundle = { entry: "/assets/index-abc.js", preloads: [], css: "" };

  /** The brand module's .gz exactly as `gen build` writes it: emitted, then precompressed. */
  async function servedGzipSize(resolved: ResolvedConfig): Promise<number> {
    const module = (await sitesOf(resolved, fakeBundle)).find((f) => /^app\/assets\/brand-.*\.js$/.test(f.path));
    if (!module) throw new Error("no brand module emitted");
    const dir = mkdtempSync(join(tmpdir(), "gen-budget-"));
    writeFileSync(join(dir, "brand.js"), module.contents);
    await precompress(dir);
    return statSync(join(dir, "brand.js.gz")).size;
  }

  it("validate measures the bytes the build serves: a module of exactly 3,072 bytes gzip passes", async () => {
    const result = await validateFile(atBudget);
    expect(result.diagnostics.map((d) => d.name)).toEqual([]);
    const resolved = resolveConfig(result.config as BrandsConfig, (await loadInputs(atBudget)).inputs);
    expect(await servedGzipSize(resolved)).toBe(BRAND_MODULE_BUDGET);
    expect(brandModuleBytes(resolved.brands[0]?.module as BrandModule)).toBe(BRAND_MODULE_BUDGET);
    expect(brandModuleProblems(resolved)).toEqual([]);
  });

  it("one word more: validate refuses it, and gen build fails with nothing written", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gen-budget-"));
    const file = join(dir, "fixture.yaml");
    writeFileSync(file, readFileSync(atBudget, "utf8").replace(/(inquiry: .*)\n/, "$1 and one more sentence for the players\n"));
    const out: string[] = [];
    const code = await main(["node", "gen", "build", file, "--out", join(dir, "dist")], { out: (s) => out.push(s), err: () => {} });
    expect(code).toBe(1);
    expect(out.join("")).toMatch(/error\[brand-module-too-large\]: brand 'minimal's module is 3\.0 KB gzip \(3090 bytes\), over the 3 KB/);
    expect(existsSync(join(dir, "dist"))).toBe(false);
  });

  it("the build checks it too, on the bytes it writes (a config that skipped validation)", async () => {
    const loaded = await loadInputs(atBudget);
    const config = structuredClone(loaded.config);
    const brand = config.brands[0] as BrandsConfig["brands"][number];
    brand.legal = { ...brand.legal, inquiry: `${brand.legal?.inquiry} and one more sentence for the players` };
    const resolved = resolveConfig(config, loaded.inputs);
    const bytes = await servedGzipSize(resolved);
    expect(bytes).toBeGreaterThan(BRAND_MODULE_BUDGET);
    expect(brandModuleProblems(resolved)).toEqual([
      `brand 'minimal's module is ${bytes} bytes gzip, over its budget of ${BRAND_MODULE_BUDGET} bytes`,
    ]);
  });
});
