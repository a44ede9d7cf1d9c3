// Structural pass: JSON Schema (ajv, allErrors) mapped to source positions with human messages.
import { readFileSync } from "node:fs";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { corePaths as paths } from "../paths.ts";
import type { ErrorBudget } from "./budget.ts";
import type { Diagnostic } from "./diagnostics.ts";
import { joinPointer, type SourceFile } from "./load.ts";
import { arr, obj } from "./loose.ts";
import { toDiagnostic } from "./schema-messages.ts";

export const brandsSchema = JSON.parse(readFileSync(paths.brandsSchema, "utf8")) as Record<string, unknown>;

const BRANDS_ID = String(brandsSchema.$id);

interface Validators {
  /** The file outside its brands (the brands list itself, not its entries). */
  file: ValidateFunction;
  /** One brand entry. */
  brand: ValidateFunction;
}

let compiled: Validators | undefined;

/**
 * The compiled validators; they fill schema defaults into the data they check. A brand is checked
 * on its own, so a pass can stop between brands (./budget.ts) and one brand's errors stay its own.
 */
function validators(): Validators {
  if (compiled) return compiled;
  const ajv = new Ajv2020({ allErrors: true, verbose: true, useDefaults: true, strict: true, allowUnionTypes: true });
  ajv.addSchema(brandsSchema);
  const properties = brandsSchema.properties as Record<string, Record<string, unknown>>;
  const fileOnly = {
    ...brandsSchema,
    $id: BRANDS_ID.replace(/\.schema\.json$/, "-file.schema.json"),
    properties: { ...properties, brands: { ...properties.brands, items: true } },
  };
  compiled = { file: ajv.compile(fileOnly), brand: ajv.compile({ $ref: `${BRANDS_ID}#/$defs/brand` }) };
  return compiled;
}

export interface SchemaPassOptions {
  /** Brands (by index) not to check: too large to (./budget.ts). */
  skip?: ReadonlySet<number>;
  budget?: ErrorBudget;
}

export interface SchemaPassOptions {
  /** Brands (by index) not to check: too large to (./budget.ts). */
  skip?: ReadonlySet<number>;
  budget?: ErrorBudget;
}

/** The errors of one validation, at pointers under `prefix`, as diagnostics. */
function diagnosticsOf(source: SourceFile, errors: readonly ErrorObject[], prefix: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const err of errors) {
    // ajv reports a propertyNames failure twice (the inner keyword, then propertyNames itself).
    if (err.keyword === "propertyNames") continue;
    // `if`/`anyOf` wrappers repeat what their branches already said.
    if (err.keyword === "if" || err.keyword === "anyOf" || err.keyword === "oneOf") continue;
    out.push(toDiagnostic(source, { ...err, instancePath: prefix + err.instancePath }));
  }
  return out;
}

export function schemaPass(source: SourceFile, options: SchemaPassOptions = {}): Diagnostic[] {
  const { file, brand } = validators();
  const out: Diagnostic[] = file(source.data) ? [] : diagnosticsOf(source, file.errors ?? [], "");
  options.budget?.count(out);
  const brands = arr(obj(source.data).brands);
  for (let i = 0; i < brands.length; i++) {
    if (options.skip?.has(i)) continue;
    if (options.budget && !options.budget.open) break;
    if (brand(brands[i])) continue;
    const found = diagnosticsOf(source, brand.errors ?? [], joinPointer("brands", i));
    options.budget?.count(found);
    out.push(...found);
  }
  return dedupe(out);
}

function dedupe(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const k = `${d.pointer}|${d.name}|${d.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
