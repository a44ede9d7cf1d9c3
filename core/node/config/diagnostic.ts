// A diagnostic of `gen validate`: its permanent name (./catalogue.ts), its place in the file, its
// message and hint. ./diagnostics.ts writes them out in the output formats.
import { catalogue, type DiagnosticName, type Severity } from "./catalogue.ts";

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

/** A pointer as a diagnostic carries it: a key of megabytes is cut like any text it shows. */
const shownPointer = (pointer: string) =>
  pointer.length <= 200
    ? pointer
    : pointer
        .split("/")
        .map((segment) => (segment.length > 60 ? `${segment.slice(0, 60)}…` : segment))
        .join("/");

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
    pointer: shownPointer(at.pointer),
    message,
    ...(hint ? { hint } : {}),
  };
}

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

/** Code points of a text, counted without making an array of them (a value may be megabytes). */
function codePoints(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/**
 * A value as a message shows it: long values cut at `max` characters (no diagnostic echoes more
 * than 200 characters of the operator's text, and a 5 MB value is not echoed).
 */
export function clip(text: string, max = 60): string {
  if (text.length <= max) return text;
  let shown = "";
  let count = 0;
  for (const ch of text) {
    if (count === max) break;
    shown += ch;
    count++;
  }
  const total = count < max ? count : codePoints(text);
  return total <= max ? text : `${shown}… (${total - max} more characters)`;
}
