// gen CLI: exit codes, output formats, and a build that writes nothing for an invalid config.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../generator/cli.ts";

const root = join(import.meta.dirname, "..");
const fixture = (kind: string, name: string) => join(root, "tests", "fixtures", kind, `${name}.yaml`);

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(["node", "gen", ...args], { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join(""), err: err.join("") };
}

describe("gen validate", () => {
  it("exits 0 with a one-line summary on a valid config", async () => {
    const r = await run("validate", join(root, "brands.yaml"));
    expect(r.code).toBe(0);
    expect(r.out.trim().split("\n")).toHaveLength(1);
    expect(r.out).toMatch(/brands\.yaml: 5 brands valid/);
  });

  it("exits 1 and prints file:line:col, the name, the pointer and the hint", async () => {
    const file = fixture("invalid", "unknown-area");
    const r = await run("validate", file);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      `${file}:24:7: error[unknown-value]: 'seaa' is not a sales area\n  at /brands/0/areas/seaa\n  hint: did you mean 'sea'?\n`,
    );
    expect(r.out).toMatch(/1 error, 0 warnings/);
  });

  it("prints JSON diagnostics with --format json", async () => {
    const r = await run("validate", fixture("invalid", "many-at-once"), "--format", "json");
    expect(r.code).toBe(1);
    const list = JSON.parse(r.out) as { name: string; line: number; column: number; pointer: string; severity: string }[];
    expect(list.map((d) => d.name)).toEqual(["bad-format", "unknown-value", "unknown-default-game"]);
    expect(list[0]).toMatchObject({ line: 7, column: 15, pointer: "/brands/0/currency", severity: "error" });
  });

  it("prints GitHub annotations with --format github", async () => {
    const file = fixture("invalid", "unknown-default-game");
    const r = await run("validate", file, "--format", "github");
    expect(r.code).toBe(1);
    expect(r.out).toBe(
      `::error file=${file},line=38,col=18,title=unknown-default-game at /brands/0/defaultGame::default game 'alfa' is not in the game table (hint: did you mean 'alpha'?)\n`,
    );
  });

  it("exits 2 for an unreadable file and for a usage error, without a stack trace", async () => {
    const missing = await run("validate", "/nonexistent/brands.yaml");
    expect(missing.code).toBe(2);
    expect(missing.err).toBe("gen: cannot read /nonexistent/brands.yaml (ENOENT)\n");
    const usage = await run("validate", "--format", "xml");
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/argument 'xml' is invalid/);
    expect(usage.err).not.toMatch(/at .*\.ts:\d+/);
    expect((await run("frobnicate")).code).toBe(2);
  });

  it("never throws on malformed input", async () => {
    for (const name of ["yaml-syntax", "not-an-object", "duplicate-key"]) {
      const r = await run("validate", fixture("invalid", name));
      expect(r.code).toBe(1);
      expect(r.err).toBe("");
    }
  });
});

describe("gen build", () => {
  it("writes nothing when the config is invalid", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "gen-")), "dist");
    const r = await run("build", fixture("invalid", "many-at-once"), "--out", out);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/error\[unknown-value\]/);
    expect(r.err).toMatch(/nothing was written/);
    expect(existsSync(out)).toBe(false);
  });

  it("refuses an unknown --brand with a usage error", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "gen-")), "dist");
    const r = await run("build", join(root, "brands.yaml"), "--brand", "nobody", "--out", out);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no brand 'nobody'/);
    expect(existsSync(out)).toBe(false);
  });
});
