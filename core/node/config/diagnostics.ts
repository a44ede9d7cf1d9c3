// Diagnostics of `gen validate` and their output formats: text (with a code frame), JSON, GitHub
// workflow annotations and SARIF 2.1.0. The catalogue of names is ./catalogue.ts.
import { type CatalogueEntry, catalogue, type DiagnosticName, type Severity } from "./catalogue.ts";

export { catalogue, type DiagnosticName, type Severity } from "./catalogue.ts";

export interface Diagnostic {
  /** Permanent name from the catalogue, e.g. `duplicate-host`. */
  name: DiagnosticName;
  severity: Severity;
  file: string;
  /** Where the offending value starts (1-based; columns in UTF-16 code units, as editors count). */
  line: number;
  column: number;
  /** Where it ends (exclusive column); equal to the start when there is nothing to span. */
  endLine?: number;
  endColumn?: number;
  /** JSON pointer of the offending value, e.g. `/brands/3/themeColor`. */
  pointer: string;
  message: string;
  hint?: string;
}

/** A place in a file: 1-based line, column in UTF-16 code units (as editors count). */
export interface Position {
  line: number;
  column: number;
}

export interface Span {
  start: Position;
  end: Position;
}

/** A diagnostic of the catalogue's severity, at a span; the hint falls back to the catalogue's. */
export function makeDiagnostic(
  name: DiagnosticName,
  at: { file: string; span: Span; pointer: string },
  message: string,
  hint: string | undefined = catalogue[name].hint,
): Diagnostic {
  const { start, end } = at.span;
  return {
    name,
    severity: catalogue[name].severity,
    file: at.file,
    line: start.line,
    column: start.column,
    endLine: end.line,
    endColumn: end.column,
    pointer: at.pointer,
    message,
    ...(hint ? { hint } : {}),
  };
}

export type Format = "text" | "json" | "github" | "sarif";

/** The version of the JSON output's shape; it changes only when a field is renamed or removed. */
export const JSON_FORMAT_VERSION = 1;

/**
 * The diagnostics reference, generated (gen docs) from the catalogue. Links to it are relative to the
 * repository root: they open on the forge and in an editor, where a made-up site URL would not.
 */
export const DIAGNOSTICS_DOC = "docs/diagnostics.md";
export const docsLink = (name: DiagnosticName) => `${DIAGNOSTICS_DOC}#${name}`;

export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.name.localeCompare(b.name));
}

/** A value as a message shows it: quoted strings, and long values cut (a 5 MB value is not echoed). */
export function clip(text: string, max = 60): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join("")}… (${chars.length - max} more characters)`;
}

export interface FormatOptions {
  color?: boolean;
  /** The source text of each file, for the code frames of the text format. */
  sources?: ReadonlyMap<string, string>;
  /** The checked files, for the JSON summary (diagnostics name only the files with problems). */
  files?: readonly string[];
}

export function formatDiagnostics(list: Diagnostic[], format: Format, colorOrOptions: boolean | FormatOptions = false): string {
  const options = typeof colorOrOptions === "boolean" ? { color: colorOrOptions } : colorOrOptions;
  if (format === "json") return `${JSON.stringify(jsonReport(list, options.files), null, 2)}\n`;
  if (format === "sarif") return `${JSON.stringify(sarifLog(list), null, 2)}\n`;
  if (format === "github") return list.map(formatGithub).join("");
  return list.map((d) => formatText(d, options.color ?? false, options.sources?.get(d.file))).join("");
}

// ——— text ———

function formatText(d: Diagnostic, color: boolean, source: string | undefined): string {
  const paint = (code: number, s: string) => (color ? `\u001b[${code}m${s}\u001b[0m` : s);
  const sev = d.severity === "error" ? paint(31, "error") : paint(33, "warning");
  let out = `${d.file}:${d.line}:${d.column}: ${sev}[${d.name}]: ${d.message}\n`;
  out += `${paint(2, `  at ${d.pointer || "/"}`)}\n`;
  if (source !== undefined && d.line > 0)
    out += indent(codeFrame(source, d.line, d.column, d.endLine === d.line ? d.endColumn : undefined));
  if (d.hint) out += `  ${paint(36, "hint")}: ${d.hint}\n`;
  return out;
}

const indent = (block: string) =>
  block
    .split("\n")
    .map((l) => (l ? `  ${l}` : l))
    .join("\n");

/** Characters a terminal would not show as themselves: controls (but tab), format characters (bidi
 * controls, zero-width ones, byte-order marks), line and paragraph separators. */
const INVISIBLE = /(?!\t)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const ZERO_WIDTH = /[\p{Mn}\p{Me}]/u;
/** East Asian Wide and Fullwidth characters (UAX #11) and emoji: two terminal columns. */
const WIDE =
  /[\u1100-\u115f\u231a\u231b\u2329\u232a\u23e9-\u23ec\u23f0\u23f3\u25fd\u25fe\u2614\u2615\u2648-\u2653\u267f\u2693\u26a1\u26aa\u26ab\u26bd\u26be\u26c4\u26c5\u26ce\u26d4\u26ea\u26f2\u26f3\u26f5\u26fa\u26fd\u2705\u270a\u270b\u2728\u274c\u274e\u2753-\u2755\u2757\u2795-\u2797\u27b0\u27bf\u2b1b\u2b1c\u2b50\u2b55\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe10-\ufe19\ufe30-\ufe6f\uff00-\uff60\uffe0-\uffe6\u{16fe0}-\u{18cff}\u{1b000}-\u{1b2ff}\u{1f004}\u{1f0cf}\u{1f18e}\u{1f191}-\u{1f19a}\u{1f200}-\u{1f2ff}\u{1f300}-\u{1f64f}\u{1f680}-\u{1f6ff}\u{1f7e0}-\u{1f7eb}\u{1f90c}-\u{1f9ff}\u{1fa70}-\u{1faff}\u{20000}-\u{3fffd}]/u;

/** A character as a code frame shows it, and how many terminal columns that takes. */
interface Cell {
  shown: string;
  width: number;
  /** Its offset in the line and its length, in UTF-16 code units (as diagnostics count columns). */
  at: number;
  units: number;
}

function cellsOf(line: string): Cell[] {
  const cells: Cell[] = [];
  let at = 0;
  for (const ch of line) {
    // Raw, a control character would corrupt the terminal and a bidi one would reorder the frame.
    const escaped = INVISIBLE.test(ch) ? `<U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}>` : undefined;
    const width = escaped ? escaped.length : ZERO_WIDTH.test(ch) ? 0 : WIDE.test(ch) ? 2 : 1;
    cells.push({ shown: escaped ?? ch, width, at, units: ch.length });
    at += ch.length;
  }
  return cells;
}

/** The padding under some cells: a tab under a tab (whatever its width), spaces under the rest. */
const padding = (cells: Cell[]) => cells.map((c) => (c.shown === "\t" ? "\t" : " ".repeat(c.width))).join("");
const widthOf = (cells: Cell[]) => cells.reduce((n, c) => n + c.width, 0);

/**
 * Two lines either side of line:column, the line marked and carets under the column (to the end
 * column when it is on the same line), counted in terminal columns. Long lines are cut around the
 * column. Vite's frame format.
 */
export function codeFrame(text: string, line: number, column: number, endColumn?: number): string {
  const lines = text.split(/\r\n|\r|\n/);
  const from = Math.max(1, line - 2);
  const to = Math.min(lines.length, line + 2);
  const width = String(to).length;
  const target = cellsOf(lines[line - 1] ?? "");
  // The cell the column falls in, and the window of cells shown: 40 columns before it, 100 in all.
  const index = (offset: number) => {
    const i = target.findIndex((c) => c.at + c.units > offset);
    return i < 0 ? target.length : i;
  };
  const first = index(column - 1);
  let start = first;
  while (start > 0 && widthOf(target.slice(start - 1, first)) <= 40) start--;
  const startAt = target[start]?.at ?? 0;
  const show = (l: string) => {
    const cells = cellsOf(l).filter((c) => c.at >= startAt);
    const shown: Cell[] = [];
    let used = 0;
    for (const c of cells) {
      if (used + c.width > 100) break;
      shown.push(c);
      used += c.width;
    }
    return `${startAt > 0 ? "…" : ""}${shown.map((c) => c.shown).join("")}${shown.length < cells.length ? "…" : ""}`;
  };
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    out.push(`${n === line ? ">" : " "} ${String(n).padStart(width)} | ${show(lines[n - 1] ?? "")}`);
    if (n === line) {
      const last = endColumn !== undefined && endColumn > column ? index(endColumn - 1) : first + 1;
      const carets = Math.max(1, Math.min(80, widthOf(target.slice(first, Math.max(last, first + 1)))));
      out.push(`  ${" ".repeat(width)} | ${startAt > 0 ? " " : ""}${padding(target.slice(start, first))}${"^".repeat(carets)}`);
    }
  }
  return `${out.join("\n")}\n`;
}

// ——— JSON ———

export interface JsonReport {
  version: number;
  tool: string;
  summary: { errors: number; warnings: number; files: number };
  diagnostics: {
    name: DiagnosticName;
    severity: Severity;
    file: string;
    start: { line: number; column: number };
    end: { line: number; column: number };
    pointer: string;
    message: string;
    hint?: string;
    docs: string;
  }[];
}

export function jsonReport(list: Diagnostic[], files?: readonly string[]): JsonReport {
  const errors = list.filter((d) => d.severity === "error").length;
  return {
    version: JSON_FORMAT_VERSION,
    tool: "gen",
    summary: { errors, warnings: list.length - errors, files: files?.length ?? new Set(list.map((d) => d.file)).size },
    diagnostics: list.map((d) => ({
      name: d.name,
      severity: d.severity,
      file: d.file,
      start: { line: d.line, column: d.column },
      end: { line: d.endLine ?? d.line, column: d.endColumn ?? d.column },
      pointer: d.pointer,
      message: d.message,
      ...(d.hint ? { hint: d.hint } : {}),
      docs: docsLink(d.name),
    })),
  };
}

// ——— SARIF 2.1.0 (GitHub code scanning, IDEs) ———

// Code scanning shows a rule's `help` as it is, so it carries the whole catalogue entry: no URL to
// follow (a relative one would not resolve there).
const helpText = (name: DiagnosticName, e: CatalogueEntry) =>
  [
    e.title,
    `Why it matters: ${e.why}`,
    `How to fix: ${e.fix}`,
    ...(e.hint ? [`Hint: ${e.hint}`] : []),
    `Example:\n${e.example.trimEnd()}`,
    `Documented in ${docsLink(name)} of the repository.`,
  ].join("\n\n");
const helpMarkdown = (name: DiagnosticName, e: CatalogueEntry) =>
  [
    `**${e.title}**`,
    e.why,
    `**How to fix:** ${e.fix}`,
    ...(e.hint ? [`**Hint:** ${e.hint}`] : []),
    `Example:\n\n\`\`\`yaml\n${e.example.trimEnd()}\n\`\`\``,
    `Documented in \`${docsLink(name)}\` of the repository.`,
  ].join("\n\n");

export function sarifLog(list: Diagnostic[]) {
  const names = [...new Set(list.map((d) => d.name))].sort();
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "gen validate",
            rules: names.map((name) => {
              const e: CatalogueEntry = catalogue[name];
              return {
                id: name,
                name: name.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase()),
                shortDescription: { text: e.title },
                fullDescription: { text: `${e.title} ${e.why}` },
                help: { text: helpText(name, e), markdown: helpMarkdown(name, e) },
                defaultConfiguration: { level: e.severity },
              };
            }),
          },
        },
        results: list.map((d) => ({
          ruleId: d.name,
          ruleIndex: names.indexOf(d.name),
          level: d.severity,
          message: { text: d.hint ? `${d.message} (hint: ${d.hint})` : d.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: d.file.split(/[\\/]/).map(encodeURIComponent).join("/") },
                region: {
                  startLine: Math.max(1, d.line),
                  startColumn: Math.max(1, d.column),
                  endLine: Math.max(1, d.endLine ?? d.line),
                  endColumn: Math.max(1, d.endColumn ?? d.column + 1),
                },
              },
              ...(d.pointer ? { logicalLocations: [{ fullyQualifiedName: d.pointer, kind: "member" }] } : {}),
            },
          ],
        })),
      },
    ],
  };
}

// ——— GitHub workflow annotations ———

// GitHub workflow commands need %, CR and LF escaped in the message and , : in properties.
const escapeData = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

/** One GitHub workflow annotation line (`::error file=…,line=…::message`), escaped; every command that reports problems writes them so. */
export function githubAnnotation(
  severity: string,
  at: { file: string; line: number; column?: number; endLine?: number; endColumn?: number; title: string },
  message: string,
): string {
  const col = at.column === undefined ? "" : `,col=${at.column}`;
  const end = at.endLine === undefined ? "" : `,endLine=${at.endLine}${at.endColumn === undefined ? "" : `,endColumn=${at.endColumn}`}`;
  return `::${severity} file=${escapeProperty(at.file)},line=${at.line}${col}${end},title=${escapeProperty(at.title)}::${escapeData(message)}\n`;
}

function formatGithub(d: Diagnostic): string {
  const title = `${d.name} at ${d.pointer || "/"}`;
  return githubAnnotation(d.severity, { ...d, title }, d.hint ? `${d.message} (hint: ${d.hint})` : d.message);
}

// ——— did you mean ———

/** Levenshtein distance, for "did you mean …?" hints. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j] ?? 0;
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length] ?? 0;
}

/** The closest candidate within a sensible distance, or undefined. */
export function closest(value: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  const lower = value.toLowerCase();
  if (lower.length > 200) return undefined;
  for (const c of candidates) {
    const score = editDistance(lower, c.toLowerCase());
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.floor(best.length / 3));
  // A "suggestion" that replaces every character ('xx' → 'ar') guesses nothing: list the values instead.
  const related = bestScore < Math.max(lower.length, best.length);
  return bestScore <= limit && related ? best : undefined;
}

/** The closest candidate as a hint, or undefined. */
export function didYouMean(value: string, candidates: readonly string[]): string | undefined {
  const best = closest(value, candidates);
  return best === undefined ? undefined : `did you mean '${best}'?`;
}

export function listHint(candidates: readonly string[], max = 12): string {
  const shown = candidates.slice(0, max).map((c) => `'${c}'`);
  return `expected one of ${shown.join(", ")}${candidates.length > max ? ", …" : ""}`;
}
