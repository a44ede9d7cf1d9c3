// Options several commands share.
import { Option } from "commander";

/** `--format text|json|github`, the same for every command that reports problems. */
export function formatOption(): Option {
  return new Option("--format <format>", "output format: text, json, or github (workflow annotations)")
    .choices(["text", "json", "github"])
    .default("text");
}
