// gen locales: gaps against English with their locations, --strict, the three formats, bad input.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../cli/main.ts";

const root = join(import.meta.dirname, "..");
const gaps = join(root, "tests", "fixtures", "locales-gaps");
const invalid = join(root, "tests", "fixtures", "locales-invalid");
const ms = join("tests", "fixtures", "locales-gaps", "ms.json");

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const code = await main(["node", "gen", "locales", ...args], { out: (s) => out.push(s), err: (s) => err.push(s) });
    return { code, out: out.join(""), err: err.join("") };
  } finally {
    process.chdir(cwd);
  }
}

describe("gen locales", () => {
  it("lists missing, empty and extra keys per language with their place in the file, and passes without --strict", async () => {
    const r = await run("--dir", gaps);
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
    expect(r.out).toBe(
      [
        "de     complete",
        "ms     1 missing, 2 empty, 1 extra",
        `       missing home.welcome  ${ms}:6:3  English: "Welcome back"`,
        `       empty   common.cancel  ${ms}:4:5  English: "Cancel"`,
        `       empty   footer  ${ms}:10:3  English: "All rights reserved"`,
        `       extra   home.banner  ${ms}:8:5`,
        "2 languages against en (5 keys): 1 language with problems; 1 missing, 2 empty, 1 extra (use --strict to fail on them)",
        "",
      ].join("\n"),
    );
  });

  it("fails with --strict when any language has a gap, and passes on complete files", async () => {
    expect((await run("--dir", gaps, "--strict")).code).toBe(1);
    expect((await run("--dir", gaps, "--strict", "--lang", "de")).code).toBe(0);
    const repo = await run("--strict");
    expect(repo.code).toBe(0);
    expect(repo.out).toMatch(/^17 languages against en \(\d+ keys\): all complete\n$/m);
  });

  it("prints JSON with --format json", async () => {
    const r = await run("--dir", gaps, "--format", "json");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report).toMatchObject({ reference: "en", keys: 5, problems: 4 });
    expect(report.languages).toEqual([
      { language: "de", file: join("tests", "fixtures", "locales-gaps", "de.json"), keys: 5, missing: [], empty: [], extra: [] },
      {
        language: "ms",
        file: ms,
        keys: 5,
        missing: [{ key: "home.welcome", line: 6, column: 3, english: "Welcome back" }],
        empty: [
          { key: "common.cancel", line: 4, column: 5, english: "Cancel" },
          { key: "footer", line: 10, column: 3, english: "All rights reserved" },
        ],
        extra: [{ key: "home.banner", line: 8, column: 5 }],
      },
    ]);
  });

  it("prints GitHub annotations: warnings, or errors with --strict", async () => {
    const r = await run("--dir", gaps, "--format", "github", "--lang", "ms");
    expect(r.out.split("\n")[0]).toBe(
      `::warning file=${ms},line=6,col=3,title=locale-missing home.welcome::ms has no 'home.welcome' (English: "Welcome back")`,
    );
    expect(r.out.trim().split("\n")).toHaveLength(4);
    const strict = await run("--dir", gaps, "--format", "github", "--strict");
    expect(strict.code).toBe(1);
    expect(strict.out).toMatch(/^::error file=.*ms\.json,line=4,col=5,title=locale-empty common\.cancel::ms: 'common\.cancel' is empty/m);
    expect(strict.out).not.toContain("::warning");
  });

  it("expects each plural key in the language's own forms: Russian's few, Japanese's other alone, Arabic's six", async () => {
    const r = await run("--dir", join(root, "tests", "fixtures", "locales-plurals"));
    const ja = join("tests", "fixtures", "locales-plurals", "ja.json");
    const ru = join("tests", "fixtures", "locales-plurals", "ru.json");
    expect(r.out).toBe(
      [
        "ar     complete",
        "ja     1 extra",
        `       extra   event.streak_one  ${ja}:4:5`,
        "ru     1 missing",
        // English has no 'few': the English shown is its plural, the form it uses for 2, 3 and 4.
        `       missing event.streak_few  ${ru}:2:3  English: "{{count}} days in a row"`,
        "3 languages against en (3 keys): 2 languages with problems; 1 missing, 0 empty, 1 extra (use --strict to fail on them)",
        "",
      ].join("\n"),
    );
  });

  it("fails on a file that is not valid JSON, with its line, even without --strict", async () => {
    const r = await run("--dir", invalid);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^es {5}invalid {2}tests\/fixtures\/locales-invalid\/es\.json:4:3: not valid JSON/);
    expect(r.out).toMatch(/1 invalid file/);
    const gh = await run("--dir", invalid, "--format", "github");
    expect(gh.out).toMatch(
      /^::error file=tests\/fixtures\/locales-invalid\/es\.json,line=4,col=3,title=locale-invalid::es: not valid JSON/,
    );
  });

  it("exits 2 for an unknown language, a missing folder or a folder without English", async () => {
    const unknown = await run("--dir", gaps, "--lang", "xx");
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/no locale file for 'xx'/);
    const missing = await run("--dir", "/nonexistent/locales");
    expect(missing.code).toBe(2);
    expect(missing.err).toBe("gen: cannot read the locales folder /nonexistent/locales (ENOENT)\n");
    const noEnglish = await run("--dir", join(root, "tests", "fixtures", "invalid"));
    expect(noEnglish.code).toBe(2);
    expect(noEnglish.err).toMatch(/en\.json \(ENOENT\): English is the reference/);
    expect((await run("--format", "xml")).code).toBe(2);
  });
});
