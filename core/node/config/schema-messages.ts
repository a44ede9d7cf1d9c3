// The schema pass's messages: one ajv error as a diagnostic an operator can act on, at the value's
// place, with a hint for what was written (a did-you-mean among values of the same kind, what YAML
// made of a `#` or a `yes`, that a list of brands is empty).
import type { ErrorObject } from "ajv/dist/2020.js";
import { isoCodeOf } from "../money/currencies.ts";
import { clip, type Diagnostic, didYouMean, listHint } from "./diagnostics.ts";
import { joinPointer, pointerSegments, type SourceFile } from "./load.ts";
import { languageAdvice, regionAdvice, type ValueAdvice } from "./value-hints.ts";

interface SchemaNode {
  description?: string;
  examples?: unknown[];
  properties?: Record<string, unknown>;
  enum?: unknown[];
  title?: string;
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

/** What to say about a value outside its set, by the set's kind. */
function adviceFor(title: string | undefined, value: string, allowed: readonly string[]): ValueAdvice {
  if (title === "Language") return languageAdvice(value, allowed);
  if (title === "PaymentRegion") return regionAdvice(value, allowed);
  const iso = title === "Currency" ? isoCodeOf(value) : undefined;
  if (iso) return { hint: `ISO 4217 writes it '${iso}'` };
  return { hint: didYouMean(value, allowed) ?? listHint(allowed, 20) };
}

/** An invalid key of a map (an unknown sales area). */
function keyDiagnostic(source: SourceFile, err: ErrorObject, key: string): Diagnostic {
  const parent = (err.parentSchema ?? {}) as SchemaNode;
  const pointer = err.instancePath + joinPointer(key);
  const allowed = (parent.enum ?? []).map(String);
  const what = parent.title ? describeTitle(parent.title) : "allowed key";
  if (err.keyword !== "enum")
    return source.diag("unknown-value", pointer, `key '${clip(key)}' ${err.message ?? "is not allowed"}`, {
      hint: exampleHint(parent),
      key: true,
    });
  const advice: Partial<ValueAdvice> = allowed.length ? adviceFor(parent.title, key, allowed) : { hint: exampleHint(parent) };
  return source.diag("unknown-value", pointer, advice.message ?? `'${clip(key)}' is not a ${what}`, { hint: advice.hint, key: true });
}

/** A YAML 1.1 boolean word, text in YAML 1.2: `yes` is not `true`. */
const BOOLEAN_WORD = /^(?:(yes|y|on)|no|n|off)$/i;

/** A value of the wrong type, and what YAML made of what was written. */
function typeDiagnostic(source: SourceFile, err: ErrorObject): Diagnostic {
  const parent = (err.parentSchema ?? {}) as SchemaNode;
  const at = err.instancePath;
  const value = err.data;
  const written = typeof value === "number" ? source.sourceOf(at) : undefined;
  if (err.params.type === "string" && written !== undefined) {
    const shown = clip(written.trim());
    return source.diag("number-for-string", at, `${shown} is a number in YAML (${preview(value).slice(1, -1)}), not the text written`, {
      hint: `write it in quotes: "${clip(written.trim().replace(/"/g, '\\"'))}"`,
    });
  }
  if (value === null) {
    // `themeColor: #1f6feb`: an unquoted `#` after the colon starts a comment, and the value is empty.
    const start = source.locate(at).start;
    const comment = /^#\S+/.exec(source.lineAt(start.line).slice(start.column - 1))?.[0];
    const key = pointerSegments(at).at(-1) ?? "";
    if (comment)
      return source.diag(
        "unquoted-hash",
        at,
        `'${clip(key)}' is empty: an unquoted '#' starts a comment, so '${clip(comment)}' is not read`,
        {
          hint: `write it in quotes: ${clip(key)}: "${clip(comment)}"`,
        },
      );
    if (at === "/brands") return noBrands(source);
  }
  const word = typeof value === "string" && err.params.type === "boolean" ? BOOLEAN_WORD.exec(value) : null;
  if (word)
    return source.diag("wrong-type", at, `expected boolean, got the text '${value}'`, {
      hint: `write ${word[1] ? "true" : "false"}: YAML 1.2 reads '${value}' as text, not as a yes or a no`,
    });
  return source.diag("wrong-type", at, `expected ${err.params.type}, got ${typeOf(value)} ${preview(value)}`.trim(), {
    hint: exampleHint(parent),
  });
}

/** `brands: []` or `brands:` with nothing under it. */
function noBrands(source: SourceFile): Diagnostic {
  return source.diag("empty-config", "/brands", "the file has no brands: its brands: list is empty");
}

export function toDiagnostic(source: SourceFile, err: ErrorObject): Diagnostic {
  const parent = (err.parentSchema ?? {}) as SchemaNode;
  const propertyName = (err as ErrorObject & { propertyName?: string }).propertyName;
  if (propertyName !== undefined) return keyDiagnostic(source, err, propertyName);
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
      const advice = adviceFor(parent.title, String(value), allowed);
      return source.diag("unknown-value", at, advice.message ?? `${quote(value)} is not a ${what}`, { hint: advice.hint });
    }
    case "type":
      return typeDiagnostic(source, err);
    case "pattern":
    case "format":
      return source.diag("bad-format", at, `${quote(value)} is not ${describeSchema(parent)}`, { hint: exampleHint(parent) });
    case "minItems":
      if (at === "/brands") return noBrands(source);
      return source.diag("out-of-range", at, `${describeSchema(parent)}: ${err.message}`, { hint: exampleHint(parent) });
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
