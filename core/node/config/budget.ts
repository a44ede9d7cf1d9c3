// What one check of a config may cost, whatever the file holds: a brand (or the file outside its
// brands) with more values than any real one is refused unread, the passes stop after so many
// errors, and so many diagnostics are reported at most. With the 10 MB a config may be, this keeps
// `gen validate` within 300 MB and a few seconds (docs/decisions.md, "What a config may cost").
import type { Diagnostic } from "./diagnostics.ts";
import { arr, obj } from "./loose.ts";
import { joinPointer } from "./pointers.ts";
import type { SourceFile } from "./source-file.ts";

/**
 * Values (keys, list items, texts, numbers) one brand may hold. A real brand holds a few hundred:
 * twelve areas listing every payment region is ~3,300, and its module must gzip to 3 KB.
 */
export const MAX_VALUES = 10_000;

/**
 * Brands a config may list: a 10 MB file holds about 11,000 of the smallest real ones. A longer list
 * is refused unread (./load.ts).
 */
export const MAX_BRANDS = 20_000;

/** Errors after which the passes stop: the first thousand say what is wrong with the file. */
export const MAX_ERRORS = 1000;

/** Diagnostics reported at most (errors first); `too-many-problems` says how many more there were. */
export const MAX_REPORTED = 1000;

/** How many values `value` holds, counting up to `limit + 1` at most. */
export function countValues(value: unknown, limit: number): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && count <= limit) {
    const next = pending.pop();
    count++;
    if (Array.isArray(next)) for (let i = 0; i < next.length && count + pending.length <= limit; i++) pending.push(next[i]);
    else if (next !== null && typeof next === "object") {
      for (const key in next) {
        if (count + pending.length > limit) break;
        count++;
        pending.push((next as Record<string, unknown>)[key]);
      }
    }
  }
  return Math.min(count + pending.length, limit + 1);
}

/** Counts the errors the passes report, so each can stop between brands once there are enough. */
export class ErrorBudget {
  private errors = 0;
  /** Whether a pass stopped before checking everything. */
  stopped = false;

  constructor(readonly limit = MAX_ERRORS) {}

  count(list: readonly Diagnostic[]): void {
    for (const d of list) if (d.severity === "error") this.errors++;
  }

  /** Whether there is room for more; a pass asks before each brand and stops when there is not. */
  get open(): boolean {
    if (this.errors < this.limit) return true;
    this.stopped = true;
    return false;
  }
}

/** The brands too large to check (by index), and the file itself when its other keys are. */
export interface Oversized {
  brands: ReadonlySet<number>;
  diagnostics: Diagnostic[];
}

export function oversized(source: SourceFile): Oversized {
  const brands = new Set<number>();
  const diagnostics: Diagnostic[] = [];
  const list = arr(obj(source.data).brands);
  list.forEach((brand, i) => {
    if (countValues(brand, MAX_VALUES) <= MAX_VALUES) return;
    brands.add(i);
    diagnostics.push(
      source.diag(
        "too-many-values",
        joinPointer("brands", i),
        `this brand holds more than ${MAX_VALUES.toLocaleString("en")} values (keys, list items and values); a real brand holds a few hundred, so it is not checked further`,
      ),
    );
  });
  const { brands: _, ...rest } = obj(source.data);
  if (countValues(rest, MAX_VALUES) > MAX_VALUES)
    diagnostics.push(
      source.diag("too-many-values", "", `the file holds more than ${MAX_VALUES.toLocaleString("en")} values outside its brands`),
    );
  return { brands, diagnostics };
}

/** The marker a check leaves when it stopped at MAX_ERRORS; reported() turns it into the summary. */
export function stoppedEarly(source: SourceFile): Diagnostic {
  return source.diag("too-many-problems", "", `the check stopped after ${MAX_ERRORS.toLocaleString("en")} errors, so there may be more`);
}

/**
 * The diagnostics to report, in file order: every error up to MAX_REPORTED, then warnings up to it,
 * and `too-many-problems` with the counts when some are left out or the check stopped early.
 */
export function reported(source: SourceFile, list: Diagnostic[]): Diagnostic[] {
  const stopped = list.some((d) => d.name === "too-many-problems");
  const found = list.filter((d) => d.name !== "too-many-problems");
  if (found.length <= MAX_REPORTED && !stopped) return list;
  const errors = found.filter((d) => d.severity === "error");
  const warnings = found.filter((d) => d.severity !== "error");
  const kept = [...errors.slice(0, MAX_REPORTED), ...warnings.slice(0, Math.max(0, MAX_REPORTED - errors.length))];
  const keptSet = new Set(kept);
  const left = found.length - kept.length;
  const why = stopped ? `; the check stopped after ${MAX_ERRORS.toLocaleString("en")} errors, so there may be more` : "";
  const summary = source.diag(
    "too-many-problems",
    "",
    `${found.length.toLocaleString("en")} problems found, ${left.toLocaleString("en")} of them not shown${why}`,
  );
  return [...found.filter((d) => keptSet.has(d)), summary];
}
