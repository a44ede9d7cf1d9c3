// `npm run bench:validate`: how long `gen validate --strict` takes on each 10 MB shape of
// bench/config-shapes.ts (each in a process of its own, median of 3), and the memory it took; the
// bound is 5 s and 300 MB on the machine the figures are taken on (docs/performance.md).
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CONFIG_SHAPES, MB } from "./config-shapes.ts";

interface Measured {
  ms: number;
  growth: number;
  names: string[];
}

const tmp = join(import.meta.dirname, ".tmp", "validate");
mkdirSync(tmp, { recursive: true });
const rows: string[] = [];
const results: Record<string, unknown>[] = [];
try {
  for (const [shape, make] of Object.entries(CONFIG_SHAPES)) {
    const file = join(tmp, "brands.yaml");
    const text = make();
    writeFileSync(file, text);
    const runs: Measured[] = [0, 1, 2].map(
      () =>
        JSON.parse(
          execFileSync(process.execPath, ["--import", "tsx", join(import.meta.dirname, "validate-once.ts"), file], {
            encoding: "utf8",
            maxBuffer: 16 * MB,
          }),
        ) as Measured,
    );
    const sorted = [...runs].sort((a, b) => a.ms - b.ms);
    const median = sorted[1] ?? sorted[0];
    const peak = Math.max(...runs.map((r) => r.growth));
    results.push({ shape, bytes: text.length, ms: median?.ms, growthBytes: peak, diagnostics: median?.names });
    rows.push(
      `| ${shape} | ${(text.length / MB).toFixed(1)} MB | ${((median?.ms ?? 0) / 1000).toFixed(2)} s | ${Math.round(peak / MB)} MB | ${(median?.names ?? []).join(", ") || "none (valid)"} |`,
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
console.log("| shape | size | gen validate --strict (median of 3) | memory (peak over warm) | diagnostics |");
console.log("| --- | --- | --- | --- | --- |");
for (const row of rows) console.log(row);
console.log(JSON.stringify(results));
