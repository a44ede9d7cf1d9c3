// What the catalogue (./catalogue.ts) says of each diagnostic, from which docs/diagnostics.md is
// generated and SARIF rules are written.

export type Severity = "error" | "warning";

export interface CatalogueEntry {
  severity: Severity;
  /** One line: what the diagnostic says happened. */
  title: string;
  /** The default hint; a check may give a more precise one. */
  hint: string | undefined;
  /** Why it matters for a real store. */
  why: string;
  /** How to fix it. */
  fix: string;
  /** A piece of brands.yaml that has the problem. */
  example: string;
  /** Reported only by `gen validate --strict` (a pre-deploy check). */
  strict?: true;
}

/** One entry, checked against the shape as it is written. */
export const entry = (e: CatalogueEntry) => e;
