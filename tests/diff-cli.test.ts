// `gen diff` on the command line: its three formats, its exit codes (0; 1 with --fail-on risky; 2 on
// usage errors), and a base taken from a git revision of a repository made in the test, icons
// included. The config is tests/fixtures/diff/shop.yaml; the runtime's bundle is a stand-in except
// in one run through `main`, which bundles it for real.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../cli/main.ts";
import type { DiffReport } from "../generator/diff/changes.ts";
import { MARKDOWN_MARKER } from "../generator/diff/render.ts";
import { runDiff } from "../generator/diff/run.ts";
import type { BundleInfo } from "../generator/model.ts";

const FIXTURE = join(import.meta.dirname, "fixtures", "diff");
const SHOP = join(FIXTURE, "shop.yaml");
const BUNDLE: BundleInfo = { entry: "/assets/main-test.js", preloads: [], css: ".sf-app{display:flex}", locales: {}, early: "window.x=1;" };
const deps = { bundle: async () => BUNDLE };

/** A copy of the fixture in a folder of its own, with one line changed. */
function edited(from: string, to: string): string {
  const dir = mkdtempSync(join(tmpdir(), "gen-diff-cli-"));
  cpSync(FIXTURE, dir, { recursive: true });
  const file = join(dir, "shop.yaml");
  writeFileSync(file, readFileSync(file, "utf8").replace(from, to));
  return file;
}

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) }, out: () => out.join(""), err: () => err.join("") };
}

async function gen(...args: string[]) {
  const { io, out, err } = capture();
  const code = await main(["node", "gen", ...args], io);
  return { code, out: out(), err: err() };
}

const risky = () => edited("languages: [en, de, fr]", "languages: [en, de]");
const harmless = () => edited("name: South Play", "name: South Play Ltd");

describe("gen diff: formats", () => {
  it("text: a summary, then each brand's changes, risky ones marked", async () => {
    const { io, out } = capture();
    await runDiff(risky(), SHOP, { format: "text" }, io, deps);
    const lines = out().split("\n");
    expect(lines[0]).toMatch(/^gen diff: .*shop\.yaml against .*shop\.yaml$/);
    expect(lines[1]).toBe("1 brand changed (north); 1 risky change (players can lose by it).");
    expect(lines).toContain("  ! risky: language removed: fr in area universal");
    expect(lines).toContain("north");
  });

  it("markdown: ready for a pull request's comment, a table per brand, risky rows flagged", async () => {
    const { io, out } = capture();
    await runDiff(risky(), SHOP, { format: "markdown" }, io, deps);
    const md = out();
    expect(md.startsWith(`${MARKDOWN_MARKER}\n### \`gen diff\`: `)).toBe(true);
    expect(md).toContain("⚠️ 1 brand changed (north); 1 risky change");
    expect(md).toContain("#### north\n\n| | change | what | before | after |\n|---|---|---|---|---|\n");
    expect(md).toContain("| ⚠️ risky | language removed | fr in area universal |  |  |");
  });

  it("json: the whole report, parseable, with the summary", async () => {
    const { io, out } = capture();
    await runDiff(risky(), SHOP, { format: "json" }, io, deps);
    const report = JSON.parse(out()) as DiffReport & { summary: string };
    expect(report.risky).toBe(1);
    expect(report.brands).toEqual({ changed: ["north"], added: [], removed: [] });
    expect(report.changes.find((c) => c.risky)).toEqual({
      brand: "north",
      kind: "language-removed",
      subject: "fr in area universal",
      risky: true,
    });
    expect(report.summary).toMatch(/^1 brand changed/);
  });
});

describe("gen diff: exit codes", () => {
  it("0 without --fail-on, 1 with --fail-on risky when a change is risky, 0 when none is", async () => {
    const quiet = capture().io;
    expect(await runDiff(risky(), SHOP, { format: "text" }, quiet, deps)).toBe(0);
    expect(await runDiff(risky(), SHOP, { format: "text", failOn: "risky" }, quiet, deps)).toBe(1);
    expect(await runDiff(harmless(), SHOP, { format: "text", failOn: "risky" }, quiet, deps)).toBe(0);
  });

  it("1 when a side is invalid, with its diagnostics", async () => {
    const { io, err } = capture();
    expect(await runDiff(edited("currency: EUR", "currency: EURO"), SHOP, { format: "text" }, io, deps)).toBe(1);
    expect(err()).toContain("the config");
    expect(err()).toContain("is invalid: nothing to compare");
  });

  it("2 for a base that is neither a file nor a revision, a bad format, or no base at all", async () => {
    const unknown = await gen("diff", "no-such-revision-or-file", SHOP);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("'no-such-revision-or-file' is neither a file nor a revision of this git repository");
    expect((await gen("diff", SHOP, SHOP, "--format", "html")).code).toBe(2);
    expect((await gen("diff", SHOP, SHOP, "--fail-on", "anything")).code).toBe(2);
    expect((await gen("diff")).code).toBe(2);
    expect((await gen("diff", "--help")).code).toBe(0);
  });

  it("through the command line, bundling the runtime for real: the same config changes nothing a player sees (exit 0)", async () => {
    const run = await gen("diff", SHOP, SHOP, "--format", "markdown", "--fail-on", "risky");
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(run.out).toContain("This changes nothing a player sees: the two configs build the same sites.");
  }, 120_000);
});

/** A git repository with the fixture under config/, committed after a first commit without it. */
function repository(): { dir: string; file: string; git: (...args: string[]) => string } {
  const dir = mkdtempSync(join(tmpdir(), "gen-diff-git-"));
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false", ...args], {
      cwd: dir,
      encoding: "utf8",
    });
  git("init", "-q");
  writeFileSync(join(dir, "README"), "a store\n");
  git("add", ".");
  git("commit", "-qm", "first");
  mkdirSync(join(dir, "config"));
  cpSync(FIXTURE, join(dir, "config"), { recursive: true });
  git("add", ".");
  git("commit", "-qm", "the config");
  return { dir, file: join(dir, "config", "shop.yaml"), git };
}

describe("gen diff: a git revision as the base", () => {
  it("takes the config and its icons at that revision: a changed icon and a removed language show", async () => {
    const { dir, file, git } = repository();
    const icon = join(dir, "config", "brands", "north.svg");
    writeFileSync(icon, readFileSync(icon, "utf8").replace("#1d4ed8", "#1e40af"));
    writeFileSync(file, readFileSync(file, "utf8").replace("languages: [en, de, fr]", "languages: [en, de]"));
    const { io, out } = capture();
    expect(await runDiff(file, "HEAD", { format: "json" }, io, deps)).toBe(0);
    const report = JSON.parse(out()) as DiffReport;
    const head = git("rev-parse", "--short=7", "HEAD").trim();
    expect(report.base).toBe(`HEAD:config/shop.yaml (${head})`);
    expect(report.changes.map((c) => `${c.brand} ${c.kind}`)).toEqual(
      expect.arrayContaining(["north icon-changed", "north language-removed"]),
    );
    // The working copy itself is untouched by the comparison.
    expect(git("status", "--porcelain")).toBe(" M config/brands/north.svg\n M config/shop.yaml\n");
  });

  it("says so when the config is not at that revision, or git is not installed (exit 2)", async () => {
    const { file } = repository();
    const before = await gen("diff", "HEAD~1", file);
    expect(before.code).toBe(2);
    expect(before.err).toMatch(/config\/shop\.yaml does not exist at HEAD~1 \([0-9a-f]{7}\)/);
    const path = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      const noGit = await gen("diff", "HEAD", file);
      expect(noGit.code).toBe(2);
      expect(noGit.err).toContain("git is not installed (or not on PATH): give the base as a file instead");
    } finally {
      process.env.PATH = path;
    }
  });
});
