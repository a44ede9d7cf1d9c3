// The `gen` command line: every command, its options, help and exit codes (0 ok, 1 problems, 2 usage).
// Commands do their work in the generator (validate, build, new-brand, locales, docs, deploy-config)
// or here, where the sandbox is assembled (dev, preview).
import { Command, CommanderError } from "commander";
import { UnreadableFileError } from "../core/node/config/load.ts";
import { DeployUsageError } from "../generator/deploy.ts";
import { UsageError } from "../generator/io.ts";
import { PlatformConfigError } from "../server/platform.ts";
import { buildCommand } from "./commands/build.ts";
import { deployConfigCommand } from "./commands/deploy-config.ts";
import { diffCommand } from "./commands/diff.ts";
import { docsCommand } from "./commands/docs.ts";
import { localesCommand } from "./commands/locales.ts";
import { newBrandCommand } from "./commands/new-brand.ts";
import { registerDev, registerPreview } from "./commands/serve.ts";
import { validateCommand } from "./commands/validate.ts";
import { verifyCommand } from "./commands/verify.ts";
import { EXIT, type Io, stdio } from "./io.ts";

export { EXIT, type Io } from "./io.ts";

export async function main(argv: string[], io: Io = stdio): Promise<number> {
  let code: number = EXIT.ok;
  const colorOn = () => io.color ?? false;
  const done = (c: number) => {
    code = c;
  };
  const program = new Command("gen")
    .description("Validate brands.yaml and compile it into every brand's storefront.")
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showHelpAfterError("(run 'gen --help' for usage)")
    .addHelpText(
      "after",
      "\nExamples:\n  gen validate                      # check brands.yaml\n  gen new-brand nova                # add a brand skeleton\n  gen build                         # every brand into dist/\n  gen validate --format github      # CI annotations\n\nEvery command has --help with its own examples. Colour only on a terminal (NO_COLOR turns it off,\nFORCE_COLOR on). Exit codes: 0 ok, 1 problems found, 2 usage error or unreadable file.",
    );

  validateCommand(program, io, done);
  buildCommand(program, io, done);
  deployConfigCommand(program, io, done);
  diffCommand(program, io, done);
  verifyCommand(program, io, done);
  newBrandCommand(program.command("new-brand"), io, done);
  localesCommand(program.command("locales"), io, done);
  docsCommand(program.command("docs"), io, done);
  registerDev(program, io, colorOn, done);
  registerPreview(program, io, colorOn, done);

  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (
      err instanceof UnreadableFileError ||
      err instanceof DeployUsageError ||
      err instanceof UsageError ||
      err instanceof PlatformConfigError
    ) {
      io.err(`gen: ${err.message}\n`);
      return EXIT.usage;
    }
    io.err(`gen: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT.problems;
  }
  return code;
}
