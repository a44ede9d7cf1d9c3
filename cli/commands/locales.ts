// `gen locales`: the command line of generator/locales.ts.
import type { Command } from "commander";
import { type LocalesOptions, runLocales } from "../../generator/locales.ts";
import type { Done, Io } from "../io.ts";
import { formatOption } from "./options.ts";

export function localesCommand(cmd: Command, io: Io, done: Done): Command {
  return cmd
    .description("Compare every language file with English: missing keys, empty strings, and keys English does not have.")
    .option("--dir <folder>", "locales folder (default: locales/ of this repository)")
    .option("--lang <list>", "only these languages, comma-separated")
    .option("--strict", "exit 1 when any language has a missing, empty or extra key (for CI)")
    .addOption(formatOption())
    .addHelpText(
      "after",
      `
Empty strings are shown in English at run time (the build fills them), so they are reported but
do not fail without --strict; a file that is not valid JSON always fails.

Examples:
  gen locales
  gen locales --lang ms,pl
  gen locales --strict --format github      # CI: annotations on the locale files, exit 1 on any gap
  gen locales --format json | jq '.languages[] | {language, missing: (.missing | length)}'

Exit codes: 0 complete (or gaps without --strict), 1 gaps with --strict or an invalid file, 2 usage
error or unreadable folder.`,
    )
    .action(async (opts: LocalesOptions) => {
      done(await runLocales(opts, io));
    });
}
