// What a config may cost (core/node/config/budget.ts): any file up to 10 MB is accepted or refused
// within 300 MB of memory, each shape (bench/config-shapes.ts) measured in a process of its own; no
// diagnostic echoes more than 200 characters of the operator's text. The time each takes is the
// bench's (npm run bench:validate), not a test's.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { CONFIG_SHAPES, MB } from "../bench/config-shapes.ts";
import { syntheticConfig } from "../bench/synthetic.ts";
import { formatValidation, validateText } from "../core/node/config/validate.ts";

const minimal = readFileSync(join(import.meta.dirname, "fixtures", "valid", "minimal.yaml"), "utf8");
const edit = (from: string, to: string) => minimal.replace(from, to);

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "sf-limits-"));

describe("a config of 10 MB", () => {
  for (const [shape, make] of Object.entries(CONFIG_SHAPES)) {
    it(`${shape}: accepted or refused within 300 MB`, async () => {
      const file = join(dir, "fixture.yaml");
      const text = make();
      expect(text.length).toBeGreaterThan(9.5 * MB);
      expect(text.length).toBeLessThanOrEqual(10 * MB);
      writeFileSync(file, text);
      const { stdout } = await run(
        process.execPath,
        ["--import", "tsx", join(import.meta.dirname, "..", "bench", "validate-once.ts"), file],
        {
          maxBuffer: 16 * MB,
        },
      );
      const measured = JSON.parse(stdout) as { growth: number; diagnostics: number; reportBytes: number };
      expect(measured.growth).toBeLessThan(300 * MB);
      // A report a person can read: at most the first 1,000 problems, each shown in a few lines.
      expect(measured.diagnostics).toBeLessThanOrEqual(1001);
      expect(measured.reportBytes).toBeLessThan(2 * MB);
    }, 60_000);
  }
});

describe("no diagnostic echoes more than 200 characters of the operator's text", () => {
  /** Every key and value an operator writes, made 100,000 characters long, each of its own letter. */
  const letters = "bcdfghjkmnpqrvwz";
  const huge = (i: number) => (letters[i % letters.length] ?? "q").repeat(100_000);
  const texts = [
    edit("name: Minimal Games", `name: ${huge(0)}`)
      .replace("currency: USD", `currency: ${huge(1)}`)
      .replace("privacy: https://minimal.example/privacy", `privacy: https://${huge(2)}.example/privacy`)
      .replace("production: [pay.minimal.example]", `production: [${huge(3)}.example, ${huge(4)}demo.example]`)
      .replace("primary: https://api.minimal.example", `primary: http://${huge(5)}-staging.example`)
      .replace("languages: [en, th]", `languages: [en, ${huge(6)}]`)
      .replace("defaultLanguage: en", `defaultLanguage: ${huge(7)}`)
      .replace("loginClientId: min-login", `loginClientId: ${huge(8)}`)
      .replace("appId: minimal-web", `appId: ${huge(9)}-placeholder`)
      .replace("      alpha:", `      ${huge(10)}:`)
      .replace("    defaultGame: alpha", `    defaultGame: ${huge(11)}\n    ${huge(12)}: 1\n    title: "${huge(13)}\n    icon: x"`),
    edit("      sea:\n", `      ${huge(14)}:\n`),
    `${huge(15)}: [\n`,
  ];

  for (const [i, text] of texts.entries()) {
    it(`in every format, file ${i + 1}`, () => {
      const result = validateText("fixture.yaml", text, { strict: true });
      expect(result.diagnostics.length).toBeGreaterThan(0);
      for (const format of ["text", "json", "github", "sarif"] as const) {
        const out = formatValidation(result, format);
        for (const letter of letters) expect(out, `${format}: '${letter}'`).not.toContain(letter.repeat(201));
      }
    });
  }
});

describe("a YAML problem in a file over 1 MB", () => {
  // The yaml package, which names each problem, reads the entry that holds the first one (with the
  // top-level key above it), not the whole file (core/node/config/yaml-problems.ts).
  const big = syntheticConfig(1000).split("\n");
  const line = big.findIndex((l) => l.includes("id: brand0500")) + 2;
  const withLine = (extra: string) => [...big.slice(0, line - 1), extra, ...big.slice(line - 1)].join("\n");

  it("is named and placed as in a small file", () => {
    expect(withLine("").length).toBeGreaterThan(2 * MB);
    const duplicate = validateText("fixture.yaml", withLine("    name: Twice")).diagnostics;
    expect(duplicate.map((d) => `${d.name} ${d.line}:${d.column} ${d.message}`)).toEqual([
      `duplicate-key ${line + 1}:5 duplicate key 'name'`,
    ]);
    const tab = validateText("fixture.yaml", withLine("\tname: Tab")).diagnostics;
    expect(tab.map((d) => `${d.name} ${d.line}:${d.column}`)).toEqual([`yaml-tab-indent ${line}:1`]);
  });
});
