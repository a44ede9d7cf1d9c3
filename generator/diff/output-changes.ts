// `gen diff`, the emitted sites compared: each page's Content-Security-Policy, the brand module's and
// the largest page's bytes as a player downloads them (gzip as the build serves and the budgets
// measure it, core/node/config/brand-module.ts SERVED_GZIP), and any other file of the brand that
// differs. Pure: the two compilations' files in, changes out.
import { gzipSync } from "node:zlib";
import { ENTRY_PAGES } from "../../core/browser/entry-pages.ts";
import { SERVED_GZIP } from "../../core/node/config/brand-module.ts";
import type { OutputFile } from "../emit/file.ts";
import type { Change } from "./changes.ts";
import { HTML_BUDGET } from "./changes.ts";

/** A site's files by dist/-relative path, the build's own records (which name the fingerprint) aside. */
export type SiteFiles = ReadonlyMap<string, OutputFile["contents"]>;

/** Files a player's browser never receives: what the build records about itself. */
const RECORDS = new Set(["build-info.json", "release.json"]);

export const siteFiles = (files: readonly OutputFile[]): SiteFiles =>
  new Map(files.filter((f) => !RECORDS.has(f.path)).map((f) => [f.path, f.contents]));

const same = (a: OutputFile["contents"] | undefined, b: OutputFile["contents"] | undefined) =>
  a === b || (a !== undefined && b !== undefined && Buffer.from(a).equals(Buffer.from(b)));

/** Every file a player could receive is byte for byte the same on both sides. */
export function sameSites(base: SiteFiles, head: SiteFiles): boolean {
  if (base.size !== head.size) return false;
  for (const [path, contents] of head) if (!same(base.get(path), contents)) return false;
  return true;
}

const gzipBytes = (contents: OutputFile["contents"]) => gzipSync(contents, SERVED_GZIP).length;
const bytes = (n: number) => `${n.toLocaleString("en")} B`;
const cspOf = (html: OutputFile["contents"] | undefined) =>
  /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(String(html ?? ""))?.[1] ?? "";

/** A policy's sources by directive. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = "", ...sources]) => [name, sources]),
  );
}

/** What changed in a policy, directive by directive: `connect-src +https://a −https://b`. */
export function cspDelta(before: string, after: string): string {
  const [was, now] = [directives(before), directives(after)];
  const parts: string[] = [];
  for (const name of new Set([...was.keys(), ...now.keys()])) {
    const [a, b] = [was.get(name) ?? [], now.get(name) ?? []];
    const delta = [...b.filter((s) => !a.includes(s)).map((s) => `+${s}`), ...a.filter((s) => !b.includes(s)).map((s) => `−${s}`)];
    if (!was.has(name)) parts.push(`${name} added`);
    else if (!now.has(name)) parts.push(`${name} removed`);
    if (delta.length) parts.push(`${name} ${delta.join(" ")}`);
  }
  return parts.join("; ");
}

/** A brand's module file: its name carries its content hash, so it is found by its prefix. */
const moduleOf = (files: SiteFiles, id: string) => [...files.keys()].find((path) => path.startsWith(`app/assets/brand-${id}.`));

/** The brand's pages that differ, and its largest page by gzip bytes on each side. */
function largestPage(files: SiteFiles, id: string): { file: string; gzip: number } {
  let largest = { file: "", gzip: 0 };
  for (const { file } of ENTRY_PAGES) {
    const html = files.get(`brands/${id}/${file}`);
    if (html === undefined) continue;
    const gzip = gzipBytes(html);
    if (gzip > largest.gzip) largest = { file, gzip };
  }
  return largest;
}

export function sizeChanges(base: SiteFiles, head: SiteFiles, id: string, pagesDiffer: boolean): Change[] {
  const out: Change[] = [];
  const [was, now] = [moduleOf(base, id), moduleOf(head, id)];
  // A module renamed by its content hash can keep its gzip size: only a size that moved is a line.
  const [moduleBefore, moduleAfter] = [was && gzipBytes(base.get(was) ?? ""), now && gzipBytes(head.get(now) ?? "")];
  if (was !== now && moduleAfter && moduleBefore !== moduleAfter) {
    out.push({
      brand: id,
      kind: "size-changed",
      subject: "brand module",
      ...(moduleBefore ? { before: bytes(moduleBefore) } : {}),
      after: bytes(moduleAfter),
      risky: false,
    });
  }
  if (!pagesDiffer) return out;
  const [before, after] = [largestPage(base, id), largestPage(head, id)];
  if (before.gzip === after.gzip) return out;
  const over = after.gzip > HTML_BUDGET;
  out.push({
    brand: id,
    kind: "size-changed",
    subject: `largest page with its inline CSS (${after.file})${over ? `, over its budget of ${bytes(HTML_BUDGET)}` : ""}`,
    ...(before.gzip ? { before: bytes(before.gzip) } : {}),
    after: bytes(after.gzip),
    risky: over,
  });
  return out;
}

/** One brand's emitted files compared: its pages' policies and bytes, its icons, its other files. */
export function brandOutputChanges(base: SiteFiles, head: SiteFiles, id: string): Change[] {
  const folder = `brands/${id}/`;
  const pages = ENTRY_PAGES.map(({ file }) => `${folder}${file}`);
  const changedPages = pages.filter((page) => !same(base.get(page), head.get(page)));
  const out: Change[] = [];
  // Pages with the same change of policy are one line (a brand's pages share theirs).
  const byDelta = new Map<string, string[]>();
  for (const page of changedPages) {
    const delta = cspDelta(cspOf(base.get(page)), cspOf(head.get(page)));
    if (delta) byDelta.set(delta, [...(byDelta.get(delta) ?? []), page.slice(folder.length)]);
  }
  for (const [delta, files] of byDelta) {
    const which = files.length === pages.length ? `every page (${files.length})` : files.join(", ");
    out.push({ brand: id, kind: "csp-changed", subject: `${which}: ${delta}`, risky: false });
  }
  out.push(...sizeChanges(base, head, id, changedPages.length > 0));
  const others = [...new Set([...base.keys(), ...head.keys()])]
    .filter((path) => path.startsWith(folder) && !pages.includes(path) && !/\/(icon[^/]*|apple-touch-icon)\.(svg|png)$/.test(path))
    .filter((path) => !same(base.get(path), head.get(path)))
    .map((path) => path.slice(folder.length));
  if (others.length) out.push({ brand: id, kind: "files-changed", subject: others.join(", "), risky: false });
  return out;
}
