// docs/diagnostics.md: every diagnostic `gen validate` can report, from the catalogue
// (core/node/config/catalogue.ts) — what happened, why it matters, how to fix it, an example. JSON
// diagnostics link to these entries by name; SARIF rules carry the same text.
import { type CatalogueEntry, catalogue } from "../../core/node/config/catalogue.ts";
import { cell, GENERATED_MD, prose } from "./markdown.ts";

const GROUPS: [string, (name: string, e: CatalogueEntry) => boolean][] = [
  ["YAML", (name) => name.startsWith("yaml-") || ["duplicate-key", "empty-config", "alias-amplification"].includes(name)],
  ["Before a deploy (`--strict`)", (_name, e) => e.strict === true],
  [
    "Schema",
    (name) =>
      [
        "missing-property",
        "unknown-property",
        "unknown-value",
        "wrong-type",
        "number-for-string",
        "bad-format",
        "out-of-range",
        "duplicate-item",
        "schema-violation",
      ].includes(name),
  ],
  ["Across fields and brands", () => true],
];

export function emitDiagnosticsReference(): string {
  const entries = Object.entries(catalogue) as [string, CatalogueEntry][];
  const placed = new Set<string>();
  const sections: string[] = [];
  for (const [title, belongs] of GROUPS) {
    const mine = entries.filter(([name, e]) => !placed.has(name) && belongs(name, e));
    for (const [name] of mine) placed.add(name);
    sections.push(
      `## ${title}\n\n${mine
        .map(
          ([name, e]) =>
            `### ${name}\n\n**${e.severity}** — ${prose(e.title)}\n\n` +
            `**Why it matters.** ${prose(e.why)}\n\n**How to fix.** ${prose(e.fix)}${e.hint ? `\n\n**Hint shown.** ${prose(e.hint)}` : ""}\n\n` +
            `Example:\n\n\`\`\`yaml\n${e.example.trimEnd()}\n\`\`\`\n`,
        )
        .join("\n")}`,
    );
  }
  const index = entries
    .map(([name, e]) => `| [\`${name}\`](#${name}) | ${e.severity}${e.strict ? " (strict)" : ""} | ${cell(prose(e.title))} |`)
    .join("\n");
  return (
    `${GENERATED_MD("core/node/config/catalogue.ts", "the catalogue in core/node/config/catalogue.ts")}\n# Diagnostics of \`gen validate\`\n\n` +
    "Every problem `gen validate` (and `gen build`, `gen dev`, `gen preview`, `gen new-brand`, `gen deploy-config`) reports " +
    "has a permanent name. Errors stop the build; warnings do not, except under `gen validate --strict`, which also " +
    "reports the pre-deploy checks. In `--format json` each diagnostic's `docs` field links to its entry here " +
    "(`docs/diagnostics.md#<name>`, from the repository root); in `--format sarif` each rule's `help` carries the entry's text, " +
    "which GitHub code scanning shows with the alert.\n\n" +
    `| name | severity | what happened |\n|---|---|---|\n${index}\n\n${sections.join("\n")}`
  );
}
