// Small files: no hand-written source file over 300 lines (a file that needs a table of contents wants
// splitting), tests and fixtures aside; a file of data or a table may be longer when its first
// lines say so ("this file is data" or "this file is a table"). Functions over 80 lines are Biome's noExcessiveLinesPerFunction
// (biome.json), in `npm run lint`.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const MAX_LINES = 300;

const sources = execFileSync("git", ["ls-files", "*.ts", "*.tsx", "*.js", "*.cjs", "*.mjs", "*.css", "*.sh", "*.hbs"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter((f) => f && !/^(tests|e2e)\//.test(f));

describe("hand-written source files", () => {
  it(`are at most ${MAX_LINES} lines, unless they say at their top that they are data or a table`, () => {
    const long = sources.flatMap((file) => {
      const lines = readFileSync(join(root, file), "utf8").split("\n");
      const declared = /this file is (data|a table)\b/i.test(lines.slice(0, 5).join(" "));
      return lines.length > MAX_LINES && !declared ? [`${file}: ${lines.length} lines`] : [];
    });
    expect(sources.length).toBeGreaterThan(300);
    expect(long).toEqual([]);
  });
});
