// What a brand's pages load, and why: its module, the runtime's entry and the chunks the page
// preloads, each with the Subresource Integrity of its bytes (the bundle hashed them before emit;
// the brand module is hashed here, in memory), and the page's inline script and style, which its CSP
// allows by hash. One list for the HTML (./site.ts) and the release inventory (./release.ts), so the
// inventory names exactly what the page loads.
import type { BundleAsset, BundleInfo, ResolvedBrand } from "../model.ts";
import { brandModuleJs, brandTokensCss } from "./brands.ts";
import { sha256, sha384, shortHash } from "./hashes.ts";

/** A script a page names in its HTML. */
export interface PageScript {
  url: string;
  /** `sha384-…`, or "" where the bytes are not known (`gen dev`, where Vite serves the sources). */
  integrity: string;
  /** Why the page loads it, in the inventory's words. */
  why: string;
}

/** A script or style inside the page, allowed by its hash in the page's CSP. */
export interface InlineCode {
  kind: "script" | "style";
  /** The CSP hash source (`sha256-…`). */
  hash: string;
  why: string;
}

export interface PageCode {
  /** The brand module's file under dist/ and its JavaScript. */
  module: { path: string; contents: string };
  brandModule: PageScript;
  /** Preloaded after the brand module: the entry's static imports and the page language's first strings. */
  preloads: PageScript[];
  entry: PageScript;
  /** The page's inline CSS: the entry's stylesheet and the brand's tokens. */
  inlineStyle: string;
  /** The page's first script (runtime/early.ts), "" in `gen dev`. */
  early: string;
  inline: InlineCode[];
}

/** Every script the HTML names, in the order it names them. */
export const scriptsOf = (code: PageCode): PageScript[] => [code.brandModule, ...code.preloads, code.entry];

const integrityOf = (assets: ReadonlyMap<string, BundleAsset>, url: string) => assets.get(url)?.integrity ?? "";

/** The scripts and inline code of one brand's pages (every page of a brand loads the same). */
export function pageCode(site: ResolvedBrand, bundle: BundleInfo, assets: ReadonlyMap<string, BundleAsset>): PageCode {
  const { brand, module: data, language } = site;
  const contents = brandModuleJs(data);
  const path = `app/assets/brand-${brand.id}.${shortHash(contents)}.js`;
  const languageChunk = bundle.locales?.[language];
  const inlineStyle = [bundle.css, brandTokensCss(data)].filter(Boolean).join("\n");
  const early = bundle.early ?? "";
  return {
    module: { path, contents },
    brandModule: {
      url: `/${path.slice("app/".length)}`,
      integrity: sha384(contents),
      why: `the brand's module: ${brand.id}'s settings, theme and hosts, imported by the runtime at start`,
    },
    preloads: [
      ...bundle.preloads.map((url) => ({ url, integrity: integrityOf(assets, url), why: "imported by the runtime's entry (preloaded)" })),
      ...(languageChunk
        ? [
            {
              url: languageChunk,
              integrity: integrityOf(assets, languageChunk),
              why: `the first screen's strings in ${language} (preloaded)`,
            },
          ]
        : []),
    ],
    entry: {
      url: bundle.entry,
      integrity: integrityOf(assets, bundle.entry),
      why: early ? "the runtime's entry: preloaded, run by the page's first script" : "the runtime's entry",
    },
    inlineStyle,
    early,
    inline: [
      {
        kind: "style",
        hash: sha256(inlineStyle),
        why: "the first screen's CSS and the brand's colours, inline so nothing blocks the first paint",
      },
      ...(early
        ? [
            {
              kind: "script" as const,
              hash: sha256(early),
              why: "the page's first script (runtime/early.ts): starts the top-up's calls and runs the runtime",
            },
          ]
        : []),
    ],
  };
}

/** Every site brand's page code, by brand id: made once per compile for the pages and the inventory. */
export function pageCodes(sites: readonly ResolvedBrand[], bundle: BundleInfo): Map<string, PageCode> {
  const assets = new Map((bundle.assets ?? []).map((asset) => [asset.url, asset]));
  return new Map(sites.map((site) => [site.brand.id, pageCode(site, bundle, assets)]));
}
