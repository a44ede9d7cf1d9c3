// gen validate --format sarif: a SARIF 2.1.0 log that Microsoft's published schema (rtm.5, the OASIS
// standard GitHub code scanning takes) accepts, each result linked to its rule and its docs entry.
import { createRequire } from "node:module";
import { join } from "node:path";
import AjvDraft04 from "ajv-draft-04";
import { describe, expect, it } from "vitest";
import { catalogue } from "../core/node/config/catalogue.ts";
import { formatDiagnostics } from "../core/node/config/diagnostics.ts";
import { validateFile } from "../core/node/config/validate.ts";

// The schema as Microsoft publishes it (draft-04, hence ajv-draft-04; one of its patterns is no valid
// unicode regexp, hence unicodeRegExp off), from its SARIF test package.
const require = createRequire(import.meta.url);
const sarifSchema = require("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json") as object;
const validateSarif = new AjvDraft04({ allErrors: true, strict: false, validateFormats: false, unicodeRegExp: false }).compile(sarifSchema);
const expectValidSarif = (log: unknown) => {
  validateSarif(log);
  expect(validateSarif.errors ?? []).toEqual([]);
};

interface SarifLog {
  version: string;
  runs: {
    tool: {
      driver: {
        rules: { id: string; helpUri?: string; help: { text: string; markdown: string }; defaultConfiguration: { level: string } }[];
      };
    };
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      locations: { physicalLocation: { region: { startLine: number; endColumn: number } } }[];
    }[];
  }[];
}

const fixtures = join(import.meta.dirname, "fixtures", "invalid");

describe("SARIF", () => {
  it("is valid SARIF 2.1.0, with a rule per diagnostic name carrying its catalogue entry", async () => {
    const result = await validateFile(join(fixtures, "many-at-once.yaml"));
    const text = formatDiagnostics(result.diagnostics, "sarif");
    const log = JSON.parse(text) as SarifLog;
    expectValidSarif(log);
    const run = log.runs[0];
    expect(run?.results.map((r) => r.ruleId)).toEqual(["unknown-value", "unknown-value", "unknown-default-game"]);
    for (const r of run?.results ?? []) {
      const rule = run?.tool.driver.rules[r.ruleIndex];
      expect(rule?.id).toBe(r.ruleId);
      // Code scanning shows `help` as it is: the catalogue's text, no link to a site that may not exist.
      const entry = catalogue[r.ruleId as keyof typeof catalogue];
      for (const part of [entry.title, entry.why, entry.fix]) {
        expect(rule?.help.text).toContain(part);
        expect(rule?.help.markdown).toContain(part);
      }
      expect(rule?.help.markdown).toContain(`\`\`\`yaml\n${entry.example}`);
      expect(rule?.help.markdown).toContain(`docs/diagnostics.md#${r.ruleId}`);
      expect(rule?.helpUri).toBeUndefined();
      expect(r.level).toBe(catalogue[r.ruleId as keyof typeof catalogue].severity);
    }
    expect(run?.results[0]?.locations[0]?.physicalLocation.region).toMatchObject({
      startLine: 7,
      startColumn: 15,
      endLine: 7,
      endColumn: 18,
    });
  });

  it("names no unreachable host: no link to a reserved domain anywhere in the log", async () => {
    const result = await validateFile(join(fixtures, "many-at-once.yaml"));
    const text = formatDiagnostics(result.diagnostics, "sarif");
    expect(text).not.toMatch(/https?:\/\/[^"\s]*\.example\b/);
  });

  it("an empty run (a valid config) is valid SARIF too", () => {
    const log = JSON.parse(formatDiagnostics([], "sarif"));
    expectValidSarif(log);
    expect(log.runs[0].results).toEqual([]);
  });
});
