// axe-core against WCAG 2.2 A/AA; the gallery and the accessibility test fail on serious or critical findings.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

export async function axeFindings(page: Page): Promise<Finding[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? "",
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
}
