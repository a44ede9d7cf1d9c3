// `gen diff`: the command line of generator/diff/run.ts, loaded only when it runs (every other
// command starts without the comparison and its bundler).
import { type Command, Option } from "commander";
import type { DiffOptions } from "../../generator/diff/run.ts";
import type { Done, Io } from "../io.ts";

export function diffCommand(program: Command, io: Io, done: Done): Command {
  return program
    .command("diff")
    .description(
      "Compare the config with a base (a file, or a git revision such as origin/main) after validation and resolution: what changes for each brand's players and operators, risky changes marked.",
    )
    .argument("<base>", "the config to compare with: a file, or a git revision (its brands.yaml and icons are taken with git show)")
    .argument("[file]", "config file", "brands.yaml")
    .addOption(
      new Option("--format <format>", "output format: text, markdown (a pull request's comment, a CI step summary) or json")
        .choices(["text", "markdown", "json"])
        .default("text"),
    )
    .addOption(new Option("--fail-on <what>", "exit 1 when a change of this kind is present").choices(["risky"]))
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  gen diff origin/main                          # what this branch's brands.yaml changes",
        '  gen diff HEAD~1 --format markdown >> "$GITHUB_STEP_SUMMARY"',
        "  gen diff old-brands.yaml brands.yaml --format json | jq '.changes[] | select(.risky)'",
        "  gen diff origin/main --fail-on risky          # CI: stop a risky change until someone approves it",
        "",
        "Risky: a production host or a brand removed or moved, a language, area, payment region, game, route or",
        "client id removed, a production platform origin or a currency changed, a page over its byte budget.",
        'See docs/operators.md, "Review a change: gen diff".',
        "",
        "Exit codes: 0 compared, 1 a side is invalid or (with --fail-on risky) a risky change, 2 usage error",
        "(no such file or revision, git missing, bad option).",
      ].join("\n"),
    )
    .action(async (base: string, file: string, opts: DiffOptions) => {
      done(await (await import("../../generator/diff/run.ts")).runDiff(file, base, opts, io, undefined, io.color ?? false));
    });
}
