// `gen docs`: the command line of generator/docs.ts.
import type { Command } from "commander";
import { type DocsOptions, runDocs } from "../../generator/docs.ts";
import type { Done, Io } from "../io.ts";
import { formatOption } from "./options.ts";

export function docsCommand(cmd: Command, io: Io, done: Done): Command {
  return cmd
    .description(
      "Write docs/brands-reference.md and docs/api.md from the schemas and docs/diagnostics.md from the diagnostic catalogue, or check that they are up to date.",
    )
    .option("--check", "write nothing; exit 1 when a committed file differs from what the schemas give (CI)")
    .option("--out <dir>", "docs folder (default: docs/ of this repository)")
    .addOption(formatOption())
    .addHelpText(
      "after",
      `
The three files are generated: edit schema/brands.schema.json or schema/api/*.json (descriptions,
examples), or core/node/config/catalogue.ts (every diagnostic's name, hint, why, fix and example, which
becomes docs/diagnostics.md), then run gen docs and commit the result. A test runs gen docs --check.

Examples:
  gen docs
  gen docs --check --format github

Exit codes: 0 written or up to date, 1 out of date (--check), 2 usage error.`,
    )
    .action(async (opts: DocsOptions) => {
      done(await runDocs(opts, io));
    });
}
