// axe-core against WCAG 2.2 A/AA; the gallery and the accessibility test fail on serious or critical findings.
// axe-core is put into each document once and run there in one call: @axe-core/playwright's default
// opens a helper page per check (~1 s each), which made the walks the slowest part of the e2e suite.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type Violation = Pick<AxeResults["violations"][number], "id" | "impact" | "help"> & { targets: string[] };

/** The violations axe finds in the page's main document with these options. */
export async function axeViolations(page: Page, options: RunOptions): Promise<Violation[]> {
  // The page's CSP does not apply to what Playwright evaluates; a new document needs axe again.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (runOptions) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe;
    const { violations } = await axe.run(document, { ...runOptions, resultTypes: ["violations"] });
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
  }, options);
}

export async function axeFindings(page: Page): Promise<Finding[]> {
  const violations = await axeViolations(page, { runOnly: { type: "tag", values: WCAG_TAGS } });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, impact: v.impact ?? "", help: v.help, targets: v.targets.slice(0, 5) }));
}
