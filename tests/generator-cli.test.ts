// gen CLI: exit codes, output formats, and a build that writes nothing for an invalid config.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../cli/main.ts";
import type { JsonReport } from "../core/node/config/diagnostics.ts";
import { shouldColor, style } from "../generator/terminal.ts";
import { DEMO_CONFIG } from "./demo-config.ts";

const root = join(import.meta.dirname, "..");
const fixture = (kind: string, name: string) => join(root, "tests", "fixtures", kind, `${name}.yaml`);

async function run(...args: string[]) {
  return runWith({}, ...args);
}

async function runWith(io: { color?: boolean }, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(["node", "gen", ...args], { out: (s) => out.push(s), err: (s) => err.push(s), ...io });
  return { code, out: out.join(""), err: err.join("") };
}

/** The real binary, as a shell runs it (stdout a pipe, not a terminal). */
function spawnGen(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "FORCE_COLOR" && k !== "NO_COLOR"));
  return new Promise((resolve) => {
    execFile(process.execPath, [join(root, "cli", "gen.js"), ...args], { env: { ...clean, ...env }, cwd: root }, (error, stdout) =>
      resolve({ code: typeof error?.code === "number" ? error.code : 0, stdout }),
    );
  });
}

describe("gen validate", () => {
  it("exits 0 with a one-line summary on a valid config", async () => {
    const r = await run("validate", DEMO_CONFIG);
    expect(r.code).toBe(0);
    expect(r.out.trim().split("\n")).toHaveLength(1);
    expect(r.out).toMatch(/demo\.yaml: 5 brands valid/);
  });

  it("exits 1 and prints file:line:col, the name, the pointer and the hint", async () => {
    const file = fixture("invalid", "unknown-area");
    const r = await run("validate", file);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${file}:24:7: error[unknown-value]: 'seaa' is not a sales area\n  at /brands/0/areas/seaa\n`);
    // The code frame: the line marked, the value underlined.
    expect(r.out).toContain("  > 24 |       seaa:\n       |       ^^^^\n");
    expect(r.out).toContain("  hint: did you mean 'sea'?\n");
    expect(r.out).toMatch(/1 error, 0 warnings/);
  });

  it("--brand reports that brand's problems and the file's own, not other brands'", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gen-brand-"));
    symlinkSync(join(dirname(DEMO_CONFIG), "brands"), join(dir, "brands"));
    const file = join(dir, "fixture.yaml");
    const demo = readFileSync(DEMO_CONFIG, "utf8");
    // sakura (the second brand) gets a misspelt default game; the file an empty Huawei client id.
    writeFileSync(
      file,
      demo.replace('huaweiClientId: "104857600"', 'huaweiClientId: ""').replace("defaultGame: moonblade", "defaultGame: moonblad"),
    );
    const names = async (...args: string[]) => {
      const r = await run("validate", file, "--format", "json", ...args);
      return (JSON.parse(r.out) as JsonReport).diagnostics.map((d) => `${d.name} ${d.pointer}`);
    };
    expect(await names()).toEqual(["out-of-range /huaweiClientId", "unknown-default-game /brands/1/defaultGame"]);
    expect(await names("--brand", "aurora")).toEqual(["out-of-range /huaweiClientId"]);
    expect(await names("--brand", "sakura")).toEqual(["out-of-range /huaweiClientId", "unknown-default-game /brands/1/defaultGame"]);
    const text = await run("validate", file, "--brand", "aurora");
    expect([text.code, text.out.split("\n").at(-2)]).toEqual([1, `${file}: 1 error, 0 warnings`]);
  });

  it("--brand with an id the file does not have is a usage error with a suggestion", async () => {
    const r = await run("validate", DEMO_CONFIG, "--brand", "aurra");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/has no brand 'aurra'\n {2}hint: did you mean 'aurora'\?/);
    const valid = await run("validate", DEMO_CONFIG, "--brand", "aurora");
    expect([valid.code, valid.out]).toEqual([0, `${DEMO_CONFIG}: brand 'aurora' valid\n`]);
  });

  it("the shipped example with real domains in place of its .example ones passes --strict", async () => {
    const r = await run("validate", join(root, "tests", "fixtures", "demo", "strict-ready.yaml"), "--strict");
    expect(r.out).toMatch(/strict-ready\.yaml: 5 brands valid \(strict\)\n$/);
    expect(r.code).toBe(0);
  });

  it("prints JSON diagnostics with --format json", async () => {
    const r = await run("validate", fixture("invalid", "many-at-once"), "--format", "json");
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as JsonReport;
    expect(report.version).toBe(1);
    expect(report.summary).toEqual({ errors: 3, warnings: 0, files: 1 });
    expect(report.diagnostics.map((d) => d.name)).toEqual(["unknown-value", "unknown-value", "unknown-default-game"]);
    expect(report.diagnostics[0]).toMatchObject({
      start: { line: 7, column: 15 },
      end: { line: 7, column: 18 },
      pointer: "/brands/0/currency",
      severity: "error",
      hint: "did you mean 'USD'?",
      // A link that works from the project: the generated reference, by the diagnostic's anchor.
      docs: "docs/diagnostics.md#unknown-value",
    });
  });

  it("prints GitHub annotations with --format github", async () => {
    const file = fixture("invalid", "unknown-default-game");
    const r = await run("validate", file, "--format", "github");
    expect(r.code).toBe(1);
    expect(r.out).toBe(
      `::error file=${file},line=38,col=18,endLine=38,endColumn=22,title=unknown-default-game at /brands/0/defaultGame::default game 'alfa' is not in the game table (hint: did you mean 'alpha'?)\n`,
    );
  });

  it("exits 2 for an unreadable file and for a usage error, without a stack trace", async () => {
    const missing = await run("validate", "/nonexistent/fixture.yaml");
    expect(missing.code).toBe(2);
    expect(missing.err).toBe("gen: cannot read /nonexistent/fixture.yaml (ENOENT)\n");
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

describe("an empty file has no brands", () => {
  // 0 bytes, whitespace, a byte-order mark alone, a lone CR: validate and build both say so, exit 1.
  const EMPTY = { zero: "", whitespace: " \n\t\n  ", bom: "\ufeff", cr: "\r", comments: "# the brands\n# nothing yet\n" };
  for (const [kind, text] of Object.entries(EMPTY)) {
    it(`${kind}: gen validate and gen build exit 1 with empty-config`, async () => {
      const dir = mkdtempSync(join(tmpdir(), "gen-empty-"));
      const file = join(dir, "fixture.yaml");
      writeFileSync(file, text);
      const v = await run("validate", file);
      expect(v.code).toBe(1);
      expect(v.out).toContain(`${file}:1:1: error[empty-config]: the file has no brands`);
      expect(v.out).toMatch(/1 error, 0 warnings/);
      const b = await run("build", file, "--out", join(dir, "dist"));
      expect(b.code).toBe(1);
      expect(b.out).toContain("error[empty-config]");
      expect(existsSync(join(dir, "dist"))).toBe(false);
    });
  }
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

  // A machine format's stdout is the report and nothing else: `gen build --format json | jq` must parse.
  for (const format of ["json", "sarif"] as const) {
    it(`--format ${format}: stdout holds only the report, progress goes to stderr (invalid config)`, async () => {
      const out = join(mkdtempSync(join(tmpdir(), "gen-")), "dist");
      const r = await run("build", fixture("invalid", "many-at-once"), "--out", out, "--format", format);
      expect(r.code).toBe(1);
      const report = JSON.parse(r.out);
      if (format === "json") expect(report.summary).toEqual({ errors: 3, warnings: 0, files: 1 });
      else expect(report.runs[0].results).toHaveLength(3);
      expect(r.err).toMatch(/^ {2}validate +3 errors/m);
      expect(r.err).toMatch(/nothing was written/);
    });

    it(`--format ${format}: stdout holds only the report on a valid config (codegen only)`, async () => {
      // The tests' own config (the same brands as the demo): --codegen-only writes the generated modules only.
      const r = await run("build", DEMO_CONFIG, "--codegen-only", "--format", format);
      expect(r.code).toBe(0);
      const report = JSON.parse(r.out);
      if (format === "json") expect(report.summary.errors).toBe(0);
      else expect(report.runs[0].results.filter((x: { level: string }) => x.level === "error")).toEqual([]);
      expect(r.err).toMatch(/^ {2}validate +\d+ brands valid/m);
      expect(r.err).toMatch(/^ {2}codegen /m);
    });
  }

  it("refuses an unknown --brand with a usage error", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "gen-")), "dist");
    const r = await run("build", DEMO_CONFIG, "--brand", "nobody", "--out", out);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no brand 'nobody'/);
    expect(existsSync(out)).toBe(false);
  });
});

describe("every command", () => {
  const commands = ["validate", "build", "new-brand", "locales", "docs", "dev", "preview", "deploy-config"];
  /** The commands that report problems, in text, JSON or GitHub annotations. */
  const reporting = ["validate", "build", "new-brand", "locales", "docs"];

  it("has --help with examples and exit codes, exit 0", async () => {
    const root = await run("--help");
    expect(root.code).toBe(0);
    for (const c of commands) expect(root.out).toMatch(new RegExp(`\\n  ${c} `));
    expect(root.out).toMatch(/Examples:/);
    for (const c of commands) {
      const r = await run(c, "--help");
      expect(r.code, c).toBe(0);
      expect(r.out, c).toMatch(new RegExp(`Usage: gen ${c} `));
      expect(r.out, c).toMatch(/\nExamples:\n {2}gen /);
      expect(r.out, c).toMatch(/Exit codes: 0 .*2 usage/s);
    }
  });

  it("exits 2 on an unknown option or a bad --format, with a hint and no stack trace", async () => {
    for (const c of commands) {
      const unknown = await run(c, "--frobnicate");
      expect(unknown.code, c).toBe(2);
      expect(unknown.err, c).toMatch(/unknown option '--frobnicate'/);
      expect(unknown.err, c).toMatch(/run 'gen --help' for usage|gen .* --help/);
      expect(unknown.err, c).not.toMatch(/at .*\.ts:\d+/);
    }
    for (const c of reporting) {
      const format = await run(c, "--format", "xml");
      expect(format.code, c).toBe(2);
      expect(format.err, c).toMatch(/argument 'xml' is invalid. Allowed choices are text, json, github/);
    }
    expect((await run()).code).toBe(2);
  });
});

describe("colour", () => {
  it("is on for a terminal, off for a pipe; NO_COLOR turns it off and FORCE_COLOR decides over both", () => {
    const tty = { isTTY: true };
    const pipe = { isTTY: false };
    expect(shouldColor(tty, {})).toBe(true);
    expect(shouldColor(pipe, {})).toBe(false);
    expect(shouldColor(tty, { NO_COLOR: "1" })).toBe(false);
    expect(shouldColor(tty, { NO_COLOR: "" })).toBe(true);
    expect(shouldColor(tty, { TERM: "dumb" })).toBe(false);
    expect(shouldColor(pipe, { FORCE_COLOR: "1" })).toBe(true);
    expect(shouldColor(pipe, { FORCE_COLOR: "" })).toBe(true);
    expect(shouldColor(tty, { FORCE_COLOR: "0" })).toBe(false);
    expect(shouldColor(tty, { FORCE_COLOR: "false" })).toBe(false);
    expect(shouldColor(pipe, { FORCE_COLOR: "1", NO_COLOR: "1" })).toBe(true);
    expect(style(false).red("x")).toBe("x");
    expect(style(true).red("x")).toBe("\u001b[31mx\u001b[39m");
  });

  it("colours diagnostics only when the output is coloured", async () => {
    const file = fixture("invalid", "unknown-area");
    const plain = await runWith({ color: false }, "validate", file);
    expect(plain.out).not.toContain("\u001b[");
    const coloured = await runWith({ color: true }, "validate", file);
    expect(coloured.out).toContain("\u001b[31merror\u001b[0m[unknown-value]");
    expect(coloured.out.replace(new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, "g"), "")).toBe(plain.out);
  });

  it("the binary: no colour into a pipe, colour with FORCE_COLOR, none with NO_COLOR", async () => {
    const file = fixture("invalid", "unknown-area");
    const [piped, forced, off] = await Promise.all([
      spawnGen({}, "validate", file),
      spawnGen({ FORCE_COLOR: "1" }, "validate", file),
      spawnGen({ NO_COLOR: "1" }, "locales", "--dir", join(root, "tests", "fixtures", "locales-gaps")),
    ]);
    expect(piped.code).toBe(1);
    expect(piped.stdout).toContain("error[unknown-value]");
    expect(piped.stdout).not.toContain("\u001b[");
    expect(forced.stdout).toContain("\u001b[31merror");
    expect(off.code).toBe(0);
    expect(off.stdout).toContain("ms     1 missing");
    expect(off.stdout).not.toContain("\u001b[");
  });
});
