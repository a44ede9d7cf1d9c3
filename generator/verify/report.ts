// `gen verify`'s report: text for a terminal, JSON for other tools, GitHub workflow annotations; and
// in `--watch`, only what changed since the last round (a difference that appeared or went away).
import type { Difference } from "./check.ts";
import type { RoundResult } from "./plan.ts";

export type VerifyFormat = "text" | "json" | "github";

export interface Heading {
  release: string;
  /** What was checked: `https://* via 127.0.0.1:8443`. */
  target: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

function checkedLine({ checked, differences }: RoundResult): string {
  const what = `${plural(checked.hosts, "host")}, ${plural(checked.pages, "page")}, ${plural(checked.files, "file")} and ${plural(checked.assets, "asset")} checked`;
  return differences.length ? `${what}: ${plural(differences.length, "difference")} from the release.` : `${what}: every one as released.`;
}

/** Differences by host, then path, in the order found. */
function byHost(differences: Difference[]): Map<string, Difference[]> {
  const groups = new Map<string, Difference[]>();
  for (const d of differences) groups.set(d.host, [...(groups.get(d.host) ?? []), d]);
  return groups;
}

/** An annotation's text: GitHub ends a property at a comma or colon and a message at a newline. */
const escapeData = (s: string) => s.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
const escapeProperty = (s: string) => escapeData(s).replaceAll(":", "%3A").replaceAll(",", "%2C");

/** A round's report; `oneLine` JSON for `--watch`, whose every round is then one line of a log. */
export function renderRound(heading: Heading, result: RoundResult, format: VerifyFormat, oneLine = false): string {
  if (format === "json")
    return `${JSON.stringify({ ...heading, checked: result.checked, differences: result.differences }, null, oneLine ? 0 : 2)}\n`;
  if (format === "github") {
    const lines = result.differences.map(
      (d) =>
        `::error title=${escapeProperty(`gen verify: ${d.kind} on ${d.host}${d.path}`)}::${escapeData(`${d.host}${d.path}: ${d.message}`)}`,
    );
    lines.push(
      `::${result.differences.length ? "error" : "notice"} title=gen verify::${escapeData(`release ${heading.release} on ${heading.target}: ${checkedLine(result)}`)}`,
    );
    return `${lines.join("\n")}\n`;
  }
  const lines = [`gen verify: release ${heading.release} on ${heading.target}`];
  for (const [host, differences] of byHost(result.differences)) {
    lines.push("", host);
    for (const d of differences) lines.push(`  ${d.path}  ${d.kind}: ${d.message}`);
  }
  lines.push("", checkedLine(result));
  return `${lines.join("\n")}\n`;
}

const key = (d: Difference) => `${d.host}\0${d.path}\0${d.kind}\0${d.message}`;

/** What changed between two rounds of `--watch`: differences that appeared, and those that went away. */
export function roundChanges(previous: Difference[], current: Difference[]): { appeared: Difference[]; resolved: Difference[] } {
  const [was, now] = [new Set(previous.map(key)), new Set(current.map(key))];
  return { appeared: current.filter((d) => !was.has(key(d))), resolved: previous.filter((d) => !now.has(key(d))) };
}

/** A later round of `--watch`: only its changes, stamped with the time; nothing when nothing changed. */
export function renderChanges(heading: Heading, changes: ReturnType<typeof roundChanges>, format: VerifyFormat, at: Date): string {
  if (!changes.appeared.length && !changes.resolved.length) return "";
  if (format === "json") return `${JSON.stringify({ ...heading, at: at.toISOString(), ...changes })}\n`;
  const stamp = at.toISOString();
  if (format === "github")
    return `${[
      ...changes.appeared.map(
        (d) =>
          `::error title=${escapeProperty(`gen verify: ${d.kind} on ${d.host}${d.path}`)}::${escapeData(`${stamp} new: ${d.host}${d.path}: ${d.message}`)}`,
      ),
      ...changes.resolved.map(
        (d) =>
          `::notice title=${escapeProperty(`gen verify: resolved on ${d.host}${d.path}`)}::${escapeData(`${stamp} resolved: ${d.host}${d.path}: ${d.message}`)}`,
      ),
    ].join("\n")}\n`;
  return `${[
    ...changes.appeared.map((d) => `${stamp} new       ${d.host}${d.path}  ${d.kind}: ${d.message}`),
    ...changes.resolved.map((d) => `${stamp} resolved  ${d.host}${d.path}  ${d.kind}: ${d.message}`),
  ].join("\n")}\n`;
}
