// The text format of diagnostics: `file:line:col: error[name]: message`, the JSON pointer, a code
// frame of the lines around the value with carets under it (as a terminal shows them), the hint.
import type { Diagnostic } from "./diagnostic.ts";

/** A text's lines, split once per file however many diagnostics show them. */
export const linesOf = (text: string): string[] => text.split(/\r\n|\r|\n/);

export function formatText(d: Diagnostic, color: boolean, lines: readonly string[] | undefined): string {
  const paint = (code: number, s: string) => (color ? `\u001b[${code}m${s}\u001b[0m` : s);
  const sev = d.severity === "error" ? paint(31, "error") : paint(33, "warning");
  let out = `${d.file}:${d.line}:${d.column}: ${sev}[${d.name}]: ${d.message}\n`;
  out += `${paint(2, `  at ${d.pointer || "/"}`)}\n`;
  if (lines !== undefined && d.line > 0) out += indent(codeFrame(lines, d.line, d.column, d.endLine === d.line ? d.endColumn : undefined));
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

/** The cells of `line` from code unit `from` to `to` (a window: a line may be megabytes long). */
function cellsOf(line: string, from = 0, to = line.length): Cell[] {
  const cells: Cell[] = [];
  let at = from;
  for (const ch of line.slice(from, to)) {
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

/** Code units of a line read around the column: more than the 40 + 100 columns a frame shows. */
const BEFORE = 400;
const AFTER = 1000;

/**
 * Two lines either side of line:column, the line marked and carets under the column (to the end
 * column when it is on the same line), counted in terminal columns. Long lines are cut around the
 * column. Vite's frame format. `text` is the file, or its lines split once (./format-text.ts linesOf).
 */
export function codeFrame(text: string | readonly string[], line: number, column: number, endColumn?: number): string {
  const lines = typeof text === "string" ? linesOf(text) : text;
  const from = Math.max(1, line - 2);
  const to = Math.min(lines.length, line + 2);
  const width = String(to).length;
  const targetLine = lines[line - 1] ?? "";
  const windowStart = Math.max(0, column - 1 - BEFORE);
  const target = cellsOf(targetLine, windowStart, column - 1 + AFTER);
  // The cell the column falls in, and the window of cells shown: 40 columns before it, 100 in all.
  const index = (offset: number) => {
    const i = target.findIndex((c) => c.at + c.units > offset);
    return i < 0 ? target.length : i;
  };
  const first = index(column - 1);
  let start = first;
  while (start > 0 && widthOf(target.slice(start - 1, first)) <= 40) start--;
  const startAt = target[start]?.at ?? windowStart;
  const show = (l: string) => {
    const cells = cellsOf(l, startAt, startAt + AFTER);
    const shown: Cell[] = [];
    let used = 0;
    for (const c of cells) {
      if (used + c.width > 100) break;
      shown.push(c);
      used += c.width;
    }
    const more = shown.length < cells.length || startAt + AFTER < l.length;
    return `${startAt > 0 ? "…" : ""}${shown.map((c) => c.shown).join("")}${more ? "…" : ""}`;
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
