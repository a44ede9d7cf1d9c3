// `gen diff`'s report in its three formats: text for a terminal, Markdown for a pull request's
// comment or a CI step summary, JSON for other tools. Pure: a report in, text out.
import { type Change, type DiffReport, describeChange, KIND_LABELS } from "./changes.ts";

export type DiffFormat = "text" | "markdown" | "json";

/** The first line of the Markdown: a workflow finds its earlier comment by it and replaces it. */
export const MARKDOWN_MARKER = "<!-- gen diff -->";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const listed = (ids: string[]) => (ids.length ? ` (${ids.join(", ")})` : "");

/** One sentence on the whole change: nothing a player sees, or how many brands and risky changes. */
export function summary(report: DiffReport): string {
  if (report.nothingPlayersSee) {
    return report.sourceChanged
      ? "This changes nothing a player sees: only the config's comments, order or formatting differ."
      : "This changes nothing a player sees: the two configs build the same sites.";
  }
  const { changed, added, removed } = report.brands;
  const parts = [
    ...(changed.length ? [`${plural(changed.length, "brand")} changed${listed(changed)}`] : []),
    ...(added.length ? [`${added.length} added${listed(added)}`] : []),
    ...(removed.length ? [`${removed.length} removed${listed(removed)}`] : []),
    ...(report.changes.some((c) => !c.brand) ? ["a setting of every brand changed"] : []),
  ];
  const risky = report.risky
    ? `${plural(report.risky, "risky change")} (players can lose by ${report.risky === 1 ? "it" : "them"})`
    : "no risky change";
  return `${parts.join(", ")}; ${risky}.`;
}

/** Changes by the brand they are about, product-wide ones first under "every brand". */
function byBrand(changes: Change[]): [string, Change[]][] {
  const groups = new Map<string, Change[]>();
  for (const change of changes) {
    const key = change.brand ?? "every brand";
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  return [...groups];
}

function text(report: DiffReport): string {
  const lines = [`gen diff: ${report.head} against ${report.base}`, summary(report)];
  for (const [brand, changes] of byBrand(report.changes)) {
    lines.push("", brand);
    for (const change of changes) lines.push(`  ${change.risky ? "! risky:" : "-"} ${describeChange(change)}`);
  }
  return `${lines.join("\n")}\n`;
}

/** A table cell's text: no pipe ends the cell, no angle bracket becomes HTML, no line breaks the row. */
const cell = (value: string | undefined) =>
  (value ?? "").replaceAll("\\", "\\\\").replaceAll("|", "\\|").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replace(/\s+/g, " ");

function markdown(report: DiffReport): string {
  const lines = [
    MARKDOWN_MARKER,
    `### \`gen diff\`: ${cell(report.head)} against ${cell(report.base)}`,
    "",
    `${report.risky ? "⚠️ " : ""}${summary(report)}`,
  ];
  for (const [brand, changes] of byBrand(report.changes)) {
    lines.push("", `#### ${cell(brand)}`, "", "| | change | what | before | after |", "|---|---|---|---|---|");
    for (const c of changes)
      lines.push(`| ${c.risky ? "⚠️ risky" : ""} | ${KIND_LABELS[c.kind]} | ${cell(c.subject)} | ${cell(c.before)} | ${cell(c.after)} |`);
  }
  return `${lines.join("\n")}\n`;
}

export function renderDiff(report: DiffReport, format: DiffFormat): string {
  if (format === "json") return `${JSON.stringify({ ...report, summary: summary(report) }, null, 2)}\n`;
  return format === "markdown" ? markdown(report) : text(report);
}
