// A file js-yaml could not read: every YAML problem with its place, name and hint, from the `yaml`
// package (which names each error), on the part of the file that holds the first one when the file is
// large: the `yaml` package needs ~100 bytes of memory per byte of text.
import { type ErrorCode, parseDocument, visit } from "yaml";
import { catalogue, type Diagnostic, type DiagnosticName, makeDiagnostic, type Position } from "./diagnostics.ts";
import { CONTROL_CHARACTER, controlCharacter, describeYamlError, undefinedAlias, type YamlProblem } from "./yaml-errors.ts";

/** Up to this much text is read whole by the `yaml` package; beyond it, the entry holding the first problem. */
export const YAML_DETAIL_LIMIT = 1024 * 1024;

/** The parser's complaints about a file's structure (which block a line is in), not about one value. */
const STRUCTURE = new Set<DiagnosticName>([
  "yaml-bad-indent",
  "yaml-implicit-key",
  "yaml-unexpected-token",
  "yaml-missing-char",
  "yaml-block-in-flow",
  "duplicate-key",
  "yaml-syntax",
]);

interface Located {
  at: [number, number];
  problem: YamlProblem;
}

/** What js-yaml says when it gives up: its reason and the offset it stopped at. */
interface FastError {
  reason?: string;
  message?: string;
  mark?: { position?: number };
}

/**
 * The lines around `offset` that stand alone as YAML: from the start of the top-level key or the
 * list entry (a `- ` at column 4 or less, as brands are written) that holds it, to the next one.
 */
export function entryAround(text: string, offset: number): [number, number] {
  const boundary = /^(?:[^\s#]|[ ]{0,4}- )/;
  let from = text.lastIndexOf("\n", Math.max(0, offset - 1)) + 1;
  while (from > 0 && !boundary.test(text.slice(from, from + 8))) from = text.lastIndexOf("\n", from - 2) + 1;
  let to = text.indexOf("\n", offset);
  while (to >= 0 && to + 1 < text.length && !boundary.test(text.slice(to + 1, to + 9))) to = text.indexOf("\n", to + 1);
  return [from, to < 0 ? text.length : to + 1];
}

/**
 * The top-level key line above an indented entry (`brands:` above `  - id: …`): read with the entry,
 * so its lines are indented as in the file and the parser sees what it would see there.
 */
function parentKeyLine(text: string, from: number): string {
  if (from === 0 || !/^\s/.test(text.charAt(from))) return "";
  for (let end = from - 1; end > 0; ) {
    const start = text.lastIndexOf("\n", end - 1) + 1;
    const line = text.slice(start, end);
    if (/^[^\s#]/.test(line)) return `${line}\n`;
    end = start - 1;
  }
  return "";
}

/**
 * The problems of `part` (at offset `base` of the file), read after `parent`. Only the whole file
 * can tell an alias to no anchor: a part's aliases may name anchors above it.
 */
function problemsIn(part: string, base: number, parent = ""): Located[] {
  // The yaml package reads a lone CR as no line break (js-yaml does): it gets LF in its place, which
  // keeps every offset where it was.
  const read = parent + part;
  const doc = parseDocument(read.replace(/\r(?!\n)/g, "\n"), { uniqueKeys: true, prettyErrors: false, strict: true, merge: true });
  const found: Located[] = [];
  const shift = (pos: [number, number]): [number, number] => [pos[0] - parent.length + base, pos[1] - parent.length + base];
  for (const err of [...doc.errors, ...doc.warnings])
    found.push({ at: shift(err.pos), problem: describeYamlError(err.code as ErrorCode, err.message, read, err.pos) });
  // What the yaml package accepts but js-yaml does not: an alias to no anchor, a control character.
  if (base === 0 && parent === "")
    visit(doc, {
      Alias(_key, node) {
        if (node.range && node.resolve(doc) === undefined)
          found.push({ at: shift([node.range[0], node.range[1]]), problem: undefinedAlias(node.source) });
      },
    });
  for (const m of read.matchAll(CONTROL_CHARACTER)) {
    found.push({ at: shift([m.index, m.index + 1]), problem: controlCharacter(m[0]) });
    if (found.length > 1000) break;
  }
  // A problem in the parent line is that line's, outside the part.
  return found.filter((p) => p.at[0] >= base);
}

/** Every YAML problem of a text js-yaml refused, as diagnostics (at least one: js-yaml's own reason). */
export function yamlProblems(file: string, text: string, position: (offset: number) => Position, fastError: unknown): Diagnostic[] {
  const e = fastError as FastError;
  const failedAt = e.mark?.position ?? 0;
  const [from, to] = text.length <= YAML_DETAIL_LIMIT ? [0, text.length] : entryAround(text, failedAt);
  const whole = from === 0 && to === text.length;
  const problems = to - from <= YAML_DETAIL_LIMIT ? problemsIn(text.slice(from, to), from, whole ? "" : parentKeyLine(text, from)) : [];
  // After a tab used to indent, the parser no longer knows which block a line belongs to: its
  // complaints about structure below are follow-ons of the tab, not problems of their own.
  const tab = problems
    .filter((p) => p.problem.name === "yaml-tab-indent")
    .reduce((min, p) => Math.min(min, p.at[0]), Number.POSITIVE_INFINITY);
  const diagnostics: Diagnostic[] = [];
  const lines = new Set<number>();
  for (const { at, problem } of problems
    .filter((p) => !(p.at[0] > tab && STRUCTURE.has(p.problem.name)))
    .sort((a, b) => a.at[0] - b.at[0])) {
    const span = { start: position(at[0]), end: position(at[1]) };
    // One problem a line: the parser's later complaints on it follow from the first.
    if (lines.has(span.start.line)) continue;
    lines.add(span.start.line);
    const key = /^["']?([^"':\n]+)["']?\s*:/.exec(text.slice(at[0], at[0] + 200))?.[1]?.trim();
    const message =
      problem.name === "duplicate-key" && key ? `duplicate key '${key}'` : problem.message.replace(/ at line \d+, column \d+.*$/, "");
    diagnostics.push(makeDiagnostic(problem.name, { file, span, pointer: "" }, message, problem.hint));
  }
  if (diagnostics.length === 0) {
    // Only js-yaml objected: its reason, at its offset.
    const at = position(failedAt);
    diagnostics.push(
      makeDiagnostic(
        "yaml-syntax",
        { file, span: { start: at, end: at }, pointer: "" },
        e.reason ?? e.message ?? "invalid YAML",
        catalogue["yaml-syntax"].hint,
      ),
    );
  }
  return diagnostics;
}
