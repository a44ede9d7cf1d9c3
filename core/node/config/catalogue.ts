// Every diagnostic `gen validate` can report, with its permanent name, severity, default hint and its
// documentation (what happened, why it matters, how to fix it, an example), from which
// docs/diagnostics.md is generated. A name never changes once released: CI scripts and links use it.
import { RULE_DIAGNOSTICS } from "./catalogue-rules.ts";
import { SCHEMA_DIAGNOSTICS } from "./catalogue-schema.ts";
import { STRICT_DIAGNOSTICS } from "./catalogue-strict.ts";
import { YAML_DIAGNOSTICS } from "./catalogue-yaml.ts";

export type { CatalogueEntry, Severity } from "./catalogue-entry.ts";

/** Every diagnostic, in the order docs/diagnostics.md lists them: the file, the schema, the rules, --strict. */
export const catalogue = { ...YAML_DIAGNOSTICS, ...SCHEMA_DIAGNOSTICS, ...RULE_DIAGNOSTICS, ...STRICT_DIAGNOSTICS } as const;

export type DiagnosticName = keyof typeof catalogue;
