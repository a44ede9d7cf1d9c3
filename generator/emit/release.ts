// The release inventory, dist/release.json: what a build must be served as, for a reviewer (every
// script a page loads, with its integrity and why it is there) and for `gen verify` (each page's and
// file's SHA-256, the headers each must carry). Emitted from the resolved model, the bundle's hashed
// files and the site's emitted files, in memory; docs/decisions.md ("Release inventory") says why
// it has this shape.
import { ENTRY_PAGES } from "../../core/browser/entry-pages.ts";
import { externalScripts } from "../../core/browser/hosting/external-scripts.ts";
import { HSTS, type ResponseKind, responseHeaders } from "../../core/browser/hosting/http-policy.ts";
import type { BundleAsset, BundleInfo, ResolvedBrand, ResolvedConfig } from "../model.ts";
import type { Digest, EmittedFile, OutputFile } from "./file.ts";
import { sha256Hex } from "./hashes.ts";
import { pageReferences } from "./page-references.ts";
import { type InlineCode, type PageCode, type PageScript, pageCodes, scriptsOf } from "./page-scripts.ts";

/** At the root of dist/, beside hosts.json; never served (only brands/ and app/assets/ are). */
export const RELEASE_FILE = "release.json";
/** Changes when a field changes meaning; `gen verify` refuses an inventory of another format. */
export const RELEASE_FORMAT = 1;

type Headers = Record<string, string>;

/** A file served as it was built, with its digest. */
export interface ReleaseFile {
  /** Its path on every host of the brand (`/sw.js`), or under /assets/. */
  path: string;
  sha256: string;
  bytes: number;
}

export interface ReleasePage {
  sha256: string;
  bytes: number;
  /** The file in the brand's folder (`index.html`, `entry/my.html`). */
  file: string;
  /** The paths that are answered with it (index.html also answers every path without a page of its own). */
  paths: string[];
}

export interface ReleasePopup extends ReleasePage {
  inline: InlineCode[];
  headers: Headers;
}

export interface ReleaseBrand {
  id: string;
  /** The hosts a production deploy answers for it (its `<id>.localhost` preview hosts are not deployed). */
  hosts: { production: string[]; demo: string[] };
  /** What every storefront page of the brand loads: the same scripts, the same inline code. */
  scripts: PageScript[];
  inline: InlineCode[];
  /** The headers each of its storefront pages must be served with over HTTPS. */
  headers: Headers;
  pages: ReleasePage[];
  /** Pages that open in a popup (the Twitter sign-in redirect), with their own code and headers. */
  popups: ReleasePopup[];
  /** Its other files: the service worker, the manifest, the icons, robots.txt. */
  files: (ReleaseFile & { kind: "worker" | "brandFile" })[];
  /** The service worker's release: its cache is named by this version. */
  worker: { path: string; version: string };
  /** Scripts its pages may load from another origin, which the build cannot hash. */
  external: { urls: string[]; why: string }[];
}

export interface ReleaseAsset {
  /** Its URL on every host (`/assets/…`). */
  path: string;
  /** Subresource Integrity of its bytes (`sha384-…`), what a page's integrity attribute says. */
  integrity: string;
  bytes: number;
  why: string;
}

export interface ReleaseInventory {
  format: typeof RELEASE_FORMAT;
  /** Names this build: a digest of every file it serves, so two builds of the same inputs share it. */
  release: string;
  /** The config's fingerprint (dist/build-info.json): what it was built from. */
  fingerprint: string;
  brands: ReleaseBrand[];
  /** Everything under /assets/ on every host: the runtime's files and the brand modules. */
  assets: ReleaseAsset[];
  /** The headers of the other kinds of answer over HTTPS, the same on every host. */
  headers: { asset: Headers; worker: Headers; brandFile: Headers };
  /** The page a host no brand has gets (404). */
  unknownHost: ReleaseFile & { headers: Headers };
}

/** The headers an answer of this kind must carry in a production deploy over HTTPS. */
const served = (kind: ResponseKind, html = ""): Headers => ({ ...responseHeaders(kind, html, { previewHosts: false }), ...HSTS });

const text = (file: OutputFile) => (typeof file.contents === "string" ? file.contents : Buffer.from(file.contents).toString("utf8"));
const size = (file: OutputFile) => (typeof file.contents === "string" ? Buffer.byteLength(file.contents) : file.contents.length);

/** The site's files by dist/-relative path, each hashed once (the inventory and the release id share the digests). */
type SiteFiles = ReadonlyMap<string, { file: OutputFile; digest: Digest }>;

const digest = (files: SiteFiles, path: string): Digest => {
  const entry = files.get(path);
  if (!entry) throw new Error(`the release names ${path}, which the build did not emit`);
  return entry.digest;
};

/** A source as the repository names it: a package by its path from node_modules/, wherever that is. */
const sourceName = (source: string) => source.replace(/^.*node_modules\//, "node_modules/");

/** Why a file of the bundle is there, in a reviewer's words. */
function assetWhy(asset: BundleAsset, entrySource: string): string {
  const language = /locales\/([a-z-]+)\.json\?(first|later)$/.exec(asset.source);
  // Vite names a chunk shared by several others after its file (`_tabs-….js`).
  const shared = asset.source.startsWith("_");
  switch (asset.role) {
    case "entry":
      return "the runtime's entry: every page preloads it and its first script runs it";
    case "static":
      return "imported by the runtime's entry: every page preloads it";
    case "language":
      return language?.[2] === "first"
        ? `the first screen's strings in ${language[1]}: preloaded by pages in that language, loaded by the runtime otherwise`
        : `the rest of the strings in ${language?.[1]}, loaded by the runtime after the first screen`;
    case "stylesheet":
      return asset.source === entrySource
        ? "the entry's stylesheet: inlined in every page, so no page loads this file"
        : "a stylesheet the runtime loads with the chunks that need it";
    case "lazy":
      return shared
        ? "code shared by chunks the runtime loads later"
        : `loaded by the runtime when it needs ${sourceName(asset.source) || "it"}`;
  }
}

/** What every brand's part is made from, indexed once (a build has thousands of brands and files). */
interface ReleaseContext {
  codes: ReadonlyMap<string, PageCode>;
  files: SiteFiles;
  /** Each brand's files, relative to its folder. */
  folders: ReadonlyMap<string, string[]>;
  hosts: ReadonlyMap<string, ReleaseBrand["hosts"]>;
}

function releaseContext(resolved: ResolvedConfig, codes: ReadonlyMap<string, PageCode>, files: SiteFiles): ReleaseContext {
  const folders = new Map<string, string[]>();
  for (const path of files.keys()) {
    const m = /^brands\/([^/]+)\/(.+)$/.exec(path);
    if (m?.[1] && m[2]) folders.set(m[1], [...(folders.get(m[1]) ?? []), m[2]]);
  }
  const hosts = new Map<string, ReleaseBrand["hosts"]>();
  for (const [host, entry] of Object.entries(resolved.publicHosts).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const own = hosts.get(entry.brand) ?? { production: [], demo: [] };
    own[entry.mode].push(host);
    hosts.set(entry.brand, own);
  }
  return { codes, files, folders, hosts };
}

/** One brand's part of the inventory, from its emitted files (`brands/<id>/…`). */
function releaseBrand(site: ResolvedBrand, context: ReleaseContext): ReleaseBrand {
  const { brand } = site;
  const { files } = context;
  const base = `brands/${brand.id}/`;
  const code = context.codes.get(brand.id);
  if (!code) throw new Error(`no page code for brand '${brand.id}'`);
  const own = context.folders.get(brand.id) ?? [];
  const entryFiles = new Set<string>(ENTRY_PAGES.map((p) => p.file));
  const html = (file: string) => text(files.get(`${base}${file}`)?.file ?? { path: "", contents: "" });
  const pages = ENTRY_PAGES.filter(({ file }) => files.has(`${base}${file}`)).map(({ file, paths }) => ({
    file,
    paths: [...paths],
    ...digest(files, `${base}${file}`),
  }));
  const popups = own
    .filter((file) => file.endsWith(".html") && !entryFiles.has(file))
    .map((file) => ({
      file,
      paths: [`/${file}`],
      ...digest(files, `${base}${file}`),
      inline: popupInline(html(file)),
      headers: served("popupPage", html(file)),
    }));
  const others = own
    .filter((file) => !file.endsWith(".html"))
    .map((file) => ({
      path: `/${file}`,
      ...digest(files, `${base}${file}`),
      kind: file === "sw.js" ? ("worker" as const) : ("brandFile" as const),
    }));
  return {
    id: brand.id,
    hosts: context.hosts.get(brand.id) ?? { production: [], demo: [] },
    scripts: scriptsOf(code),
    inline: code.inline,
    headers: served("page", html("index.html")),
    pages,
    popups,
    files: others,
    worker: { path: "/sw.js", version: /const VERSION = "([^"]+)"/.exec(html("sw.js"))?.[1] ?? "" },
    external: externalScripts(brand).map((script) => ({ urls: script.origins.map((o) => `${o}${script.path}`), why: script.why })),
  };
}

/** The popup page's inline scripts, named by its own HTML (its CSP allows each by hash). */
const popupInline = (html: string): InlineCode[] =>
  pageReferences(html).inline.map((code) => ({
    ...code,
    why: code.kind === "script" ? "hands the sign-in's answer back to the store's window" : "the page's own style",
  }));

/** dist/release.json from the model, the bundle and every file the sites emitted (release.json aside). */
export function emitRelease(
  resolved: ResolvedConfig,
  bundle: BundleInfo,
  site: readonly OutputFile[],
  codes: ReadonlyMap<string, PageCode> = pageCodes(resolved.siteBrands, bundle),
): EmittedFile {
  const files: SiteFiles = new Map(
    site
      .filter((f) => f.path.startsWith("brands/") || f.path.startsWith("app/") || f.path === "unknown-host.html")
      .map((file) => [file.path, { file, digest: file.digest ?? { sha256: sha256Hex(file.contents), bytes: size(file) } }]),
  );
  const entrySource = bundle.assets?.find((a) => a.role === "entry")?.source ?? "";
  const context = releaseContext(resolved, codes, files);
  const brands = resolved.siteBrands.map((b) => releaseBrand(b, context));
  const assets: ReleaseAsset[] = [
    ...(bundle.assets ?? []).map((a) => ({ path: a.url, integrity: a.integrity, bytes: a.bytes, why: assetWhy(a, entrySource) })),
    ...brands.flatMap(({ id, scripts: [module] }) => {
      const file = module && files.get(`app${module.url}`)?.file;
      return module && file
        ? [
            {
              path: module.url,
              integrity: module.integrity,
              bytes: size(file),
              why: `brand ${id}'s module: its pages preload it, the runtime imports it`,
            },
          ]
        : [];
    }),
  ].sort((a, b) => (a.path < b.path ? -1 : 1));
  const unknown = files.get("unknown-host.html");
  const inventory: ReleaseInventory = {
    format: RELEASE_FORMAT,
    release: releaseId(resolved.fingerprint, files, assets),
    fingerprint: resolved.fingerprint,
    brands,
    assets,
    headers: { asset: served("asset"), worker: served("worker"), brandFile: served("brandFile") },
    unknownHost: {
      path: "/",
      ...(unknown ? digest(files, "unknown-host.html") : { sha256: "", bytes: 0 }),
      headers: served("unknownHost", unknown ? text(unknown.file) : ""),
    },
  };
  return { path: RELEASE_FILE, contents: `${JSON.stringify(inventory, null, 1)}\n` };
}

/** A digest of every file the release serves (its path and bytes), so the same inputs make the same id. */
function releaseId(fingerprint: string, files: SiteFiles, assets: readonly ReleaseAsset[]): string {
  const lines = [
    fingerprint,
    ...[...files].map(([path, { digest: own }]) => `${path} ${own.sha256}`),
    ...assets.map((a) => `${a.path} ${a.integrity}`),
  ];
  return sha256Hex(lines.sort().join("\n")).slice(0, 16);
}
