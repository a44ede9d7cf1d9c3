// Structural pass: JSON Schema (ajv, allErrors) mapped to source positions with human messages.
import { readFileSync } from "node:fs";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { isoCodeOf } from "../money/currencies.ts";
import { corePaths as paths } from "../paths.ts";
import type { ErrorBudget } from "./budget.ts";
import { clip, type Diagnostic, didYouMean, listHint } from "./diagnostics.ts";
import { joinPointer, type SourceFile } from "./load.ts";
import { arr, obj } from "./loose.ts";

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

interface SchemaNode {
  description?: string;
  examples?: unknown[];
  properties?: Record<string, unknown>;
  enum?: unknown[];
  title?: string;
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

function toDiagnostic(source: SourceFile, err: ErrorObject): Diagnostic {
  const parent = (err.parentSchema ?? {}) as SchemaNode;
  const propertyName = (err as ErrorObject & { propertyName?: string }).propertyName;
  if (propertyName !== undefined) {
    // An invalid key of a map (e.g. an unknown sales area).
    const pointer = err.instancePath + joinPointer(propertyName);
    const allowed = (parent.enum ?? []).map(String);
    const what = parent.title ? describeTitle(parent.title) : "allowed key";
    const message =
      err.keyword === "enum"
        ? `'${clip(propertyName)}' is not a ${what}`
        : `key '${clip(propertyName)}' ${err.message ?? "is not allowed"}`;
    const hint = allowed.length ? (didYouMean(propertyName, allowed) ?? listHint(allowed)) : exampleHint(parent);
    return source.diag("unknown-value", pointer, message, { hint, key: true });
  }
  const at = err.instancePath;
  const value = err.data;
  switch (err.keyword) {
    case "required": {
      const missing = String(err.params.missingProperty);
      const prop = (parent.properties?.[missing] ?? {}) as SchemaNode;
      return source.diag("missing-property", at, `missing required property '${missing}'`, {
        hint: prop.description ? `add '${missing}': ${lowerFirst(prop.description)}` : `add '${missing}'`,
      });
    }
    case "additionalProperties": {
      const extra = String(err.params.additionalProperty);
      const known = Object.keys(parent.properties ?? {});
      return source.diag("unknown-property", at + joinPointer(extra), `unknown property '${clip(extra)}'`, {
        hint: didYouMean(extra, known) ?? (known.length ? listHint(known) : "remove it"),
        key: true,
      });
    }
    case "enum": {
      const allowed = (err.params.allowedValues as unknown[]).map(String);
      const what = parent.title ? describeTitle(parent.title) : "allowed value";
      const iso = parent.title === "Currency" ? isoCodeOf(String(value)) : undefined;
      return source.diag("unknown-value", at, `${quote(value)} is not a ${what}`, {
        hint: iso ? `ISO 4217 writes it '${iso}'` : (didYouMean(String(value), allowed) ?? listHint(allowed, 20)),
      });
    }
    case "type": {
      const written = typeof value === "number" ? source.sourceOf(at) : undefined;
      if (err.params.type === "string" && written !== undefined) {
        const shown = clip(written.trim());
        return source.diag("number-for-string", at, `${shown} is a number in YAML (${preview(value).slice(1, -1)}), not the text written`, {
          hint: `write it in quotes: "${clip(written.trim().replace(/"/g, '\\"'))}"`,
        });
      }
      return source.diag("wrong-type", at, `expected ${err.params.type}, got ${typeOf(value)} ${preview(value)}`.trim(), {
        hint: exampleHint(parent),
      });
    }
    case "pattern":
    case "format":
      return source.diag("bad-format", at, `${quote(value)} is not ${describeSchema(parent)}`, { hint: exampleHint(parent) });
    case "minItems":
    case "maxItems":
    case "minLength":
    case "maxLength":
    case "minProperties":
    case "maxProperties":
    case "minimum":
    case "maximum":
      return source.diag("out-of-range", at, `${describeSchema(parent)}: ${err.message}`, { hint: exampleHint(parent) });
    case "uniqueItems":
      return source.diag(
        "duplicate-item",
        at + joinPointer(String(err.params.i)),
        `${quote((value as unknown[])[err.params.i as number])} is listed twice`,
      );
    default:
      return source.diag("schema-violation", at, err.message ?? `fails '${err.keyword}'`, { hint: exampleHint(parent) });
  }
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

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const quote = (v: unknown) => (typeof v === "string" ? `'${clip(v)}'` : clip(String(JSON.stringify(v))));
const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
const preview = (v: unknown) =>
  v !== null && typeof v === "object"
    ? ""
    : `(${typeof v === "number" && !Number.isFinite(v) ? String(v) : clip(String(JSON.stringify(v)))})`;

function describeTitle(title: string): string {
  return title
    .replace(/Id$/, "")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
}

function describeSchema(schema: SchemaNode): string {
  if (schema.description) return `a valid value (${lowerFirst(schema.description.replace(/\.$/, ""))})`;
  if (schema.title) return `a valid ${describeTitle(schema.title)}`;
  return "a valid value";
}

function exampleHint(schema: SchemaNode): string | undefined {
  const ex = schema.examples?.[0];
  return ex === undefined ? undefined : `for example ${JSON.stringify(ex)}`;
}
