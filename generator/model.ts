// The compiler's data between its phases (load → validate → resolve → emit → write): what the load
// phase read, the resolved model every emitter works from, and what the I/O steps before emit
// produce (the runtime bundle, the rendered icons). Types only, so an emitter can name them without
// reaching any module that does I/O (`npm run lint`'s emit-does-no-io).
import type { Brand, BrandModule, BrandsConfig, HostMap } from "../core/browser/config/types.ts";

/** The product's own files a compile reads (templates/, locales/), as text: read once, before emit. */
export interface ProductInputs {
  /** Template sources by file name (`index.html.hbs`, `sw.js.hbs`, `twitterRedirect.js`...). */
  templates: Readonly<Record<TemplateName, string>>;
  /** Each language's strings (`locales/<lang>.json`), by language code. */
  locales: ReadonlyMap<string, LocaleStrings>;
}

export type TemplateName =
  | "index.html.hbs"
  | "manifest.webmanifest.hbs"
  | "sw.js.hbs"
  | "twitterRedirect.html.hbs"
  | "twitterRedirect.js"
  | "unknown-host.html.hbs";

export type LocaleStrings = Record<string, Record<string, unknown>>;

export interface IconSource {
  svg: string;
  /** The brand colour behind the maskable and Apple icons. */
  background: string;
}

/** One brand's rendered PNG icons: file name → bytes. */
export type IconSet = Map<string, Uint8Array>;

export interface ResolvedBrand {
  brand: Brand;
  /** What the storefront loads for this brand (core/browser/config/types.ts). */
  module: BrandModule;
  /** The language the HTML ships with before the runtime resolves the visitor's, and its direction. */
  language: string;
  dir: "ltr" | "rtl";
  /** A string of the locales (`group.key`) in the brand's language, English where it has none: the words the HTML's shell says before the runtime runs. */
  shellText: (key: string) => string;
  /** Platform, backup and tracking origins in both modes: what its pages may call. */
  connectOrigins: string[];
  /** Platform and backup origins in both modes: where artwork and the sandbox's pages come from. */
  platformOrigins: string[];
  /** Its preview hosts' sub-hosts (the local backups), as a CSP source list. */
  previewSources: string;
  /** The SVG its icons are drawn from (its own or a monogram) and the colour behind it. */
  icon: IconSource;
}

export interface ResolvedConfig {
  config: BrandsConfig;
  /** Every brand, in config order: codegen always writes all of them. */
  brands: ResolvedBrand[];
  /** The brands whose sites are emitted: all, or the one `--brand` names. */
  siteBrands: ResolvedBrand[];
  /** Host → brand and mode of every brand, preview hosts included (runtime/generated/hosts.ts, `gen dev`). */
  hosts: HostMap;
  /** The same for the site brands only (dist/hosts.json). */
  siteHosts: HostMap;
  /** Every brand's hosts without the `<id>.localhost` preview hosts: what a production deploy answers. */
  publicHosts: HostMap;
  /** sha256 of the config's text and its icons' bytes: what a build was made from (dist/build-info.json). */
  fingerprint: string;
}

/** Why a file of the bundle is there, for the release inventory (dist/release.json). */
export type AssetRole =
  /** The runtime's entry: the page preloads it and its first script runs it. */
  | "entry"
  /** Imported by the entry: the page preloads it. */
  | "static"
  /** A language's strings (`first`: what the first screen says, preloaded for the page's language; `later`: the rest). */
  | "language"
  /** Loaded later, when the runtime needs it (a route, a dialog, a feature). */
  | "lazy"
  /** A stylesheet: the entry's is inlined in every page; the others are loaded with their chunks. */
  | "stylesheet";

/** One file the bundle wrote under /assets/, hashed in memory before emit (the HTML names its integrity). */
export interface BundleAsset {
  /** Its URL on every storefront host (`/assets/…`). */
  url: string;
  /** Subresource Integrity of its bytes (`sha384-…`). */
  integrity: string;
  bytes: number;
  role: AssetRole;
  /** The source it was built from (Vite's manifest key: `features/loyalty/MyPage.tsx`, `../locales/ja.json?first`). */
  source: string;
}

export interface BundleInfo {
  /** URL of the runtime's entry script. */
  entry: string;
  /** URLs of the chunks the entry imports statically (preloaded). */
  preloads: string[];
  /** The entry's CSS, inlined in every page: no render-blocking request before the first paint. */
  css: string;
  /** URL of each language's chunk; the page preloads its initial language's. */
  locales?: Record<string, string>;
  /** The page's first script (runtime/early.ts), inlined: it starts the top-up's calls before the bundle. */
  early?: string;
  /**
   * Every file of the bundle with its hash (absent in `gen dev`, where Vite serves the sources): the
   * pages name the integrity of those they load, and the release inventory lists them all.
   */
  assets?: BundleAsset[];
}
