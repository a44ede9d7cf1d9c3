// Step 3 of `gen build`: each brand's HTML, web manifest, service worker, Twitter redirect page, icon
// and module, plus the host → brand deploy map. Pure: the bundle's file names come in as arguments
// (the PNG icons, which need rendering, are the build's separate icons step).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import Handlebars from "handlebars";
import { hostMap } from "../../core/config/hosts.ts";
import type { Brand, BrandsConfig } from "../../core/config/types.ts";
import { paths } from "../paths.ts";
import { brandModuleData, brandModuleJs, brandTokensCss, monogramSvg } from "./brands.ts";
import type { EmittedFile, OutputFile } from "./file.ts";
import { type IconSet, type IconSource, iconKey, PNG_ICONS } from "./icons.ts";

export interface BundleInfo {
  /** URL of the runtime's entry script. */
  entry: string;
  /** URLs of the chunks the entry imports statically (preloaded). */
  preloads: string[];
  /** The entry's CSS, inlined in every page: no render-blocking request before the first paint. */
  css: string;
  /** URL of each language's chunk; the page preloads its initial language's. */
  locales?: Record<string, string>;
}

const hb = Handlebars.create();
hb.registerHelper("json", (v: unknown) => new hb.SafeString(JSON.stringify(v)));
const template = (name: string) => hb.compile(readFileSync(join(paths.templates, name), "utf8"), { strict: true });
let templates: Record<"index" | "manifest" | "sw" | "twitter" | "unknown", HandlebarsTemplateDelegate> | undefined;
const load = () =>
  (templates ??= {
    index: template("index.html.hbs"),
    manifest: template("manifest.webmanifest.hbs"),
    sw: template("sw.js.hbs"),
    twitter: template("twitterRedirect.html.hbs"),
    unknown: template("unknown-host.html.hbs"),
  });

let swTemplate: string | undefined;
const swSource = () => (swTemplate ??= readFileSync(join(paths.templates, "sw.js.hbs"), "utf8"));

export const sha256 = (s: string) => `sha256-${createHash("sha256").update(s).digest("base64")}`;
const shortHash = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 10);

/** The language the HTML ships with before the runtime resolves the visitor's. */
export function initialLanguage(brand: Brand): string {
  const first = Object.values(brand.areas)[0];
  return first?.defaultLanguage ?? "en";
}

const RTL = new Set(["ar"]);

/** The origins a brand's pages may call: its platform, backup and tracking hosts in both modes. */
export function connectOrigins(brand: Brand): string[] {
  const set = new Set<string>();
  for (const mode of [brand.api.production, brand.api.demo]) {
    set.add(mode.primary);
    for (const b of mode.backup) set.add(b);
    set.add(mode.tracking);
  }
  return [...set].sort();
}

/** The brand's platform hosts (primary and backups, both modes): where its artwork and the sandbox checkout pages live. */
function platformOrigins(brand: Brand): string[] {
  const set = new Set<string>();
  for (const mode of [brand.api.production, brand.api.demo]) {
    set.add(mode.primary);
    for (const b of mode.backup) set.add(b);
  }
  return [...set].sort();
}

export function pageCsp(brand: Brand, styleHashes: string[]): string {
  // Preview hosts call their own server and, for failover, its backup sub-hosts (loopback only).
  const preview = `http://*.${brand.id}.localhost:* http://*.${brand.id}-demo.localhost:*`;
  const platform = platformOrigins(brand).join(" ");
  const csp = [
    "default-src 'self'",
    // A brand selling in Korea loads the Korean-market payment script from its platform hosts.
    `script-src 'self'${brand.areas.kr ? ` ${[brand.api.production.primary, ...brand.api.production.backup, brand.api.demo.primary].join(" ")}` : ""}`,
    `style-src 'self' ${styleHashes.map((h) => `'${h}'`).join(" ")}`,
    // Goods, game and channel artwork comes from the platform.
    `img-src 'self' data: ${platform} ${preview}`,
    "font-src 'self'",
    `connect-src 'self' ${connectOrigins(brand).join(" ")} ${preview}`,
    // Embedded payment dialogs (Airwallex, Alipay card) frame the provider's page, which the platform serves.
    `frame-src 'self' ${platform} ${preview}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    // Every form of the store is submitted by script; none posts to another site.
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
  ].join("; ");
  // Written unescaped into an HTML attribute: origins are schema-checked, so this cannot happen.
  if (/["<>]/.test(csp)) throw new Error(`unsafe character in the CSP of brand '${brand.id}'`);
  return csp;
}

export function brandIcon(brand: Brand, configDir: string): string {
  return brand.icon ? readFileSync(resolve(configDir, brand.icon), "utf8") : monogramSvg(brand);
}

/** What a brand's PNG icons are drawn from: its SVG icon (or monogram) and, behind it, its colour. */
export function brandIconSource(config: BrandsConfig, brand: Brand, configDir: string): IconSource {
  return { svg: brandIcon(brand, configDir), background: brandModuleData(config, brand).theme.primary };
}

/** The platform's path prefixes (server/http-policy.ts API_PREFIXES): the service worker never caches them. */
export const UNCACHED_PREFIXES = ["/api/", "/util/", "/service/", "/sandbox/"];

/** Each brand's PNG icons from the rendered sets (`rasteriseIcons`), keyed by `iconKey` of its source. */
export function iconFiles(config: BrandsConfig, sets: Map<string, IconSet>, opts: { configFile: string; only?: string }): OutputFile[] {
  const configDir = dirname(resolve(opts.configFile));
  return config.brands
    .filter((brand) => !opts.only || brand.id === opts.only)
    .flatMap((brand) => {
      const set = sets.get(iconKey(brandIconSource(config, brand, configDir)));
      if (!set) throw new Error(`no icons rendered for brand '${brand.id}'`);
      return [...set].map(([file, png]) => ({ path: `brands/${brand.id}/${file}`, contents: png }));
    });
}

const UNKNOWN_STYLE =
  "body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#111827;background:#f3f4f6}main{max-width:32rem;margin:15vh auto;padding:2rem 1.5rem;background:#fff;border-radius:12px}h1{font-size:1.25rem;margin:0 0 .5rem}";

export function emitSites(config: BrandsConfig, bundle: BundleInfo, opts: { configFile: string; only?: string }): EmittedFile[] {
  const t = load();
  const configDir = dirname(resolve(opts.configFile));
  const files: EmittedFile[] = [];
  for (const brand of config.brands) {
    if (opts.only && brand.id !== opts.only) continue;
    const data = brandModuleData(config, brand);
    const moduleJs = brandModuleJs(data);
    const modulePath = `app/assets/brand-${brand.id}.${shortHash(moduleJs)}.js`;
    files.push({ path: modulePath, contents: moduleJs });

    const lang = initialLanguage(brand);
    const dir = RTL.has(lang) ? "rtl" : "ltr";
    const inlineStyle = [bundle.css, brandTokensCss(data)].filter(Boolean).join("\n");
    const view = {
      id: brand.id,
      lang,
      dir,
      name: brand.name,
      title: brand.title,
      description: `${brand.name} — official top-up store`,
      themeColor: data.theme.primary,
      // The platform host the store calls first in production: its connection is opened while the
      // scripts load (calls are made without credentials, hence an anonymous connection).
      apiOrigin: new URL(brand.api.production.primary).origin,
      brandModule: `/${modulePath.slice("app/".length)}`,
      entry: bundle.entry,
      preloads: [...bundle.preloads, ...(bundle.locales?.[lang] ? [bundle.locales[lang]] : [])],
      inlineStyle,
      csp: pageCsp(brand, [sha256(inlineStyle)]),
    };
    const base = `brands/${brand.id}`;
    const html = t.index(view);
    const manifest = t.manifest(view);
    const icon: IconSource = { svg: brandIcon(brand, configDir), background: data.theme.primary };
    files.push({ path: `${base}/index.html`, contents: html });
    files.push({ path: `${base}/manifest.webmanifest`, contents: manifest });
    files.push({ path: `${base}/icon.svg`, contents: icon.svg });
    // Crawlers may index the store's pages but not its platform calls (an answer, not the SPA page).
    const robots = ["User-agent: *", ...UNCACHED_PREFIXES.map((p) => `Disallow: ${p}`), ""].join("\n");
    files.push({ path: `${base}/robots.txt`, contents: robots });

    // The app shell a repeat visit needs offline; its content names the cache, so a build that
    // changes any of it replaces the old cache and one that changes nothing keeps it.
    const shell = [
      "/",
      "/manifest.webmanifest",
      "/icon.svg",
      ...PNG_ICONS.map((i) => `/${i.file}`),
      view.brandModule,
      view.entry,
      ...view.preloads,
    ];
    const version = shortHash([swSource(), html, manifest, iconKey(icon), ...shell].join("\0"));
    files.push({ path: `${base}/sw.js`, contents: t.sw({ version, shell, never: UNCACHED_PREFIXES }) });

    const script = readFileSync(join(paths.templates, "twitterRedirect.js"), "utf8");
    const twitterCsp = `default-src 'none'; script-src '${sha256(script)}'; base-uri 'none'; form-action 'none'`;
    const redirectPage = brand.login.twitter?.redirectPage ?? "/twitterRedirect.html";
    files.push({ path: `${base}${redirectPage}`, contents: t.twitter({ title: brand.title, csp: twitterCsp, script }) });
  }
  files.push({ path: "hosts.json", contents: `${JSON.stringify(hostMap(config, opts.only), null, 2)}\n` });
  files.push({ path: "unknown-host.html", contents: t.unknown({ style: UNKNOWN_STYLE, styleHash: sha256(UNKNOWN_STYLE) }) });
  return files;
}
