// `gen verify`'s judgement of one answer against the release inventory (generator/emit/release.ts):
// a page's bytes, and when they differ, how (another build's page, a script added, missing or
// changed, an edit); a file's or an asset's digest; the headers each must carry. Pure: an answer
// and what the release says in, differences out.
import { createHash } from "node:crypto";
import { cspDelta } from "../diff/output-changes.ts";
import { pageReferences } from "../emit/page-references.ts";
import type { ReleaseBrand, ReleasePage } from "../emit/release.ts";
import type { Answer } from "./fetch.ts";

export type DifferenceKind =
  | "unreachable"
  | "page-missing"
  | "page-stale"
  | "page-changed"
  | "script-added"
  | "script-missing"
  | "script-changed"
  | "header-missing"
  | "header-changed"
  | "asset-missing"
  | "asset-changed"
  | "file-missing"
  | "file-changed"
  | "worker-stale";

export interface Difference {
  host: string;
  path: string;
  kind: DifferenceKind;
  message: string;
}

/** Where an answer came from and what it should be: the headers over this scheme (HSTS only over HTTPS). */
export interface Expected {
  host: string;
  path: string;
  headers: Record<string, string>;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const sri = (bytes: Buffer) => `sha384-${createHash("sha384").update(bytes).digest("base64")}`;
const bytes = (n: number) => `${n.toLocaleString("en")} bytes`;

/** The answer, or a difference saying why there is none. */
function answered(
  expected: Expected,
  answer: Answer,
  missing: "page-missing" | "asset-missing" | "file-missing",
): Difference[] | undefined {
  const at = { host: expected.host, path: expected.path };
  if ("error" in answer) return [{ ...at, kind: "unreachable", message: `no answer: ${answer.error}` }];
  if (answer.status !== 200) return [{ ...at, kind: missing, message: `answered ${answer.status}, not the release's file` }];
  return undefined;
}

/** Each header the release names, present with its value; the policy's difference said directive by directive. */
export function headerDifferences(expected: Expected, got: Record<string, string>): Difference[] {
  return Object.entries(expected.headers).flatMap(([name, value]): Difference[] => {
    const at = { host: expected.host, path: expected.path };
    const actual = got[name];
    if (actual === undefined) return [{ ...at, kind: "header-missing", message: `no ${name} header (the release's: ${value})` }];
    if (actual === value) return [];
    const delta = name === "content-security-policy" ? cspDelta(value, actual) : `'${actual}', the release's '${value}'`;
    const how = delta.length > 400 ? `${delta.slice(0, 399)}…` : delta;
    return [{ ...at, kind: "header-changed", message: `${name} differs: ${how}` }];
  });
}

/** What the release lists a page as loading: the scripts it names and its inline code. */
export type PageCodeListed = Pick<ReleaseBrand, "scripts" | "inline">;

/** A hashed asset's name without its hash: two builds' files of one chunk share it. */
const stem = (url: string) => url.replace(/[-.](?:[A-Za-z0-9_-]{8}|[0-9a-f]{10})\.(?:js|css)$/, "");

/** How a page whose bytes differ from the release's differs: another build's, or what in it changed. */
function pageDelta(code: PageCodeListed, html: string, at: { host: string; path: string }): Difference[] {
  const { scripts, inline } = code;
  const refs = pageReferences(html);
  const served = new Map(refs.files.map((f) => [f.url, f]));
  const listed = new Map(scripts.map((s) => [s.url, s]));
  const replaced = scripts
    .filter((s) => !served.has(s.url))
    .flatMap((s) => refs.files.filter((f) => !listed.has(f.url) && stem(f.url) === stem(s.url)).map((f) => ({ was: s.url, now: f.url })));
  if (replaced.length) {
    const loads = replaced.map((r) => `${r.now} where the release has ${r.was}`).join("; ");
    return [{ ...at, kind: "page-stale", message: `another build's page (an older release?): it loads ${loads}` }];
  }
  const out: Difference[] = [];
  for (const file of refs.files) {
    const own = listed.get(file.url);
    if (!own) out.push({ ...at, kind: "script-added", message: `loads ${file.url} (${file.tag}), which the release does not list` });
    else if (own.integrity !== file.integrity)
      out.push({
        ...at,
        kind: "script-changed",
        message: `names ${file.url} with integrity '${file.integrity}', the release's '${own.integrity}'`,
      });
  }
  for (const script of scripts)
    if (!served.has(script.url)) out.push({ ...at, kind: "script-missing", message: `does not load ${script.url} (${script.why})` });
  const known = new Set(inline.map((c) => c.hash));
  for (const code of refs.inline)
    if (!known.has(code.hash))
      out.push({ ...at, kind: "script-changed", message: `has an inline ${code.kind} the release does not list (${code.hash})` });
  return out;
}

/**
 * A page against the release: status, headers, bytes and, when they differ, how. `code` is what the
 * page loads: a storefront page its brand's scripts and inline code, a popup page only its own.
 */
export function checkPage(code: PageCodeListed, page: ReleasePage, expected: Expected, answer: Answer): Difference[] {
  const failed = answered(expected, answer, "page-missing");
  if (failed || "error" in answer) return failed ?? [];
  const at = { host: expected.host, path: expected.path };
  const out = headerDifferences(expected, answer.headers);
  if (sha256(answer.body) === page.sha256) return out;
  const delta = pageDelta(code, answer.body.toString("utf8"), at);
  const edited = {
    ...at,
    kind: "page-changed" as const,
    message: `its bytes are not the release's ${page.file} (${bytes(answer.body.length)}, the release's ${bytes(page.bytes)})`,
  };
  return [...out, ...(delta.length ? delta : [edited])];
}

/**
 * One of the brand's other files (the service worker, the manifest, the icons) by its digest. A host
 * answers a path it has no file for with the store's page (the production routing), so an answer
 * that is one of the brand's pages means the file is not there.
 */
export function checkFile(
  file: { sha256: string; bytes: number; kind: string },
  expected: Expected,
  answer: Answer,
  brand: Pick<ReleaseBrand, "pages" | "worker">,
): Difference[] {
  const failed = answered(expected, answer, "file-missing");
  if (failed || "error" in answer) return failed ?? [];
  const at = { host: expected.host, path: expected.path };
  const digest = sha256(answer.body);
  const page = brand.pages.find((p) => p.sha256 === digest);
  if (page && digest !== file.sha256)
    return [{ ...at, kind: "file-missing", message: `answered with the store's page (${page.file}): the file is not deployed` }];
  const out = headerDifferences(expected, answer.headers);
  if (digest === file.sha256) return out;
  const worker = file.kind === "worker" ? brand.worker.version : undefined;
  const version = /const VERSION = "([^"]+)"/.exec(answer.body.toString("utf8"))?.[1];
  if (worker !== undefined && version !== worker)
    return [
      ...out,
      {
        ...at,
        kind: "worker-stale",
        message: `the service worker is another release's (version ${version ?? "unknown"}, the release's ${worker})`,
      },
    ];
  return [
    ...out,
    {
      ...at,
      kind: "file-changed",
      message: `its bytes are not the release's (${bytes(answer.body.length)}, the release's ${bytes(file.bytes)})`,
    },
  ];
}

/** A file under /assets/ by its integrity, as the page's integrity attribute checks it (or the runtime's import, unchecked, would take it). */
export function checkAsset(asset: { integrity: string }, expected: Expected, answer: Answer, encoding: string): Difference[] {
  const failed = answered(expected, answer, "asset-missing");
  if (failed || "error" in answer) return failed ?? [];
  const out = headerDifferences(expected, answer.headers);
  const got = sri(answer.body);
  if (got === asset.integrity) return out;
  return [
    ...out,
    {
      host: expected.host,
      path: expected.path,
      kind: "asset-changed",
      message: `its bytes (asked with Accept-Encoding: ${encoding}) hash to ${got}, the release's ${asset.integrity}`,
    },
  ];
}
