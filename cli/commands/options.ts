// Options several commands share.
import { Option } from "commander";

/**
 * `--format`, the same for every command that reports problems: text, json or github (workflow
 * annotations); the commands that report config diagnostics also speak SARIF (code scanning).
 */
export function formatOption(opts: { sarif?: boolean } = {}): Option {
  const formats = ["text", "json", "github", ...(opts.sarif ? ["sarif"] : [])];
  return new Option(
    "--format <format>",
    `output format: ${formats.slice(0, -1).join(", ")}, or ${formats.at(-1)}${opts.sarif ? " (SARIF 2.1.0)" : " (workflow annotations)"}`,
  )
    .choices(formats)
    .default("text");
}
