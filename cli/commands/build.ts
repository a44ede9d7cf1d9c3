// `gen build`: the command line of generator/build.ts.
import type { Command } from "commander";
import type { Format } from "../../core/node/config/diagnostics.ts";
import { type BuildOptions, buildAll } from "../../generator/build.ts";
import type { Done, Io } from "../io.ts";
import { formatOption } from "./options.ts";

export function buildCommand(program: Command, io: Io, done: Done): Command {
  const colorOn = () => io.color ?? false;
  return program
    .command("build")
    .description("Validate, then generate runtime/generated/, bundle the runtime once and write every brand's site to dist/.")
    .argument("[file]", "config file", "brands.yaml")
    .option("--brand <id>", "build only this brand")
    .option("--codegen-only", "only write runtime/generated/ (used by typecheck and dev)")
    .option("--out <dir>", "output folder", "dist")
    .addOption(formatOption({ sarif: true }))
    .addHelpText(
      "after",
      "\nExamples:\n  gen build\n  gen build --brand aurora\n  gen build --codegen-only\n\nExit codes: 0 built, 1 invalid config or failed build (nothing written to dist/), 2 usage error.",
    )
    .action(async (file: string, opts: BuildOptions & { format: Format }) => {
      done(await buildAll(file, opts, io, colorOn()));
    });
}
