// One `gen validate --strict` of one file, in a process of its own (bench/validate.ts and
// tests/config-limits.test.ts run it): every pass and the text report, and what that took — the
// time, and the memory from the process's resident size once warm to its peak.
import { join } from "node:path";
import { formatValidation, validateFile } from "../core/node/config/validate.ts";

const file = process.argv[2] ?? "";
// Warm, as a `gen validate` that has read nothing yet: modules loaded, validators compiled.
await validateFile(join(import.meta.dirname, "..", "tests", "fixtures", "valid", "minimal.yaml"), { strict: true });
const before = process.memoryUsage().rss;
const started = performance.now();
const result = await validateFile(file, { strict: true });
const report = formatValidation(result, "text");
const ms = performance.now() - started;
const peak = process.resourceUsage().maxRSS * 1024;
console.log(
  JSON.stringify({
    ms,
    growth: peak - before,
    diagnostics: result.diagnostics.length,
    names: [...new Set(result.diagnostics.map((d) => d.name))],
    reportBytes: report.length,
  }),
);
