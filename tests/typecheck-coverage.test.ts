// `npm run typecheck` sees every TypeScript file of the repository: a type error anywhere (a command
// line entry point, a script) fails it. The fixtures and snapshots are data, checked where they are used.
import { execFileSync } from "node:child_process";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const tsc = join(root, "node_modules", "typescript-7", "bin", "tsc");

const tracked = execFileSync("git", ["ls-files", "*.ts", "*.tsx", "*.mts", "*.cts"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((f) => f && !/^tests\/(fixtures|__snapshots__)\//.test(f));

describe("npm run typecheck", () => {
  it("covers every TypeScript file of the repository", () => {
    const listed = new Set(
      execFileSync(process.execPath, [tsc, "-p", "tsconfig.json", "--listFilesOnly"], { cwd: root, encoding: "utf8" })
        .split("\n")
        .filter(Boolean)
        .map((f) => relative(root, f)),
    );
    expect(tracked.length).toBeGreaterThan(400);
    expect(tracked.filter((f) => !listed.has(f))).toEqual([]);
    expect(listed.has("cli/start.ts") && listed.has("scripts/gallery.ts")).toBe(true);
  });
});
