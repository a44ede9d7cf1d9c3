// Diagnostics of `gen validate` and their output formats: text (with a code frame, ./format-text.ts),
// JSON and GitHub workflow annotations (./format-json.ts) and SARIF 2.1.0 (./format-sarif.ts). The
// catalogue of names is ./catalogue.ts.
import type { Diagnostic } from "./diagnostic.ts";
import { formatGithub, jsonReport } from "./format-json.ts";
import { sarifLog } from "./format-sarif.ts";
import { formatText, linesOf } from "./format-text.ts";

export { catalogue, type DiagnosticName, type Severity } from "./catalogue.ts";
export {
  clip,
  DIAGNOSTICS_DOC,
  type Diagnostic,
  docsLink,
  JSON_FORMAT_VERSION,
  makeDiagnostic,
  type Position,
  type Span,
  sortDiagnostics,
} from "./diagnostic.ts";
export { githubAnnotation, type JsonReport, jsonReport } from "./format-json.ts";
export { sarifLog } from "./format-sarif.ts";
export { codeFrame } from "./format-text.ts";
export { closest, didYouMean, editDistance, listHint } from "./suggest.ts";

export type Format = "text" | "json" | "github" | "sarif";

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
  const lines = new Map<string, string[]>();
  const linesFor = (file: string) => {
    const text = options.sources?.get(file);
    if (text === undefined) return undefined;
    const split = lines.get(file) ?? linesOf(text);
    lines.set(file, split);
    return split;
  };
  return list.map((d) => formatText(d, options.color ?? false, linesFor(d.file))).join("");
}
