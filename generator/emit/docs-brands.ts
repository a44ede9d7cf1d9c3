// docs/brands-reference.md from schema/brands.schema.json: every field with its path, type, default,
// allowed values, example and description, one table per object, in the schema's order.
import { code, GENERATED_MD, json, prose, table } from "./markdown.ts";

export interface SchemaNode {
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  required?: string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  additionalProperties?: SchemaNode | boolean;
  propertyNames?: SchemaNode;
  format?: string;
  $defs?: Record<string, SchemaNode>;
}

/** How a map's keys are shown in paths, by the map's field name. */
const KEY_NAMES: Record<string, string> = {
  areas: "<area>",
  games: "<game>",
  shortLinks: "<code>",
  commercialTransactions: "<game>",
};

export interface Field {
  path: string;
  name: string;
  node: SchemaNode;
  required: boolean;
}

export interface Section {
  path: string;
  title?: string;
  description?: string;
  fields: Field[];
}

/** Resolves `#/$defs/x` (and cross-file `file.json#/$defs/x` through `lookup`), merging the field's own keywords over the target's. */
export function resolver(lookup: (ref: string) => SchemaNode | undefined) {
  const resolve = (node: SchemaNode): SchemaNode & { refTitle?: string; refNode?: SchemaNode } => {
    if (!node.$ref) return node;
    const target = lookup(node.$ref);
    if (!target) throw new Error(`unresolved $ref ${node.$ref}`);
    const base = resolve(target);
    const { $ref: _, ...own } = node;
    return { ...base, ...own, refTitle: base.title ?? node.$ref.split("/").pop(), refNode: base };
  };
  return resolve;
}

const isObjectWithFields = (n: SchemaNode) => Boolean(n.properties && Object.keys(n.properties).length);
const mapValue = (n: SchemaNode) => (typeof n.additionalProperties === "object" ? n.additionalProperties : undefined);

export function typeOf(node: SchemaNode, resolve: (n: SchemaNode) => SchemaNode & { refTitle?: string }): string {
  const n = resolve(node);
  const named = (base: string) => (n.refTitle && n.title ? `${base} (${n.refTitle})` : base);
  if (n.type === "array" && n.items) return `list of ${typeOf(n.items, resolve)}`;
  if (n.type === "object" || isObjectWithFields(n)) {
    const value = mapValue(n);
    if (value && !isObjectWithFields(n)) return `map of ${typeOf(value, resolve)}`;
    return named("object");
  }
  if (Array.isArray(n.type)) return n.type.join(" or ");
  if (n.type) return named(n.type);
  if (n.enum) return "one of the values";
  return "any";
}

export function allowedOf(node: SchemaNode, resolve: (n: SchemaNode) => SchemaNode & { refNode?: SchemaNode }): string[] {
  const n = resolve(node);
  const out: string[] = [];
  // Long lists (ISO currencies, countries) would swamp the table: their size and a few, the schema has all.
  if (n.enum && n.enum.length > 24)
    out.push(
      `one of ${n.enum.length} codes, e.g. ${n.enum
        .slice(0, 6)
        .map((v) => code(String(v)))
        .join(", ")}`,
    );
  else if (n.enum) out.push(n.enum.map((v) => code(String(v))).join(", "));
  if (n.const !== undefined) out.push(`exactly ${json(n.const)}`);
  // A field may narrow a shared type (demo hosts must contain 'demo'): both patterns apply.
  const patterns = [n.pattern, n.refNode?.pattern].filter((p, i, all): p is string => Boolean(p) && all.indexOf(p) === i);
  for (const p of patterns) out.push(`pattern ${code(p)}`);
  if (n.minLength !== undefined && n.maxLength !== undefined) out.push(`${n.minLength}–${n.maxLength} characters`);
  else if (n.maxLength !== undefined) out.push(`at most ${n.maxLength} characters`);
  else if (n.minLength) out.push("not empty");
  if (n.minimum !== undefined) out.push(`≥ ${n.minimum}`);
  if (n.maximum !== undefined) out.push(`≤ ${n.maximum}`);
  if (n.minItems) out.push(`at least ${n.minItems} item${n.minItems === 1 ? "" : "s"}`);
  if (n.maxItems !== undefined) out.push(`at most ${n.maxItems} items`);
  if (n.uniqueItems) out.push("no repeats");
  if (n.type === "array" && n.items) {
    const each = allowedOf(n.items, resolve);
    if (each.length) out.push(`each: ${each.join("; ")}`);
  }
  const value = mapValue(n);
  if (value && !isObjectWithFields(n)) {
    if (n.propertyNames) {
      const keys = allowedOf(n.propertyNames, resolve);
      if (keys.length) out.push(`keys: ${keys.join("; ")}`);
    }
    if (n.minProperties) out.push(`at least ${n.minProperties} entr${n.minProperties === 1 ? "y" : "ies"}`);
  }
  return out;
}

export function descriptionOf(node: SchemaNode, resolve: (n: SchemaNode) => SchemaNode & { refNode?: SchemaNode }): string {
  return node.description ?? resolve(node).description ?? "";
}

export function exampleOf(node: SchemaNode, resolve: (n: SchemaNode) => SchemaNode): unknown {
  return node.examples?.[0] ?? resolve(node).examples?.[0];
}

/** Every object of the schema as a section of fields, depth first in the schema's order. */
export function sections(root: SchemaNode, resolve: (n: SchemaNode) => SchemaNode & { refTitle?: string }): Section[] {
  const out: Section[] = [];
  const visit = (node: SchemaNode, path: string, title?: string) => {
    const n = resolve(node);
    if (isObjectWithFields(n)) {
      const required = new Set(n.required ?? []);
      const fields = Object.entries(n.properties ?? {}).map(([name, child]) => ({
        name,
        node: child,
        path: path ? `${path}.${name}` : name,
        required: required.has(name),
      }));
      out.push({ path, title: n.refTitle ?? title, description: n.description, fields });
      for (const f of fields) visit(f.node, f.path);
      return;
    }
    if (n.type === "array" && n.items) visit(n.items, `${path}[]`);
    const value = mapValue(n);
    if (value)
      visit(
        value,
        `${path}.${
          KEY_NAMES[
            path
              .split(/[.[\]]/)
              .filter(Boolean)
              .pop() ?? ""
          ] ?? "<key>"
        }`,
      );
  };
  visit(root, "", root.title);
  return out;
}

export const sectionId = (path: string) =>
  path
    ? path
        .replace(/\[\]/g, "-item")
        .replace(/[^A-Za-z0-9-]+/g, "-")
        .replace(/-+$/, "")
    : "top-level";

export function emitBrandsReference(schema: SchemaNode): string {
  const defs = schema.$defs ?? {};
  const resolve = resolver((ref) => (ref.startsWith("#/$defs/") ? defs[ref.slice("#/$defs/".length)] : undefined));
  const all = sections(schema, resolve);
  const paths = new Set(all.map((s) => s.path));
  const parts: string[] = [
    GENERATED_MD("schema/brands.schema.json"),
    "# brands.yaml reference",
    "",
    prose(schema.description ?? ""),
    "",
    "Every field of `brands.yaml`, generated from `schema/brands.schema.json` (the same schema `gen validate` checks and",
    "editors complete from). Paths use `[]` for the items of a list and `<area>`, `<game>`, `<code>` or `<key>` for the",
    "keys of a map. A field with a default may be left out; the generator fills the default in.",
    "",
    "## Contents",
    "",
    ...all.map((s) => `- [${s.path ? code(s.path) : "Top level"}](#${sectionId(s.path)})${s.title && s.path ? ` — ${s.title}` : ""}`),
  ];
  for (const s of all) {
    parts.push(
      "",
      `<a id="${sectionId(s.path)}"></a>`,
      "",
      `## ${s.path ? code(s.path) : "Top level"}${s.title && s.path ? ` — ${s.title}` : ""}`,
      "",
    );
    if (s.description && s.path) parts.push(prose(s.description), "");
    const rows = s.fields.map((f) => {
      const n = resolve(f.node);
      let type = typeOf(f.node, resolve);
      const child = [f.path, `${f.path}[]`, ...Object.values(KEY_NAMES).map((k) => `${f.path}.${k}`), `${f.path}.<key>`].find(
        (p) => p !== s.path && paths.has(p),
      );
      if (child) type = `[${type}](#${sectionId(child)})`;
      const example = exampleOf(f.node, resolve);
      return [
        `${code(f.path)}${f.required ? " **required**" : ""}`,
        type,
        n.default !== undefined ? json(n.default) : "",
        allowedOf(f.node, resolve).join("; "),
        example !== undefined ? json(example) : "",
        prose(descriptionOf(f.node, resolve)),
      ];
    });
    parts.push(table(["Field", "Type", "Default", "Allowed values", "Example", "Description"], rows));
  }
  return `${parts.join("\n")}\n`;
}
