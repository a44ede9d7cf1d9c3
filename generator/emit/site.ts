// Emit, for `gen build` and `gen dev`: each brand's HTML (one page per entry path), web manifest,
// service worker, Twitter redirect page, icons and module, plus the host → brand deploy map and the
// build's record. Pure functions of the resolved model (../model.ts): the templates, the bundle's file
// names and the rendered icons come in as arguments, read and made before emit.
import Handlebars from "handlebars";
import { START_DATA_ID, startData } from "../../core/browser/config/start-brand.ts";
import { ENTRY_PAGES, topUpPaths } from "../../core/browser/entry-pages.ts";
import { externalScripts } from "../../core/browser/hosting/external-scripts.ts";
import { API_PREFIXES } from "../../core/browser/hosting/http-policy.ts";
import { layoutRoutes } from "../../core/browser/routes.ts";
import type { BundleInfo, IconSet, ProductInputs, ResolvedBrand, ResolvedConfig } from "../model.ts";
import { entryShells } from "./entry-shells.ts";
import type { EmittedFile, OutputFile } from "./file.ts";
import { sha256, sha256Hex, shortHash } from "./hashes.ts";
import { PNG_ICONS } from "./icons.ts";
import { type PageCode, pageCodes } from "./page-scripts.ts";

export type { BundleInfo };
export { sha256 };

type Templates = ProductInputs["templates"];

/** The page templates compiled (Handlebars compiles in memory: no I/O). */
function compileTemplates(sources: Templates) {
  const hb = Handlebars.create();
  hb.registerHelper("json", (v: unknown) => new hb.SafeString(JSON.stringify(v)));
  const template = (name: keyof Templates) => hb.compile(sources[name], { strict: true });
  return {
    index: template("index.html.hbs"),
    manifest: template("manifest.webmanifest.hbs"),
    sw: template("sw.js.hbs"),
    twitter: template("twitterRedirect.html.hbs"),
    unknown: template("unknown-host.html.hbs"),
  };
}

export function pageCsp(resolved: ResolvedBrand, styleHashes: string[], scriptHashes: string[] = []): string {
  const { brand } = resolved;
  // Preview hosts call their own server and, for failover, its backup sub-hosts (loopback only).
  const preview = resolved.previewSources;
  const platform = resolved.platformOrigins.join(" ");
  const csp = [
    "default-src 'self'",
    // Scripts from another origin: a brand selling in Korea loads the Korean-market payment script
    // from its platform hosts (core/browser/hosting/external-scripts.ts).
    `script-src 'self'${scriptHashes.map((h) => ` '${h}'`).join("")}${externalScripts(brand)
      .flatMap((script) => script.origins)
      .map((origin) => ` ${origin}`)
      .join("")}`,
    `style-src 'self' ${styleHashes.map((h) => `'${h}'`).join(" ")}`,
    // Goods, game and channel artwork comes from the platform.
    `img-src 'self' data: ${platform} ${preview}`,
    "font-src 'self'",
    `connect-src 'self' ${resolved.connectOrigins.join(" ")} ${preview}`,
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

/** The platform's path prefixes: the service worker never caches them, crawlers never index them. */
export const UNCACHED_PREFIXES = API_PREFIXES;

/** Each site brand's PNG icons from its rendered set (../icons.ts `renderBrandIcons`), by brand id. */
export function iconFiles(resolved: ResolvedConfig, sets: ReadonlyMap<string, IconSet>): OutputFile[] {
  return resolved.siteBrands.flatMap(({ brand }) => {
    const set = sets.get(brand.id);
    if (!set) throw new Error(`no icons rendered for brand '${brand.id}'`);
    return [...set].map(([file, png]) => ({ path: `brands/${brand.id}/${file}`, contents: png }));
  });
}

const UNKNOWN_STYLE =
  "body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#111827;background:#f3f4f6}main{max-width:32rem;margin:15vh auto;padding:2rem 1.5rem;background:#fff;border-radius:12px}h1{font-size:1.25rem;margin:0 0 .5rem}";

/** `codes`: what each brand's pages load, when the caller made it already for the inventory too. */
export function emitSites(
  resolved: ResolvedConfig,
  bundle: BundleInfo,
  templates: Templates,
  codes: ReadonlyMap<string, PageCode> = pageCodes(resolved.siteBrands, bundle),
): EmittedFile[] {
  const t = compileTemplates(templates);
  const files: EmittedFile[] = [];
  for (const site of resolved.siteBrands) {
    const { brand, module: data, language: lang, dir, icon, shellText } = site;
    const code = codes.get(brand.id);
    if (!code) throw new Error(`no page code for brand '${brand.id}'`);
    files.push(code.module);

    const view = {
      id: brand.id,
      lang,
      dir,
      name: brand.name,
      title: brand.title,
      description: `${brand.name} — official top-up store`,
      themeColor: data.theme.primary,
      startDataId: START_DATA_ID,
      // The platform host the store calls first in production: its connection is opened while the
      // scripts load (calls are made without credentials, hence an anonymous connection).
      apiOrigin: new URL(brand.api.production.primary).origin,
      // Each script with the integrity of its bytes: the browser refuses one that differs.
      brandModule: code.brandModule,
      entry: code.entry,
      preloads: code.preloads,
      inlineStyle: code.inlineStyle,
      // The brand's start data, a data block the page's first script reads: JSON whose '<' is
      // escaped, so no value can end the element.
      startData: bundle.early ? JSON.stringify(startData(brand, topUpPaths(layoutRoutes, brand.features))).replaceAll("<", "\\u003c") : "",
      early: code.early,
      csp: pageCsp(
        site,
        code.inline.filter((c) => c.kind === "style").map((c) => c.hash),
        code.inline.filter((c) => c.kind === "script").map((c) => c.hash),
      ),
      // Both layouts' shells are in the page; the brand's default shows until the page's first
      // script has worked out the layout of this visit.
      shellLayout: brand.layout.default,
      loading: shellText("app.loading"),
      stepsLabel: shellText("steps.label"),
      navLabel: shellText("nav.label"),
      // The top-up's first screen as the runtime draws it for a player not signed in, before the goods.
      words: {
        topUpFor: shellText("role.topUpFor"),
        enterAccount: shellText("login.enterAccount"),
        logIn: shellText("login.title"),
        headerLogIn: shellText("header.login"),
        selectGoods: shellText("goods.title"),
        buy: shellText("recharge.buy"),
      },
    };
    const base = `brands/${brand.id}`;
    // The first paint is the store, before any script: each entry page's shells, with the runtime's
    // own classes (it replaces them on its first render).
    const htmls = ENTRY_PAGES.map((page) => t.index({ ...view, ...entryShells(site, page) }));
    // Each page measured as a slice of one flat copy of them all: hashing or measuring a page itself
    // makes V8 keep a flat copy of every page of every brand (1,000 brands: +1 s, most of it collecting).
    const all = htmls.join("");
    let at = 0;
    const pages = ENTRY_PAGES.map((page, i) => {
      const html = htmls[i] ?? "";
      const flat = all.slice(at, at + html.length);
      at += html.length;
      return { file: page.file, html, digest: { sha256: sha256Hex(flat), bytes: Buffer.byteLength(flat) } };
    });
    for (const page of pages) files.push({ path: `${base}/${page.file}`, contents: page.html, digest: page.digest });
    const manifest = t.manifest(view);
    files.push({ path: `${base}/manifest.webmanifest`, contents: manifest });
    files.push({ path: `${base}/icon.svg`, contents: icon.svg });
    // Crawlers may index the store's pages but not its platform calls (an answer, not the SPA page).
    const robots = ["User-agent: *", ...UNCACHED_PREFIXES.map((p) => `Disallow: ${p}`), ""].join("\n");
    files.push({ path: `${base}/robots.txt`, contents: robots });

    // The app shell a repeat visit needs offline; its content names the cache, so a build that
    // changes any of it replaces the old cache and one that changes nothing keeps it.
    const shell = [
      // The start page and the top-up's: offline, a visit opens on the one drawn for it.
      "/",
      "/selectGoods",
      "/manifest.webmanifest",
      ...PNG_ICONS.map((i) => `/${i.file}`),
      code.brandModule.url,
      code.entry.url,
      ...code.preloads.map((p) => p.url),
    ];
    const version = shortHash(
      // The pages by their digests, which the release inventory reuses (./release.ts).
      [templates["sw.js.hbs"], ...pages.map((p) => p.digest.sha256), manifest, icon.background, icon.svg, ...shell].join("\0"),
    );
    files.push({ path: `${base}/sw.js`, contents: t.sw({ version, shell, never: UNCACHED_PREFIXES }) });

    const script = templates["twitterRedirect.js"];
    const twitterCsp = `default-src 'none'; script-src '${sha256(script)}'; base-uri 'none'; form-action 'none'`;
    const redirectPage = brand.login.twitter?.redirectPage ?? "/twitterRedirect.html";
    files.push({ path: `${base}${redirectPage}`, contents: t.twitter({ title: brand.title, csp: twitterCsp, script }) });
  }
  files.push({ path: "hosts.json", contents: `${JSON.stringify(resolved.siteHosts, null, 2)}\n` });
  files.push({ path: "unknown-host.html", contents: t.unknown({ style: UNKNOWN_STYLE, styleHash: sha256(UNKNOWN_STYLE) }) });
  return files;
}
