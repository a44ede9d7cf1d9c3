// `gen validate`: YAML → structural pass → refined pass (→ the icons, for a file on disk); every
// diagnostic at once. `strict` adds the pre-deploy checks (./strict-pass.ts).

import type { BrandsConfig } from "../../browser/config/types.ts";
import { reported } from "./budget.ts";
import { type Diagnostic, type Format, formatDiagnostics, sortDiagnostics } from "./diagnostics.ts";
import { iconPass } from "./icon-pass.ts";
import { parseSource, type SourceFile } from "./load.ts";
import { type PassOptions, runPasses } from "./passes.ts";
import { type ConfigRead, type IconBytes, readConfig } from "./read.ts";

export interface ValidationOptions extends PassOptions {
  /** `gen validate --brand`: only this brand's problems, and the file's own (its YAML, its top-level keys). */
  brand?: string;
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
  return withoutFollowOns([...result.diagnostics, ...runPasses(result.source, options)]);
}

/** The problems of one brand (every entry with its id) and of the file itself, not other brands'. */
function ofBrand(source: SourceFile, diagnostics: Diagnostic[], brand: string | undefined): Diagnostic[] {
  if (brand === undefined) return diagnostics;
  const brands = (source.data as { brands?: unknown } | undefined)?.brands;
  const mine = new Set(
    (Array.isArray(brands) ? brands : []).flatMap((b, i) => ((b as { id?: unknown } | null)?.id === brand ? [String(i)] : [])),
  );
  return diagnostics.filter((d) => {
    const index = /^\/brands\/(\d+)(?:\/|$)/.exec(d.pointer)?.[1];
    return index === undefined || mine.has(index);
  });
}

function outcome(source: SourceFile, all: Diagnostic[], brand?: string): ValidationResult {
  const sorted = sortDiagnostics(ofBrand(source, all, brand));
  const ok = !sorted.some((d) => d.severity === "error");
  return { source, diagnostics: reported(source, sorted), ...(ok ? { config: source.data as BrandsConfig } : {}) };
}

export function validateSource(
  result: { source: SourceFile; diagnostics: Diagnostic[] },
  options: ValidationOptions = {},
): ValidationResult {
  return outcome(result.source, passes(result, options), options.brand);
}

/** A config read from disk (./read.ts): every pass, and its brands' icons decoded as the build will draw them. */
export async function validateRead(read: ConfigRead, options: ValidationOptions = {}): Promise<ValidationResult> {
  const diagnostics = passes(read, { ...options, icons: read.icons });
  if (read.source.data !== undefined) diagnostics.push(...(await iconPass(read.source, read.icons)));
  return { ...outcome(read.source, diagnostics, options.brand), icons: read.icons };
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
