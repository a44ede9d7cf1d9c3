// SARIF 2.1.0 (GitHub code scanning, IDEs): each result linked to its rule, each rule carrying its
// whole catalogue entry.
import { type CatalogueEntry, catalogue, type DiagnosticName } from "./catalogue.ts";
import { type Diagnostic, docsLink } from "./diagnostic.ts";

// Code scanning shows a rule's `help` as it is, so it carries the whole catalogue entry: no URL to
// follow (a relative one would not resolve there).
const helpText = (name: DiagnosticName, e: CatalogueEntry) =>
  [
    e.title,
    `Why it matters: ${e.why}`,
    `How to fix: ${e.fix}`,
    ...(e.hint ? [`Hint: ${e.hint}`] : []),
    `Example:\n${e.example.trimEnd()}`,
    `Documented in ${docsLink(name)} of the repository.`,
  ].join("\n\n");
const helpMarkdown = (name: DiagnosticName, e: CatalogueEntry) =>
  [
    `**${e.title}**`,
    e.why,
    `**How to fix:** ${e.fix}`,
    ...(e.hint ? [`**Hint:** ${e.hint}`] : []),
    `Example:\n\n\`\`\`yaml\n${e.example.trimEnd()}\n\`\`\``,
    `Documented in \`${docsLink(name)}\` of the repository.`,
  ].join("\n\n");

export function sarifLog(list: Diagnostic[]) {
  const names = [...new Set(list.map((d) => d.name))].sort();
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "gen validate",
            rules: names.map((name) => {
              const e: CatalogueEntry = catalogue[name];
              return {
                id: name,
                name: name.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase()),
                shortDescription: { text: e.title },
                fullDescription: { text: `${e.title} ${e.why}` },
                help: { text: helpText(name, e), markdown: helpMarkdown(name, e) },
                defaultConfiguration: { level: e.severity },
              };
            }),
          },
        },
        results: list.map((d) => ({
          ruleId: d.name,
          ruleIndex: names.indexOf(d.name),
          level: d.severity,
          message: { text: d.hint ? `${d.message} (hint: ${d.hint})` : d.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: d.file.split(/[\\/]/).map(encodeURIComponent).join("/") },
                region: {
                  startLine: Math.max(1, d.line),
                  startColumn: Math.max(1, d.column),
                  endLine: Math.max(1, d.endLine ?? d.line),
                  endColumn: Math.max(1, d.endColumn ?? d.column + 1),
                },
              },
              ...(d.pointer ? { logicalLocations: [{ fullyQualifiedName: d.pointer, kind: "member" }] } : {}),
            },
          ],
        })),
      },
    ],
  };
}
