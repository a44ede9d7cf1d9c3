// docs/operators.md matches the commands: its command table against every command's `--help`
// (commands, arguments, options, their placeholders and choices), and its description of
// `gen validate --format json` against a real report.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../cli/main.ts";

const root = join(import.meta.dirname, "..");
const guide = readFileSync(join(root, "docs", "operators.md"), "utf8");

async function gen(...args: string[]): Promise<string> {
  const out: string[] = [];
  await main(["node", "gen", ...args], { out: (s) => out.push(s), err: (s) => out.push(s) });
  return out.join("");
}

interface Documented {
  /** The arguments, as `[file]`, `[id] [file]`. */
  args: string;
  /** Each option with its placeholder (`<id>`) or its choices (`text|json`), or "" for a switch. */
  options: Map<string, string>;
}

/** The command reference table: `| \`gen validate [file]\` | what | \`--strict\`, \`--format a\|b\` |`. */
function documentedCommands(): Map<string, Documented> {
  const section = guide.slice(guide.indexOf("## Command reference"));
  const rows = section.split("\n").filter((line) => line.startsWith("| `gen "));
  return new Map(
    rows.map((row) => {
      const [command = "", , options = ""] = row
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim());
      const [, name = "", args = ""] = /^`gen ([\w-]+) ?(.*)`$/.exec(command) ?? [];
      const flags = [...options.matchAll(/`(--[\w-]+)(?: ([^`]+))?`/g)].map(
        ([, flag = "", value = ""]) => [flag, value.replace(/\\\|/g, "|")] as const,
      );
      return [name, { args, options: new Map(flags) }];
    }),
  );
}

/** A command as its `--help` describes it. */
async function helpOf(name: string): Promise<Documented> {
  const help = await gen(name, "--help");
  const usage = new RegExp(`^Usage: gen ${name} \\[options\\] ?(.*)$`, "m").exec(help)?.[1] ?? "";
  const start = help.indexOf("\nOptions:\n");
  const optionsPart = help.slice(start, help.indexOf("\n\n", start + 1));
  const options = new Map<string, string>();
  for (const [, flag = "", value = "", rest = ""] of optionsPart.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)(?: (<[^>]+>))?(.*(?:\n {4,}.*)*)/gm)) {
    if (flag === "--help") continue;
    const choices = /\(choices: ([^)]*?)(?:, default|\))/.exec(rest.replace(/\s+/g, " "))?.[1];
    options.set(flag, choices ? choices.replace(/"/g, "").split(", ").join("|") : value);
  }
  return { args: usage.trim(), options };
}

describe("docs/operators.md's command table", () => {
  const documented = documentedCommands();

  it("lists every command gen has, and only those", async () => {
    const help = await gen("--help");
    const commands = [...help.matchAll(/^ {2}([\w-]+) \[options\]/gm)].map(([, name]) => name);
    expect(commands.length).toBeGreaterThan(5);
    expect([...documented.keys()].sort()).toEqual([...commands].sort());
  });

  it("gives each command its arguments and every option with its placeholder or choices, as --help does", async () => {
    for (const [name, doc] of documented) {
      const help = await helpOf(name);
      expect(doc.args, name).toBe(help.args);
      expect(Object.fromEntries(doc.options), name).toEqual(Object.fromEntries(help.options));
    }
  });
});

describe("docs/operators.md's description of gen validate --format json", () => {
  /** Keys and value types, recursively; a list by its first item. */
  const shape = (value: unknown): unknown => {
    if (Array.isArray(value)) return [shape(value[0])];
    if (value && typeof value === "object")
      return Object.fromEntries(
        Object.entries(value)
          .map(([k, v]) => [k, shape(v)])
          .sort(),
      );
    return typeof value;
  };

  it("shows a report of the shape a real one has", async () => {
    const block = /prints one JSON object[\s\S]*?```json\n([\s\S]*?)```/.exec(guide)?.[1] ?? "";
    const example = JSON.parse(block) as Record<string, unknown>;
    const real = JSON.parse(
      await gen("validate", join(root, "tests", "fixtures", "invalid", "unknown-default-game.yaml"), "--format", "json"),
    );
    expect(shape(example)).toEqual(shape(real));
    expect([example.version, example.tool]).toEqual([real.version, real.tool]);
  });
});
