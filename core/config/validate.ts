// `gen validate`: YAML → structural pass → refined pass; returns every diagnostic at once.

import { type Diagnostic, sortDiagnostics } from "./diagnostics.ts";
import { loadSource, parseSource, type SourceFile } from "./load.ts";
import { schemaPass } from "./schema-pass.ts";
import { type SemanticOptions, semanticPass } from "./semantic-pass.ts";
import type { BrandsConfig } from "./types.ts";

export interface ValidationResult {
  source: SourceFile;
  diagnostics: Diagnostic[];
  /** The config with schema defaults filled in; present only when there is no error. */
  config?: BrandsConfig;
}

export function validateSource(result: { source: SourceFile; diagnostics: Diagnostic[] }, options: SemanticOptions = {}): ValidationResult {
  const { source } = result;
  const diagnostics = [...result.diagnostics];
  if (source.data !== undefined) {
    diagnostics.push(...schemaPass(source), ...semanticPass(source, options));
  }
  const sorted = sortDiagnostics(diagnostics);
  const ok = !sorted.some((d) => d.severity === "error");
  return { source, diagnostics: sorted, ...(ok ? { config: source.data as BrandsConfig } : {}) };
}

export async function validateFile(file: string, options: SemanticOptions = {}): Promise<ValidationResult> {
  return validateSource(await loadSource(file), options);
}

export function validateText(file: string, text: string, options: SemanticOptions = {}): ValidationResult {
  return validateSource(parseSource(file, text), options);
}
