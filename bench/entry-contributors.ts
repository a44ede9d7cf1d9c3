// `npm run bench:entry`: what each library and each module of ours costs the runtime's entry chunk,
// the script every player downloads before the goods show. It builds the runtime with source maps
// into a temporary folder (dist/ is left alone) and, for each source, gzips the
// minified chunk without that source's code: the bytes that source adds to what is downloaded,
// compressed among the rest (docs/performance.md, "Initial JavaScript: the 123 KB headroom").
// Bytes are deterministic: run it anywhere.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const root = join(import.meta.dirname, "..");
const outDir = mkdtempSync(join(tmpdir(), "entry-contributors-"));
const top = Number(process.env.ENTRY_TOP ?? 30);
const gzip = (text: string) => gzipSync(text, { level: 9 }).length;

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** One line of a source map's `mappings`: each segment's generated column and source index. */
function decodeLine(line: string, state: { source: number }): { column: number; source: number | undefined }[] {
  const segments: { column: number; source: number | undefined }[] = [];
  let column = 0;
  for (const segment of line.split(",")) {
    if (!segment) continue;
    const fields: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = BASE64.indexOf(char);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += fields[0] ?? 0;
    if (fields.length > 1) state.source += fields[1] ?? 0;
    segments.push({ column, source: fields.length > 1 ? state.source : undefined });
  }
  return segments;
}

interface Piece {
  source: string;
  text: string;
}

/** The chunk cut into the pieces its source map gives each source ("(bundler)" for the rest). */
function pieces(code: string, map: { sources: string[]; mappings: string }): Piece[] {
  const lines = code.split("\n");
  // The compile hint (generator/bundle/compile-hint.ts) is added after the map was made.
  const offset = lines.length - map.mappings.split(";").length;
  const state = { source: 0 };
  const out: Piece[] = lines.slice(0, offset).map((text) => ({ source: "(bundler)", text: `${text}\n` }));
  map.mappings.split(";").forEach((mapped, index) => {
    const line = lines[index + offset] ?? "";
    const segments = decodeLine(mapped, state);
    const first = segments[0]?.column ?? line.length;
    if (first > 0) out.push({ source: "(bundler)", text: line.slice(0, first) });
    segments.forEach((s, i) => {
      const source = s.source === undefined ? "(bundler)" : (map.sources[s.source] ?? "(bundler)");
      out.push({ source, text: line.slice(s.column, segments[i + 1]?.column ?? line.length) });
    });
    out.push({ source: "(bundler)", text: "\n" });
  });
  return out;
}

/** A library's name, or our file's path from the repository's root. */
function owner(source: string, byPackage: boolean): string {
  const library = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (library) return byPackage ? library : `${library}/${source.split(`${library}/`).pop()}`;
  const ours = source.replace(/^(\.\.\/)+/, "").replace(/^.*?\/(runtime|core)\//, "$1/");
  return byPackage && ours !== "(bundler)" ? "our code" : ours;
}

/** Each owner's marginal gzip bytes: the chunk's gzip minus the chunk's gzip without its code. */
function contributions(all: Piece[], byPackage: boolean): [string, number][] {
  const total = gzip(all.map((p) => p.text).join(""));
  const owners = [...new Set(all.map((p) => owner(p.source, byPackage)))];
  return owners
    .map((name): [string, number] => [
      name,
      total -
        gzip(
          all
            .filter((p) => owner(p.source, byPackage) !== name)
            .map((p) => p.text)
            .join(""),
        ),
    ])
    .sort((a, b) => b[1] - a[1]);
}

await build({
  configFile: join(root, "vite.config.ts"),
  logLevel: "warn",
  build: { outDir, emptyOutDir: true, sourcemap: true },
});
const file = readdirSync(join(outDir, "assets")).find((f) => /^main-.*\.js$/.test(f));
if (!file) throw new Error("the build wrote no entry chunk (main-*.js)");
// The served file has no sourceMappingURL comment: measured without it.
const code = readFileSync(join(outDir, "assets", file), "utf8").replace(/\n\/\/# sourceMappingURL=.*\n?$/, "");
const all = pieces(code, JSON.parse(readFileSync(join(outDir, "assets", `${file}.map`), "utf8")));
rmSync(outDir, { recursive: true, force: true });
console.log(`Entry chunk ${file}: ${gzip(code)} bytes gzip (level 9), ${code.length} bytes minified.\n`);
console.log("Each row: the bytes of gzip the chunk would lose without it (compressed among the rest, so rows do not add up).\n");
for (const [title, byPackage] of [
  ["By library", true],
  [`The top ${top} files`, false],
] as const) {
  console.log(`| ${title} | gzip bytes |\n|---|---:|`);
  for (const [name, bytes] of contributions(all, byPackage).slice(0, byPackage ? undefined : top)) console.log(`| ${name} | ${bytes} |`);
  console.log("");
}
