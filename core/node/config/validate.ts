// `gen validate`: YAML → structural pass → refined pass (→ the icons, for a file on disk); every
// diagnostic at once. `strict` adds the pre-deploy checks (./strict-pass.ts).

import type { BrandsConfig } from "../../browser/config/types.ts";
import { type Diagnostic, type Format, formatDiagnostics, sortDiagnostics } from "./diagnostics.ts";
import { iconPass } from "./icon-pass.ts";
import { parseSource, type SourceFile } from "./load.ts";
import { type ConfigRead, type IconBytes, readConfig } from "./read.ts";
import { schemaPass } from "./schema-pass.ts";
import { type SemanticOptions, semanticPass } from "./semantic-pass.ts";
import { strictPass } from "./strict-pass.ts";

export interface ValidationOptions extends SemanticOptions {
  /** `gen validate --strict`: TODO markers and placeholder values are errors too. */
  strict?: boolean;
}

export interface ValidationResult {
  source: SourceFile;
  diagnostics: Diagnostic[];
  /** The config with schema defaults filled in; present only when there is no error. */
  config?: BrandsConfig;
  /** The icons as read with the config (a file on disk): what the build draws. */
  icons?: IconBytes;
}

/**
 * A brand's module size says nothing new when one of its values is refused already (a 5 MB value
 * that is no currency): the refusal is the problem to fix, and fixing it changes the size.
 */
function withoutFollowOns(diagnostics: Diagnostic[]): Diagnostic[] {
  const brandOf = (d: Diagnostic) => /^\/brands\/\d+/.exec(d.pointer)?.[0];
  const refused = new Set(diagnostics.filter((d) => d.severity === "error" && d.name !== "brand-module-too-large").map(brandOf));
  return diagnostics.filter((d) => d.name !== "brand-module-too-large" || !refused.has(brandOf(d)));
}

function passes(result: { source: SourceFile; diagnostics: Diagnostic[] }, options: ValidationOptions): Diagnostic[] {
  const { source } = result;
  const diagnostics = [...result.diagnostics];
  if (source.data !== undefined) diagnostics.push(...schemaPass(source), ...semanticPass(source, options));
  if (options.strict) diagnostics.push(...strictPass(source));
  return withoutFollowOns(diagnostics);
}

function outcome(source: SourceFile, diagnostics: Diagnostic[]): ValidationResult {
  const sorted = sortDiagnostics(diagnostics);
  const ok = !sorted.some((d) => d.severity === "error");
  return { source, diagnostics: sorted, ...(ok ? { config: source.data as BrandsConfig } : {}) };
}

export function validateSource(
  result: { source: SourceFile; diagnostics: Diagnostic[] },
  options: ValidationOptions = {},
): ValidationResult {
  return outcome(result.source, passes(result, options));
}

/** A config read from disk (./read.ts): every pass, and its brands' icons decoded as the build will draw them. */
export async function validateRead(read: ConfigRead, options: ValidationOptions = {}): Promise<ValidationResult> {
  const diagnostics = passes(read, { ...options, icons: read.icons });
  if (read.source.data !== undefined) diagnostics.push(...(await iconPass(read.source, read.icons)));
  return { ...outcome(read.source, diagnostics), icons: read.icons };
}

/** A file on disk, read once (the config, then its icons) and validated. */
export async function validateFile(file: string, options: ValidationOptions = {}): Promise<ValidationResult> {
  return validateRead(await readConfig(file), options);
}

/** Text not (yet) on disk (gen new-brand's draft): every pass but the icons'. */
export function validateText(file: string, text: string, options: ValidationOptions = {}): ValidationResult {
  return validateSource(parseSource(file, text), options);
}

/** A validation's diagnostics in an output format, the text one with code frames from its source. */
export function formatValidation(result: ValidationResult, format: Format, color = false): string {
  const { file, text } = result.source;
  return formatDiagnostics(result.diagnostics, format, { color, sources: new Map([[file, text]]), files: [file] });
}
