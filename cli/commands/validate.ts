// `gen validate`: every problem of brands.yaml at once, in text, JSON, CI annotations or SARIF;
// `--strict` for CI before a deploy.
import type { Command } from "commander";
import { DIAGNOSTICS_DOC, type Format } from "../../core/node/config/diagnostics.ts";
import { formatValidation, validateFile } from "../../core/node/config/validate.ts";
import { plural } from "../../generator/terminal.ts";
import { type Done, EXIT, type Io } from "../io.ts";
import { formatOption } from "./options.ts";

export function validateCommand(program: Command, io: Io, done: Done): Command {
  const colorOn = () => io.color ?? false;
  return program
    .command("validate")
    .description("Check brands.yaml against the schema and the cross-brand rules; print every problem at once.")
    .argument("[file]", "config file", "brands.yaml")
    .option(
      "--strict",
      "also fail on warnings, on TODO markers gen new-brand left and on placeholder (.example) values: for CI before a deploy",
    )
    .addOption(formatOption({ sarif: true }))
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  gen validate",
        "  gen validate --strict                      # before a deploy",
        "  gen validate brands.yaml --format github   # CI annotations",
        "  gen validate --format sarif > gen.sarif    # GitHub code scanning",
        "  gen validate --format json | jq '.diagnostics[].name'",
        "",
        `Every diagnostic name is explained in ${DIAGNOSTICS_DOC}.`,
        "",
        "Exit codes: 0 valid, 1 problems found (with --strict: warnings too), 2 usage error or unreadable file.",
      ].join("\n"),
    )
    .action(async (file: string, opts: { format: Format; strict?: boolean }) => {
      const strict = Boolean(opts.strict);
      const result = await validateFile(file, { strict });
      const errors = result.diagnostics.filter((d) => d.severity === "error").length;
      const warnings = result.diagnostics.length - errors;
      io.out(formatValidation(result, opts.format, colorOn()));
      const failed = errors > 0 || (strict && warnings > 0);
      if (opts.format === "text") {
        const brands = Array.isArray((result.source.data as { brands?: unknown[] } | undefined)?.brands)
          ? (result.source.data as { brands: unknown[] }).brands.length
          : 0;
        io.out(
          failed
            ? `${file}: ${plural(errors, "error")}, ${plural(warnings, "warning")}${strict && !errors ? " (--strict fails on warnings)" : ""}\n`
            : `${file}: ${plural(brands, "brand")} valid${strict ? " (strict)" : ""}${warnings ? `, ${plural(warnings, "warning")}` : ""}\n`,
        );
      }
      done(failed ? EXIT.problems : EXIT.ok);
    });
}
