// `gen validate`: every problem of brands.yaml at once, in text, JSON or CI annotations.
import type { Command } from "commander";
import { type Format, formatDiagnostics } from "../../core/config/diagnostics.ts";
import { validateFile } from "../../core/config/validate.ts";
import { plural } from "../../generator/terminal.ts";
import { type Done, EXIT, type Io } from "../io.ts";
import { formatOption } from "./options.ts";

export function validateCommand(program: Command, io: Io, done: Done): Command {
  const colorOn = () => io.color ?? false;
  return program
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
      io.out(formatDiagnostics(result.diagnostics, opts.format, colorOn()));
      if (opts.format === "text") {
        const brands = Array.isArray((result.source.data as { brands?: unknown[] } | undefined)?.brands)
          ? (result.source.data as { brands: unknown[] }).brands.length
          : 0;
        io.out(
          errors
            ? `${file}: ${plural(errors, "error")}, ${plural(warnings, "warning")}\n`
            : `${file}: ${plural(brands, "brand")} valid${warnings ? `, ${plural(warnings, "warning")}` : ""}\n`,
        );
      }
      done(errors ? EXIT.problems : EXIT.ok);
    });
}
