// A config file as the passes see it: its text, its data, and where each value is (./source-map.ts),
// so a diagnostic about a JSON pointer points at a line and a column range.
import { catalogue, type Diagnostic, type DiagnosticName, makeDiagnostic, type Position, type Span } from "./diagnostics.ts";
import { pointerSegments } from "./pointers.ts";
import type { SourceMap } from "./source-map.ts";

export type { Position, Span } from "./diagnostics.ts";

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
  /**
   * The file's comments whose text matches `wanted` (all by default), in order, the first `max` of
   * them; a `#` inside a quoted value is text.
   */
  comments(wanted?: RegExp, max?: number): Comment[];
  /** Make a diagnostic located at a pointer (at the key of the last segment when `key`). */
  diag(name: DiagnosticName, pointer: string, message: string, opts?: { hint?: string; key?: boolean }): Diagnostic;
  /** The line and column of an offset in the text. */
  position(offset: number): Position;
  /** The text of a 1-based line, without its break. */
  lineAt(line: number): string;
}

/** Offsets where each line starts; a line ends at LF, CRLF or a lone CR (YAML's three line breaks). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}

/** Offset → line and column, by binary search over the line starts (computed on first use), and a line's text. */
function positions(text: string): { position: (offset: number) => Position; lineAt: (line: number) => string } {
  let starts: number[] | undefined;
  const lines = () => {
    starts ??= lineStarts(text);
    return starts;
  };
  const position = (offset: number): Position => {
    const all = lines();
    const at = Math.max(0, Math.min(offset, text.length));
    let lo = 0;
    let hi = all.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((all[mid] ?? 0) <= at) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: at - (all[lo] ?? 0) + 1 };
  };
  const lineAt = (line: number) => {
    const all = lines();
    return text.slice(all[line - 1] ?? text.length, all[line] ?? text.length).replace(/\r?\n$|\r$/, "");
  };
  return { position, lineAt };
}

/** The pointer of a comment's value, from the map's segments. */
const pointerOf = (segments: string[] | undefined) => segments?.map((s) => `/${s.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

/** A source file; `map` is undefined when the text did not parse (every pointer is then the file's start). */
export function createSourceFile(file: string, text: string, map: SourceMap | undefined): SourceFile {
  const { position, lineAt } = positions(text);
  const offsets = (pointer: string, key = false) => {
    const found = map?.find(pointerSegments(pointer));
    if (!map || !found) return { start: 0, end: 0, complete: false };
    if (key && found.key >= 0) return { ...map.span(found.key), complete: found.complete };
    if (found.node >= 0) return { ...map.spanOf(found), complete: found.complete };
    return { ...(found.key >= 0 ? map.span(found.key) : { start: 0, end: 0 }), complete: found.complete };
  };
  const locate = (pointer: string, opts: { key?: boolean } = {}): Span => {
    const { start, end } = offsets(pointer, opts.key);
    return { start: position(start), end: position(end) };
  };
  return {
    file,
    text,
    data: undefined,
    locate,
    position,
    lineAt,
    sourceOf(pointer) {
      const { start, end, complete } = offsets(pointer);
      return complete ? text.slice(start, end) : undefined;
    },
    comments(wanted, max) {
      return (map?.comments(wanted, max) ?? []).map((c) => ({
        text: c.text,
        start: position(c.offset),
        end: position(c.offset + c.text.length),
        pointer: pointerOf(c.about),
      }));
    },
    diag(name, pointer, message, opts = {}) {
      return makeDiagnostic(name, { file, span: locate(pointer, { key: opts.key }), pointer }, message, opts.hint ?? catalogue[name].hint);
    },
  };
}
