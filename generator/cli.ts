// The `gen` command line: validate and build brands.yaml. Exit codes: 0 ok, 1 problems, 2 usage.
import { Command, CommanderError, Option } from "commander";
import { type BuildOptions, buildAll } from "./build.ts";
import { type Format, formatDiagnostics } from "./diagnostics.ts";
import { UnreadableFileError } from "./load.ts";
import { validateFile } from "./validate.ts";

export const EXIT = { ok: 0, problems: 1, usage: 2 } as const;

const useColor = () => Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

const stdio: Io = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) };

function formatOption() {
  return new Option("--format <format>", "diagnostics format").choices(["text", "json", "github"]).default("text");
}

export async function main(argv: string[], io: Io = stdio): Promise<number> {
  let code: number = EXIT.ok;
  const program = new Command("gen")
    .description("Validate brands.yaml and compile it into every brand's storefront.")
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showHelpAfterError("(run 'gen --help' for usage)");

  program
    .command("validate")
    .description("Check brands.yaml against the schema and the cross-brand rules; print every problem at once.")
    .argument("[file]", "config file", "brands.yaml")
    .addOption(formatOption())
    .addHelpText(
      "after",
      "\nExamples:\n  gen validate\n  gen validate brands.yaml --format github   # CI annotations\n  gen validate --format json | jq '.[].name'\n\nExit codes: 0 valid, 1 problems found, 2 usage error or unreadable file.",
    )
    .action(async (file: string, opts: { format: Format }) => {
      const result = await validateFile(file);
      const errors = result.diagnostics.filter((d) => d.severity === "error").length;
      const warnings = result.diagnostics.length - errors;
      io.out(formatDiagnostics(result.diagnostics, opts.format, useColor()));
      if (opts.format === "text") {
        const brands = Array.isArray((result.source.data as { brands?: unknown[] } | undefined)?.brands)
          ? (result.source.data as { brands: unknown[] }).brands.length
          : 0;
        io.out(
          errors
            ? `${file}: ${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}\n`
            : `${file}: ${brands} brand${brands === 1 ? "" : "s"} valid${warnings ? `, ${warnings} warning${warnings === 1 ? "" : "s"}` : ""}\n`,
        );
      }
      code = errors ? EXIT.problems : EXIT.ok;
    });

  program
    .command("build")
    .description("Validate, then generate runtime/generated/, bundle the runtime once and write every brand's site to dist/.")
    .argument("[file]", "config file", "brands.yaml")
    .option("--brand <id>", "build only this brand")
    .option("--codegen-only", "only write runtime/generated/ (used by typecheck and dev)")
    .option("--out <dir>", "output folder", "dist")
    .addOption(formatOption())
    .addHelpText(
      "after",
      "\nExamples:\n  gen build\n  gen build --brand aurora\n  gen build --codegen-only\n\nExit codes: 0 built, 1 invalid config or failed build (nothing written to dist/), 2 usage error.",
    )
    .action(async (file: string, opts: BuildOptions & { format: Format }) => {
      code = await buildAll(file, opts, io, useColor());
    });

  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (err instanceof UnreadableFileError) {
      io.err(`gen: ${err.message}\n`);
      return EXIT.usage;
    }
    io.err(`gen: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT.problems;
  }
  return code;
}
