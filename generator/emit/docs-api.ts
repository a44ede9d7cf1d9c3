// docs/api.md from the API contract (schema/api/): every call's method, paths, login need,
// parameters, answer and error codes, the shared types, and every error code.
import type { CallSpec, Contract } from "../../core/node/contract/contract-model.ts";
import { apiIntroduction } from "./docs-api-prose.ts";
import { allowedOf, resolver, type SchemaNode } from "./docs-brands.ts";
import { code, prose, table } from "./markdown.ts";

type Resolved = SchemaNode & { refTitle?: string; refNode?: SchemaNode };

const AUTH: Record<CallSpec["auth"], string> = {
  none: "not needed",
  optional: "optional (`oauth_token` is used when valid)",
  required: "required (`oauth_token`; -600 without a valid one)",
};

interface Row {
  path: string;
  node: SchemaNode;
  required: boolean;
}

/** How the contract's schemas read in the docs: types, flattened field rows, field tables. */
function schemaView(contract: Contract) {
  const defs = (contract.common.$defs ?? {}) as Record<string, SchemaNode>;
  const defKey = (ref: string) => /^(?:common\.json)?#\/\$defs\/(.+)$/.exec(ref)?.[1];
  const resolve = resolver((ref) => {
    const key = defKey(ref);
    return key ? defs[key] : undefined;
  }) as (n: SchemaNode) => Resolved;
  const isObject = (n: SchemaNode) => n.type === "object" || Boolean(n.properties);
  /** Shared object types get their own section; fields link to it instead of repeating it. */
  const sharedObject = (n: SchemaNode) => {
    const key = n.$ref ? defKey(n.$ref) : undefined;
    return key && defs[key] && isObject(defs[key]) ? key : undefined;
  };
  const typeLink = (key: string) => `[${defs[key]?.title ?? key}](#type-${key.toLowerCase()})`;

  const typeOf = (node: SchemaNode): string => {
    const shared = sharedObject(node);
    if (shared) return typeLink(shared);
    const n = resolve(node);
    if (n.type === "array" && n.items) return `list of ${typeOf(n.items)}`;
    if (isObject(n)) {
      const value = typeof n.additionalProperties === "object" ? n.additionalProperties : undefined;
      if (value && !n.properties) return `map of ${typeOf(value)}`;
      return "object";
    }
    const base = Array.isArray(n.type) ? n.type.join(" or ") : (n.type ?? (n.enum ? "enum" : "any"));
    return n.refTitle ? `${base} (${n.refTitle})` : base;
  };

  /** An object's fields, nested objects and lists of objects flattened into dotted paths. */
  const rows = (node: SchemaNode, prefix = ""): Row[] => {
    const n = resolve(node);
    const required = new Set(n.required ?? []);
    return Object.entries(n.properties ?? {}).flatMap(([name, child]) => {
      const path = `${prefix}${name}`;
      const own: Row = { path, node: child, required: required.has(name) };
      if (sharedObject(child)) return [own];
      const c = resolve(child);
      if (isObject(c) && c.properties) return [own, ...rows(c, `${path}.`)];
      if (c.type === "array" && c.items && !sharedObject(c.items) && resolve(c.items).properties) {
        return [own, ...rows(c.items, `${path}[].`)];
      }
      const value = typeof c.additionalProperties === "object" ? c.additionalProperties : undefined;
      if (value && !sharedObject(value) && resolve(value).properties) return [own, ...rows(value, `${path}.<key>.`)];
      return [own];
    });
  };

  const descriptionText = (node: SchemaNode) => prose(node.description ?? resolve(node).description ?? "");
  const fieldTable = (list: Row[], withAllowed: boolean) =>
    withAllowed
      ? table(
          ["Name", "Type", "Required", "Allowed values", "Description"],
          list.map((r) => [
            code(r.path),
            typeOf(r.node),
            r.required ? "yes" : "",
            allowedOf(r.node, resolve).join("; "),
            descriptionText(r.node),
          ]),
        )
      : table(
          ["Field", "Type", "Required", "Description"],
          list.map((r) => [code(r.path), typeOf(r.node), r.required ? "yes" : "", descriptionText(r.node)]),
        );
  return { defs, isObject, sharedObject, typeLink, rows, fieldTable };
}

type SchemaView = ReturnType<typeof schemaView>;

const anchorOf = (call: CallSpec) => `call-${call.name.toLowerCase()}`;

/** One call's section: method and paths, login, idempotency, parameters, answer, errors. */
function callSection(call: CallSpec, view: SchemaView, errorLine: (c: string) => string): string[] {
  const parts = ["", `<a id="${anchorOf(call)}"></a>`, "", `### ${call.name}`, "", prose(call.summary), ""];
  parts.push(
    call.paths.length === 1
      ? `- **${call.method}** ${code(call.paths[0] ?? "")}`
      : `- **${call.method}** on any of: ${call.paths.map((p) => code(p)).join(", ")}`,
    `- **Login**: ${AUTH[call.auth]}`,
    ...(call.idempotent ? ["- **Idempotent**: send an `Idempotency-Key` header; a repeat answers the first answer (see above)"] : []),
  );
  const request = view.rows(call.request);
  parts.push("", `**Parameters** (${call.method === "GET" ? "query string" : "JSON body"})`, "");
  parts.push(request.length ? view.fieldTable(request, true) : "None besides the common ones.");
  const shared = view.sharedObject(call.response as SchemaNode);
  parts.push("", "**Answer** (`content`)", "");
  if (shared) parts.push(`A ${view.typeLink(shared)}.`);
  else {
    const answer = view.rows(call.response as SchemaNode);
    parts.push(answer.length ? view.fieldTable(answer, false) : "Nothing (`content` is null or an empty object).");
  }
  const own = call.errors ?? [];
  const codes = [...(call.auth === "required" ? ["-600"] : []), ...own.filter((c) => c !== "-600")];
  parts.push("", "**Errors**", "");
  parts.push(codes.length ? codes.map((c) => `- ${errorLine(c)}`).join("\n") : "Only those of every call.");
  return parts;
}

export function emitApiReference(contract: Contract): string {
  const view = schemaView(contract);
  const errors = contract.errors;
  const errorLine = (c: string) => `${code(c)} ${errors[c]?.name ?? "?"}: ${errors[c]?.message ?? ""}`;
  const byFile = new Map<string, CallSpec[]>();
  for (const call of contract.calls) byFile.set(call.file, [...(byFile.get(call.file) ?? []), call]);
  const fileDescription = (file: string) => (contract.descriptions[file] ?? file).split(". ")[0]?.replace(/\.$/, "") ?? file;

  const parts: string[] = [...apiIntroduction(errorLine), "## Contents", ""];
  for (const [file, calls] of byFile) {
    parts.push(`- ${prose(fileDescription(file))} (${code(`schema/api/${file}`)})`);
    for (const call of calls) parts.push(`  - [${call.name}](#${anchorOf(call)}) — ${code(`${call.method} ${call.paths[0]}`)}`);
  }
  parts.push("- [Shared types](#shared-types)", "- [Error codes](#error-codes)");
  for (const [file, calls] of byFile) {
    parts.push("", `## ${prose(fileDescription(file))}`, "", `From ${code(`schema/api/${file}`)}.`);
    for (const call of calls) parts.push(...callSection(call, view, errorLine));
  }
  parts.push("", "## Shared types", "", "Objects several calls answer with, from `schema/api/common.json`.");
  for (const [key, def] of Object.entries(view.defs)) {
    if (!view.isObject(def) || key === "Envelope") continue;
    parts.push("", `<a id="type-${key.toLowerCase()}"></a>`, "", `### ${def.title ?? key}`, "");
    if (def.description) parts.push(prose(def.description), "");
    parts.push(view.fieldTable(view.rows(def), false));
  }
  parts.push(
    "",
    "## Error codes",
    "",
    "Every code of `schema/api/errors.json`. What the storefront does for each is one table, `runtime/lib/api/error-actions.ts`.",
    "",
  );
  parts.push(
    table(
      ["Code", "Name", "Message"],
      Object.entries(errors).map(([c, e]) => [code(c), e.name, e.message]),
    ),
  );
  return `${parts.join("\n")}\n`;
}
