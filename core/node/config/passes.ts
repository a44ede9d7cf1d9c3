// The passes of a check, in order, within what a check may cost (./budget.ts): brands too large to
// check are refused unread, and each pass stops between brands once there are enough errors.
import { ErrorBudget, oversized, stoppedEarly } from "./budget.ts";
import type { Diagnostic } from "./diagnostics.ts";
import { schemaPass } from "./schema-pass.ts";
import { type SemanticOptions, semanticPass } from "./semantic-pass.ts";
import type { SourceFile } from "./source-file.ts";
import { strictPass } from "./strict-pass.ts";

export interface PassOptions extends SemanticOptions {
  /** `gen validate --strict`: TODO markers and placeholder values are errors too. */
  strict?: boolean;
}

/** Every pass's diagnostics for a parsed file (none when it did not parse), unsorted. */
export function runPasses(source: SourceFile, options: PassOptions): Diagnostic[] {
  if (source.data === undefined) return [];
  const budget = new ErrorBudget();
  const { brands: skip, diagnostics } = oversized(source);
  budget.count(diagnostics);
  const out = [...diagnostics];
  out.push(...schemaPass(source, { skip, budget }));
  out.push(...semanticPass(source, { ...options, skip, budget }));
  if (options.strict) out.push(...strictPass(source, { skip, budget }));
  if (budget.stopped) out.push(stoppedEarly(source));
  return out;
}
