// `gen validate --strict`, for CI before a deploy: what validates but must not go live — the TODO
// markers `gen new-brand` leaves, and placeholders in any field (./placeholders.ts): hosts, origins,
// links and addresses on reserved example names, client ids that are zeros or say so, new-brand's
// derived ids and its placeholder address in a Japanese notice.
import { catalogue, type Diagnostic, type DiagnosticName } from "./diagnostics.ts";
import { joinPointer, type SourceFile } from "./load.ts";
import { arr, obj, str } from "./loose.ts";
import { placeholderOf } from "./placeholders.ts";

function todoMarkers(source: SourceFile): Diagnostic[] {
  const name: DiagnosticName = "todo-marker";
  return source
    .comments()
    .filter((c) => /^#\s*TODO\b/.test(c.text))
    .map((c) => ({
      name,
      severity: catalogue[name].severity,
      file: source.file,
      line: c.start.line,
      column: c.start.column,
      endLine: c.end.line,
      endColumn: c.end.column,
      pointer: c.pointer ?? "",
      message: `a TODO is left here: ${c.text.slice(1).trim()}`,
      hint: catalogue[name].hint,
    }));
}

/** Every string of a value with its pointer, in document order. */
function* strings(value: unknown, pointer: string): Generator<[string, string]> {
  if (typeof value === "string") yield [pointer, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, pointer + joinPointer(i));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) yield* strings(v, pointer + joinPointer(k));
}

function placeholders(source: SourceFile): Diagnostic[] {
  const out: Diagnostic[] = [];
  const brands = arr(obj(source.data).brands);
  for (const [pointer, text] of strings(source.data, "")) {
    const brandIndex = /^\/brands\/(\d+)\//.exec(pointer)?.[1];
    const brandId = brandIndex === undefined ? undefined : str(obj(brands[Number(brandIndex)]).id);
    const found = placeholderOf(pointer, text, brandId);
    if (found) out.push(source.diag("placeholder-value", pointer, `'${text}' ${found.reason}`, { hint: found.hint }));
  }
  return out;
}

export function strictPass(source: SourceFile): Diagnostic[] {
  return source.data === undefined ? [] : [...todoMarkers(source), ...placeholders(source)];
}
