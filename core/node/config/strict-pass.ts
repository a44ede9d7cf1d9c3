// `gen validate --strict`, for CI before a deploy: what validates but must not go live — the TODO
// markers `gen new-brand` leaves, and placeholders in any field (./placeholders.ts): hosts, origins,
// links and addresses on reserved example names, client ids that are zeros or say so, and
// new-brand's placeholder address in a Japanese notice. A line is reported once: a placeholder
// marked TODO is the placeholder's diagnostic, whose hint says to delete the mark too.
import { type ErrorBudget, MAX_ERRORS } from "./budget.ts";
import { catalogue, clip, type Diagnostic, makeDiagnostic } from "./diagnostics.ts";
import type { SourceFile } from "./load.ts";
import { forEachString } from "./loose.ts";
import { mayBePlaceholder, placeholderOf } from "./placeholders.ts";

export interface StrictPassOptions {
  /** Brands (by index) not to check: too large to (./budget.ts). */
  skip?: ReadonlySet<number>;
  budget?: ErrorBudget;
}

const TODO = /^#\s*TODO\b/;

function todoMarkers(source: SourceFile): Diagnostic[] {
  return source
    .comments(TODO, MAX_ERRORS)
    .map((c) =>
      makeDiagnostic(
        "todo-marker",
        { file: source.file, span: { start: c.start, end: c.end }, pointer: c.pointer ?? "" },
        `a TODO is left here: ${clip(c.text.slice(1).trim())}`,
      ),
    );
}

function placeholders(source: SourceFile, options: StrictPassOptions): Diagnostic[] {
  const out: Diagnostic[] = [];
  forEachString(
    source.data,
    (text, pointerOf) => {
      if (out.length >= MAX_ERRORS || !mayBePlaceholder(text)) return;
      const pointer = pointerOf();
      const found = placeholderOf(pointer, text);
      if (found) out.push(source.diag("placeholder-value", pointer, `'${clip(text)}' ${found.reason}`, { hint: found.hint }));
    },
    options.skip,
  );
  return out;
}

/** One diagnostic a line: a TODO on the line of a placeholder is folded into the placeholder's. */
function oncePerLine(todos: Diagnostic[], found: Diagnostic[]): Diagnostic[] {
  const marked = new Set(todos.map((d) => d.line));
  const placeholderLines = new Set(found.map((d) => d.line));
  const deleteMark = catalogue["todo-marker"].hint ?? "";
  return [
    ...todos.filter((d) => !placeholderLines.has(d.line)),
    ...found.map((d) =>
      marked.has(d.line) ? { ...d, hint: `${d.hint ?? ""}; then delete the TODO comment`.replace(/^; /, deleteMark) } : d,
    ),
  ];
}

export function strictPass(source: SourceFile, options: StrictPassOptions = {}): Diagnostic[] {
  if (source.data === undefined || (options.budget && !options.budget.open)) return [];
  const out = oncePerLine(todoMarkers(source), placeholders(source, options));
  options.budget?.count(out);
  return out;
}
