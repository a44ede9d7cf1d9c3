// `gen validate`: every problem of brands.yaml at once, in text, JSON, CI annotations or SARIF;
// `--strict` for CI before a deploy, `--brand` for the brand being onboarded.
import type { Command } from "commander";
import { DIAGNOSTICS_DOC, didYouMean, type Format, listHint } from "../../core/node/config/diagnostics.ts";
import { formatValidation, type ValidationResult, validateFile } from "../../core/node/config/validate.ts";
import { plural } from "../../generator/terminal.ts";
import { type Done, EXIT, type Io } from "../io.ts";
import { formatOption } from "./options.ts";

const HELP = [
  "",
  "Examples:",
  "  gen validate",
  "  gen validate --strict                      # before a deploy",
  "  gen validate --strict --brand nova         # the brand being onboarded, and the file's own problems",
  "  gen validate brands.yaml --format github   # CI annotations",
  "  gen validate --format sarif > gen.sarif    # GitHub code scanning",
  "  gen validate --format json | jq '.diagnostics[].name'",
  "",
  `Every diagnostic name is explained in ${DIAGNOSTICS_DOC}.`,
  "",
  "Exit codes: 0 valid, 1 problems found (with --strict: warnings too), 2 usage error, unknown --brand or unreadable file.",
].join("\n");

interface ValidateOptions {
  format: Format;
  strict?: boolean;
  brand?: string;
}

/** The brand ids of a parsed file (none when it did not parse). */
function brandIds(result: ValidationResult): string[] {
  const brands = (result.source.data as { brands?: unknown } | undefined)?.brands;
  return (Array.isArray(brands) ? brands : []).flatMap((b) => {
    const id = (b as { id?: unknown } | null)?.id;
    return typeof id === "string" ? [id] : [];
  });
}

/** The last line of the text format: what was checked, and whether it passed. */
function summary(file: string, result: ValidationResult, opts: ValidateOptions): string {
  const errors = result.diagnostics.filter((d) => d.severity === "error").length;
  const warnings = result.diagnostics.length - errors;
  const strict = Boolean(opts.strict);
  if (errors > 0 || (strict && warnings > 0))
    return `${file}: ${plural(errors, "error")}, ${plural(warnings, "warning")}${strict && !errors ? " (--strict fails on warnings)" : ""}\n`;
  const what = opts.brand ? `brand '${opts.brand}'` : plural(brandIds(result).length, "brand");
  return `${file}: ${what} valid${strict ? " (strict)" : ""}${warnings ? `, ${plural(warnings, "warning")}` : ""}\n`;
}

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
    .option("--brand <id>", "report only this brand's problems and the file's own (its YAML and top-level keys)")
    .addOption(formatOption({ sarif: true }))
    .addHelpText("after", HELP)
    .action(async (file: string, opts: ValidateOptions) => {
      const result = await validateFile(file, { strict: Boolean(opts.strict), ...(opts.brand ? { brand: opts.brand } : {}) });
      const ids = brandIds(result);
      if (opts.brand && result.source.data !== undefined && !ids.includes(opts.brand)) {
        io.err(`gen validate: ${file} has no brand '${opts.brand}'\n  hint: ${didYouMean(opts.brand, ids) ?? listHint(ids)}\n`);
        return done(EXIT.usage);
      }
      io.out(formatValidation(result, opts.format, colorOn()));
      const errors = result.diagnostics.filter((d) => d.severity === "error").length;
      const failed = errors > 0 || (Boolean(opts.strict) && result.diagnostics.length > errors);
      if (opts.format === "text") io.out(summary(file, result, opts));
      done(failed ? EXIT.problems : EXIT.ok);
    });
}
