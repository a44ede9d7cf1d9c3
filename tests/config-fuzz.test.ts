// gen validate on any input: mutated and random files give diagnostics, never a crash, a hang or a
// stack trace (fast-check, seeded, so a failure replays).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { main } from "../cli/main.ts";
import { catalogue } from "../core/node/config/catalogue.ts";
import { formatDiagnostics } from "../core/node/config/diagnostics.ts";
import { validateText } from "../core/node/config/validate.ts";

const minimal = readFileSync(join(import.meta.dirname, "fixtures", "valid", "minimal.yaml"), "utf8");

/** Characters that mean something to YAML, to a parser or to a terminal. */
const SPECIAL = [
  ":",
  "-",
  " ",
  "\n",
  "\r",
  "\t",
  "{",
  "}",
  "[",
  "]",
  "&",
  "*",
  "!",
  "#",
  "'",
  '"',
  "|",
  ">",
  "%",
  "@",
  "`",
  "\0",
  "\ufeff",
  "\u202e",
  "1e400",
  "0x1F",
  "~",
  "<<: *a",
  "é",
  "語",
];

/** The minimal config with up to 8 edits: a run of characters removed, or something inserted. */
const mutated = fc
  .array(
    fc.record({
      at: fc.nat({ max: minimal.length }),
      remove: fc.nat({ max: 12 }),
      insert: fc.oneof(fc.constantFrom(...SPECIAL), fc.string({ maxLength: 6 }), fc.constant("")),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((edits) => edits.reduce((text, e) => text.slice(0, e.at) + e.insert + text.slice(e.at + e.remove), minimal));

function wellFormed(text: string): void {
  const result = validateText("fuzz.yaml", text);
  for (const d of result.diagnostics) {
    expect(catalogue[d.name], d.name).toBeDefined();
    expect(d.line).toBeGreaterThanOrEqual(1);
    expect(d.column).toBeGreaterThanOrEqual(1);
    expect(d.message.length).toBeLessThan(2000);
  }
  // A config comes back exactly when nothing is an error.
  expect(result.config !== undefined).toBe(!result.diagnostics.some((d) => d.severity === "error"));
  for (const format of ["text", "json", "github", "sarif"] as const) {
    expect(formatDiagnostics(result.diagnostics, format, { sources: new Map([["fuzz.yaml", text]]) })).not.toMatch(
      /\n\s+at .+\(.+:\d+:\d+\)/,
    );
  }
}

describe("gen validate on any input", () => {
  it("mutations of a valid config: diagnostics with names and places, never an exception", () => {
    fc.assert(fc.property(mutated, wellFormed), { seed: 20261125, numRuns: 400 });
  });

  it("arbitrary text, unicode included: the same", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), wellFormed), { seed: 20261125, numRuns: 300 });
  });

  it("the command line answers every one of them with exit 0 or 1 and no stack trace", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sf-fuzz-"));
    const file = join(dir, "fixture.yaml");
    const texts = fc.sample(mutated, { seed: 7, numRuns: 25 });
    for (const text of [...texts, "\0\0\0", "\u00ff".repeat(10_000), `a: ${"[".repeat(5000)}`]) {
      writeFileSync(file, text);
      const out: string[] = [];
      const err: string[] = [];
      const code = await main(["node", "gen", "validate", file], { out: (s) => out.push(s), err: (s) => err.push(s) });
      expect([0, 1], JSON.stringify(text.slice(0, 80))).toContain(code);
      expect(err.join("")).toBe("");
      expect(out.join("")).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
    }
  });
});
