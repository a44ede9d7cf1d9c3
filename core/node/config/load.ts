// Reads brands.yaml keeping source positions, so any JSON pointer maps back to a line and column
// range; YAML problems (syntax, duplicate keys, empty files, alias bombs) are diagnostics, never
// exceptions.
import { readFile } from "node:fs/promises";
import jsYaml from "js-yaml";
import { type Document, isMap, isPair, isScalar, isSeq, type Node, Parser, parseDocument, visit, type YAMLMap } from "yaml";
import { catalogue, type Diagnostic, type DiagnosticName } from "./diagnostics.ts";
import { CONTROL_CHARACTER, controlCharacter, describeYamlError, undefinedAlias, type YamlProblem } from "./yaml-errors.ts";

export interface Position {
  line: number;
  column: number;
}

export interface Span {
  start: Position;
  end: Position;
}

/** A `# …` comment of the file, with the JSON pointer of the value it is about when there is one. */
export interface Comment {
  text: string;
  start: Position;
  end: Position;
  /** The value that ends before it on its line, or for a comment alone on its line the next one. */
  pointer: string | undefined;
}

export interface SourceFile {
  file: string;
  text: string;
  /** Plain data, or undefined when the YAML could not be parsed at all (or is empty). */
  data: unknown;
  /** Where the value (or with `key`, the key) at a JSON pointer is, as far as the path exists. */
  locate(pointer: string, opts?: { key?: boolean }): Span;
  /** The source text of the value at a pointer (as written, quotes included), or undefined. */
  sourceOf(pointer: string): string | undefined;
  /** Every comment of the file, in order (only comments: a `#` inside a quoted value is text). */
  comments(): Comment[];
  /** Make a diagnostic located at a pointer (at the key of the last segment when `key`). */
  diag(name: DiagnosticName, pointer: string, message: string, opts?: { hint?: string; key?: boolean }): Diagnostic;
}

export class UnreadableFileError extends Error {}

export async function loadSource(file: string): Promise<{ source: SourceFile; diagnostics: Diagnostic[] }> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "unknown";
    throw new UnreadableFileError(`cannot read ${file} (${code})`);
  }
  return parseSource(file, text);
}

// js-yaml with the YAML 1.2 core schema's own integers and floats (as the `yaml` package and editors
// resolve them: `1e400` and a 5,000-digit number are numbers, not strings), booleans, nulls and
// merge keys; no timestamps.
const types = (jsYaml as unknown as { types: Record<"null" | "bool" | "merge", jsYaml.Type> }).types;
const INT = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;
const FLOAT = /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const core12Int = new jsYaml.Type("tag:yaml.org,2002:int", {
  kind: "scalar",
  resolve: (data: string) => INT.test(data),
  construct: (data: string) =>
    data.startsWith("0o") ? Number.parseInt(data.slice(2), 8) : data.startsWith("0x") ? Number.parseInt(data.slice(2), 16) : Number(data),
});
const core12Float = new jsYaml.Type("tag:yaml.org,2002:float", {
  kind: "scalar",
  resolve: (data: string) => FLOAT.test(data),
  construct: (data: string) => {
    const lower = data.toLowerCase();
    if (lower.endsWith(".nan")) return Number.NaN;
    if (lower.endsWith(".inf")) return lower.startsWith("-") ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
    return Number(data);
  },
});
const FAST_SCHEMA = jsYaml.FAILSAFE_SCHEMA.extend({ implicit: [types.null, types.bool, core12Int, core12Float, types.merge] });

/** Offsets where each line starts; a line ends at LF, CRLF or a lone CR (YAML's three line breaks). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}

/**
 * Aliases may repeat data, not multiply it: the parsed data may expand to ALIAS_MULTIPLE times the
 * file's size (its JSON is ~0.8 times a real config's YAML), and at least ALIAS_FLOOR for a small
 * file (docs/decisions.md, "Alias limits"). Beyond that the file is refused before any pass walks it.
 */
export const ALIAS_MULTIPLE = 10;
export const ALIAS_FLOOR = 16 * 1024;
export const aliasLimit = (text: string) => Math.max(ALIAS_MULTIPLE * text.length, ALIAS_FLOOR);

/**
 * Where the parsed data, expanded in document order, first goes over `limit` characters of JSON:
 * the pointer of the value (an alias, in a bomb) that takes it over, or undefined when it never
 * does. Nothing is expanded: aliases share objects, so an alias's size is known from its first
 * occurrence and counted at once, and the walk stops at the limit.
 */
export function aliasOverflow(value: unknown, limit: number): { pointer: string; size: number } | undefined {
  const sizes = new Map<object, number>();
  let total = 0;
  class Over {
    constructor(readonly pointer: string) {}
  }
  const add = (n: number, pointer: string) => {
    total += n;
    if (total > limit) throw new Over(pointer);
  };
  const visit = (v: unknown, pointer: string) => {
    if (v === null || typeof v !== "object") return add(typeof v === "string" ? v.length + 2 : String(v).length, pointer);
    const known = sizes.get(v);
    if (known !== undefined) return add(known, pointer);
    sizes.set(v, 0); // a cycle (js-yaml does not make them) counts once
    const before = total;
    add(2, pointer);
    if (Array.isArray(v)) {
      v.forEach((child, i) => {
        const at = pointer + joinPointer(i);
        add(1, at);
        visit(child, at);
      });
    } else {
      for (const [k, child] of Object.entries(v)) {
        const at = pointer + joinPointer(k);
        add(k.length + 4, at);
        visit(child, at);
      }
    }
    sizes.set(v, total - before);
  };
  try {
    visit(value, "");
    return undefined;
  } catch (err) {
    if (err instanceof Over) return { pointer: err.pointer, size: total };
    throw err;
  }
}

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

/**
 * Parses fast (js-yaml) and builds the position-keeping `yaml` document only when a diagnostic
 * needs a location: a 1000-brand file parses in ~0.15 s instead of ~1.5 s.
 */
export function parseSource(file: string, text: string): { source: SourceFile; diagnostics: Diagnostic[] } {
  let starts: number[] | undefined;
  const position = (offset: number): Position => {
    starts ??= lineStarts(text);
    const at = Math.max(0, Math.min(offset, text.length));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= at) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: at - (starts[lo] ?? 0) + 1 };
  };
  let doc: Document.Parsed | undefined;
  // The yaml package reads a lone CR as no line break (js-yaml does): it gets LF in its place, which
  // keeps every offset where it was.
  const document = () =>
    (doc ??= parseDocument(text.replace(/\r(?!\n)/g, "\n"), { uniqueKeys: true, prettyErrors: false, strict: true, merge: true }));

  /** The node at a pointer (or the deepest one on its path) and the key node of its last segment. */
  const nodeAt = (pointer: string): { found: Node | null | undefined; keyNode: Node | undefined; complete: boolean } => {
    let node: Node | null | undefined = document().contents as Node | null;
    let keyNode: Node | undefined;
    let found = node;
    let complete = true;
    for (const seg of pointerSegments(pointer)) {
      keyNode = undefined;
      if (isMap(node)) {
        const pair = (node as YAMLMap).items.find((p) => isPair(p) && keyString(p.key) === seg);
        if (!pair) {
          complete = false;
          break;
        }
        keyNode = pair.key as Node;
        node = pair.value as Node | null;
        found = node ?? keyNode;
      } else if (isSeq(node)) {
        const item = node.items[Number(seg)] as Node | undefined;
        if (!item) {
          complete = false;
          break;
        }
        node = item;
        found = item;
      } else {
        complete = false;
        break;
      }
    }
    return { found, keyNode, complete };
  };

  const locate = (pointer: string, opts: { key?: boolean } = {}): Span => {
    const { found, keyNode } = nodeAt(pointer);
    const target = opts.key && keyNode ? keyNode : found;
    const [from = 0, to = from] = target?.range ?? [];
    return { start: position(from), end: position(Math.max(from, to)) };
  };

  /** Where each key and list item is: its start, where it (or its key) ends, and its pointer. */
  const anchors = () => {
    const list: { start: number; ends: number[]; pointer: string }[] = [];
    const walk = (node: unknown, pointer: string) => {
      if (isMap(node)) {
        for (const pair of (node as YAMLMap).items) {
          const key = pair.key as Node | null;
          const name = keyString(key);
          if (!key?.range || name === undefined) continue;
          const value = pair.value as Node | null;
          const at = pointer + joinPointer(name);
          list.push({ start: key.range[0], ends: [key.range[1], ...(value?.range ? [value.range[1]] : [])], pointer: at });
          walk(value, at);
        }
      } else if (isSeq(node)) {
        node.items.forEach((item, i) => {
          const at = pointer + joinPointer(i);
          const range = (item as Node | null)?.range;
          if (range) list.push({ start: range[0], ends: [range[1]], pointer: at });
          walk(item, at);
        });
      }
    };
    walk(document().contents, "");
    return list;
  };

  const comments = (): Comment[] => {
    const found: { offset: number; text: string }[] = [];
    // Comments sit at every level of the parser's concrete syntax tree (before, between and after
    // values, inside flow collections): every token of type comment, wherever it is.
    const visit = (token: unknown) => {
      if (Array.isArray(token)) for (const t of token) visit(t);
      else if (token && typeof token === "object") {
        const t = token as { type?: unknown; offset?: unknown; source?: unknown };
        if (t.type === "comment" && typeof t.offset === "number" && typeof t.source === "string")
          found.push({ offset: t.offset, text: t.source });
        else for (const v of Object.values(token)) if (v && typeof v === "object") visit(v);
      }
    };
    for (const token of new Parser().parse(text.replace(/\r(?!\n)/g, "\n"))) visit(token);
    if (found.length === 0) return [];
    const places = anchors();
    return found
      .sort((a, b) => a.offset - b.offset)
      .map(({ offset, text: comment }) => {
        const start = position(offset);
        const alone = text.slice(offset - start.column + 1, offset).trim() === "";
        let pointer: string | undefined;
        if (alone) {
          // A comment line of its own is about what follows it.
          let next = Number.POSITIVE_INFINITY;
          for (const a of places) {
            if (a.start > offset && a.start < next) {
              next = a.start;
              pointer = a.pointer;
            }
          }
        } else {
          // A trailing comment is about the value (or key) that ends last before it on its line.
          let last = -1;
          for (const a of places) {
            for (const end of a.ends) {
              if (end <= offset && end > last && position(end).line === start.line) {
                last = end;
                pointer = a.pointer;
              }
            }
          }
        }
        return { text: comment, start, end: position(offset + comment.length), pointer };
      });
  };

  const source: SourceFile = {
    file,
    text,
    data: undefined,
    locate,
    comments,
    sourceOf(pointer) {
      const { found, complete } = nodeAt(pointer);
      const range = complete ? found?.range : undefined;
      return range ? text.slice(range[0], range[1]) : undefined;
    },
    diag(name, pointer, message, opts = {}) {
      const { start, end } = locate(pointer, { key: opts.key });
      const hint = opts.hint ?? catalogue[name].hint;
      return make(name, file, { start, end }, pointer, message, hint);
    },
  };

  try {
    source.data = jsYaml.load(text, { filename: file, schema: FAST_SCHEMA });
  } catch (fastError) {
    // Slow path: the `yaml` package reports every problem with its position and its own code; what
    // it accepts but js-yaml does not (an alias to no anchor, a control character) is found here.
    const problems: { at: [number, number]; problem: YamlProblem }[] = [];
    for (const err of [...document().errors, ...document().warnings])
      problems.push({ at: err.pos, problem: describeYamlError(err.code, err.message, text, err.pos) });
    visit(document(), {
      Alias(_key, node) {
        if (node.range && node.resolve(document()) === undefined)
          problems.push({ at: [node.range[0], node.range[1]], problem: undefinedAlias(node.source) });
      },
    });
    for (const m of text.matchAll(CONTROL_CHARACTER)) {
      problems.push({ at: [m.index, m.index + 1], problem: controlCharacter(m[0]) });
      if (problems.length > 1000) break;
    }
    // After a tab used to indent, the parser no longer knows which block a line belongs to: its
    // complaints about structure below are follow-ons of the tab, not problems of their own.
    const tab = problems
      .filter((p) => p.problem.name === "yaml-tab-indent")
      .reduce((min, p) => Math.min(min, p.at[0]), Number.POSITIVE_INFINITY);
    const followsTab = (p: (typeof problems)[number]) => p.at[0] > tab && STRUCTURE.has(p.problem.name);
    const diagnostics: Diagnostic[] = [];
    const lines = new Set<number>();
    for (const { at, problem } of problems.filter((p) => !followsTab(p)).sort((a, b) => a.at[0] - b.at[0])) {
      const span = { start: position(at[0]), end: position(at[1]) };
      // One problem a line: the parser's later complaints on it follow from the first.
      if (lines.has(span.start.line)) continue;
      lines.add(span.start.line);
      const key = /^["']?([^"':\n]+)["']?\s*:/.exec(text.slice(at[0]))?.[1]?.trim();
      const message =
        problem.name === "duplicate-key" && key ? `duplicate key '${key}'` : problem.message.replace(/ at line \d+, column \d+.*$/, "");
      diagnostics.push(make(problem.name, file, span, "", message, problem.hint));
    }
    if (diagnostics.length === 0) {
      // Only js-yaml objected: its reason, at its offset.
      const e = fastError as { reason?: string; message?: string; mark?: { position?: number } };
      const at = position(e.mark?.position ?? 0);
      diagnostics.push(
        make("yaml-syntax", file, { start: at, end: at }, "", e.reason ?? e.message ?? "invalid YAML", catalogue["yaml-syntax"].hint),
      );
    }
    return { source, diagnostics };
  }

  if (source.data === null || source.data === undefined) {
    // Nothing but whitespace, a byte-order mark or comments: no brands, whatever the file name says.
    source.data = undefined;
    const at = position(0);
    return {
      source,
      diagnostics: [
        make(
          "empty-config",
          file,
          { start: at, end: at },
          "",
          "the file has no brands: it is empty or holds only comments",
          catalogue["empty-config"].hint,
        ),
      ],
    };
  }
  const limit = aliasLimit(text);
  const overflow = aliasOverflow(source.data, limit);
  if (overflow) {
    source.data = undefined;
    const written = source.sourceOf(overflow.pointer);
    const kb = (n: number) => `${n < 10 * 1024 ? (n / 1024).toFixed(1).replace(/\.0$/, "") : Math.round(n / 1024)} KB`;
    const at = written !== undefined && written.length <= 40 ? `'${written.trim()}' here` : "the value here";
    return {
      source,
      diagnostics: [
        source.diag(
          "alias-amplification",
          overflow.pointer,
          `the file's aliases expand it beyond ${kb(limit)} of data (${ALIAS_MULTIPLE} times its ${kb(text.length)}, at least ${kb(ALIAS_FLOOR)}): ${at} takes it over; refused unread`,
        ),
      ],
    };
  }
  return { source, diagnostics: [] };
}

function make(name: DiagnosticName, file: string, span: Span, pointer: string, message: string, hint: string | undefined): Diagnostic {
  return {
    name,
    severity: catalogue[name].severity,
    file,
    line: span.start.line,
    column: span.start.column,
    endLine: span.end.line,
    endColumn: span.end.column,
    pointer,
    message,
    ...(hint ? { hint } : {}),
  };
}

function keyString(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return typeof key === "string" ? key : undefined;
}

export function pointerSegments(pointer: string): string[] {
  if (pointer === "" || pointer === "/") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export function joinPointer(...segments: (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}
