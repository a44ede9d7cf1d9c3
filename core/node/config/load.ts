// Reads brands.yaml keeping source positions, so any JSON pointer maps back to a line and column
// range; YAML problems (syntax, duplicate keys, empty files, alias bombs) are diagnostics, never
// exceptions.
import { readFile } from "node:fs/promises";
import jsYaml from "js-yaml";
import { ALIAS_FLOOR, ALIAS_MULTIPLE, aliasLimit, aliasOverflow, kilobytes } from "./alias-limits.ts";
import { MAX_BRANDS } from "./budget.ts";
import { type Diagnostic, makeDiagnostic } from "./diagnostics.ts";
import { createSourceFile, type SourceFile } from "./source-file.ts";
import { SourceMap } from "./source-map.ts";
import { yamlProblems } from "./yaml-problems.ts";
import { YAML_12_CORE } from "./yaml-schema.ts";

export { ALIAS_FLOOR, ALIAS_MULTIPLE, aliasLimit, aliasOverflow } from "./alias-limits.ts";
export { joinPointer, pointerSegments } from "./pointers.ts";
export type { Comment, Position, SourceFile, Span } from "./source-file.ts";

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

/** A file with nothing in it, or only what carries nothing (whitespace, a byte-order mark, comments). */
function emptyFile(source: SourceFile): Diagnostic {
  const at = source.position(0);
  return makeDiagnostic(
    "empty-config",
    { file: source.file, span: { start: at, end: at }, pointer: "" },
    "the file has no brands: it is empty or holds only comments",
  );
}

/** Data whose aliases expand it far beyond the file: refused before any pass walks it. */
function aliasBomb(source: SourceFile): Diagnostic | undefined {
  // No alias, no expansion: the walk is for files that have one.
  if (!source.text.includes("*")) return undefined;
  const limit = aliasLimit(source.text);
  const overflow = aliasOverflow(source.data, limit);
  if (!overflow) return undefined;
  const written = source.sourceOf(overflow.pointer);
  const at = written !== undefined && written.length <= 40 ? `'${written.trim()}' here` : "the value here";
  return source.diag(
    "alias-amplification",
    overflow.pointer,
    `the file's aliases expand it beyond ${kilobytes(limit)} of data (${ALIAS_MULTIPLE} times its ${kilobytes(source.text.length)}, at least ${kilobytes(ALIAS_FLOOR)}): ${at} takes it over; refused unread`,
  );
}

/** A brands list longer than any real config's: refused unread, like an alias bomb (./budget.ts). */
function tooManyBrands(source: SourceFile): Diagnostic | undefined {
  const brands = (source.data as { brands?: unknown } | null)?.brands;
  if (!Array.isArray(brands) || brands.length <= MAX_BRANDS) return undefined;
  return source.diag(
    "too-many-values",
    "/brands",
    `the file lists ${brands.length.toLocaleString("en")} brands, more than the ${MAX_BRANDS.toLocaleString("en")} a config may hold; refused unread`,
  );
}

/**
 * Reads a config's text with js-yaml, recording where each value is as it goes (./source-map.ts);
 * a text it refuses gets every YAML problem named (./yaml-problems.ts).
 */
export function parseSource(file: string, text: string): { source: SourceFile; diagnostics: Diagnostic[] } {
  const map = new SourceMap(text);
  let data: unknown;
  try {
    data = jsYaml.load(text, { filename: file, schema: YAML_12_CORE, listener: map.listener });
  } catch (fastError) {
    const source = createSourceFile(file, text, undefined);
    return { source, diagnostics: yamlProblems(file, text, source.position, fastError) };
  }
  const source = createSourceFile(file, text, map);
  // Nothing but whitespace, a byte-order mark or comments: no brands, whatever the file name says.
  if (data === null || data === undefined) return { source, diagnostics: [emptyFile(source)] };
  source.data = data;
  const refusal = aliasBomb(source) ?? tooManyBrands(source);
  if (refusal) source.data = undefined;
  return { source, diagnostics: refusal ? [refusal] : [] };
}
