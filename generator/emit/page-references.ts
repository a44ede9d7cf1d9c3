// What an HTML page makes the browser load or run: the scripts and stylesheets it names (with their
// integrity attributes) and its inline scripts and styles (by their CSP hash). Read from the HTML
// itself, for a page the release inventory lists from what the build knows (a popup page) and for
// a page a server answers (`gen verify`), so a script added to a served page is named. Tolerant of
// case, spacing and quoting; a page's SHA-256 is what proves it unchanged, this only says how it
// changed.
import { sha256 } from "./hashes.ts";

export interface ReferencedFile {
  /** `script` (a classic or module script element), `modulepreload`, `preload` or `stylesheet`. */
  tag: string;
  url: string;
  /** Its integrity attribute, "" when it has none. */
  integrity: string;
}

export interface PageReferences {
  files: ReferencedFile[];
  /** Inline scripts and styles with the CSP hash of their text; data blocks (JSON) are not code. */
  inline: { kind: "script" | "style"; hash: string }[];
}

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** The attributes of a start tag's text (after its name), lower-cased names. */
function attributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(ATTRIBUTE)) {
    const name = (m[1] ?? "").toLowerCase();
    if (!out.has(name)) out.set(name, m[2] ?? m[3] ?? m[4] ?? "");
  }
  return out;
}

/** Script types that run (a classic script, a module); anything else (`application/json`…) is data. */
const runs = (type: string | undefined) => !type || /^(module|text\/javascript|application\/javascript)$/i.test(type.trim());

/** The files and inline code a page's HTML loads and runs. */
export function pageReferences(html: string): PageReferences {
  const files: ReferencedFile[] = [];
  const inline: PageReferences["inline"] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = attributes(m[1] ?? "");
    if (!runs(attrs.get("type"))) continue;
    const src = attrs.get("src");
    if (src !== undefined) files.push({ tag: "script", url: src, integrity: attrs.get("integrity") ?? "" });
    else inline.push({ kind: "script", hash: sha256(m[2] ?? "") });
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = attributes(m[1] ?? "");
    const rel = (attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
    const tag = ["modulepreload", "stylesheet", "preload"].find((r) => rel.includes(r));
    const href = attrs.get("href");
    // A preload of something other than a script or style (an image, a font) runs nothing.
    if (!tag || href === undefined || (tag === "preload" && !/^(script|style)$/i.test(attrs.get("as") ?? ""))) continue;
    files.push({ tag, url: href, integrity: attrs.get("integrity") ?? "" });
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) inline.push({ kind: "style", hash: sha256(m[1] ?? "") });
  return { files, inline };
}
