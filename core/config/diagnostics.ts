// The diagnostic catalogue of `gen validate`, and its three output formats.

export type Severity = "error" | "warning";

export interface Diagnostic {
  /** Permanent name from the catalogue, e.g. `duplicate-host`. */
  name: DiagnosticName;
  severity: Severity;
  file: string;
  line: number;
  column: number;
  /** JSON pointer of the offending value, e.g. `/brands/3/themeColor`. */
  pointer: string;
  message: string;
  hint?: string;
}

/**
 * Every diagnostic the generator can report. A name never changes once released: CI scripts and
 * docs refer to it. The `hint` here is the default; a check may give a more precise one.
 */
export const catalogue = {
  "yaml-syntax": { severity: "error", hint: "Check indentation and quoting around this position." },
  "duplicate-key": { severity: "error", hint: "Remove or rename one of the two keys; YAML keeps only one." },
  "missing-property": { severity: "error", hint: undefined },
  "unknown-property": { severity: "error", hint: undefined },
  "unknown-value": { severity: "error", hint: undefined },
  "wrong-type": { severity: "error", hint: undefined },
  "bad-format": { severity: "error", hint: undefined },
  "out-of-range": { severity: "error", hint: undefined },
  "duplicate-item": { severity: "error", hint: "Remove the repeated entry." },
  "schema-violation": { severity: "error", hint: undefined },
  "duplicate-brand-id": { severity: "error", hint: "Brand ids name folders and preview hosts; give each brand its own." },
  "duplicate-host": { severity: "error", hint: "A host can serve only one brand; remove it from one of them." },
  "game-area-not-in-brand": { severity: "error", hint: undefined },
  "default-language-not-in-area": { severity: "error", hint: undefined },
  "missing-locale": { severity: "error", hint: undefined },
  "duplicate-client-id": { severity: "error", hint: "Client ids identify a game to the platform; each game needs its own." },
  "layout-rule-unknown-region": { severity: "error", hint: undefined },
  "layout-rule-unknown-game": { severity: "error", hint: undefined },
  "unknown-default-game": { severity: "error", hint: undefined },
  "short-link-unknown-region": { severity: "error", hint: undefined },
  "legal-unknown-game": { severity: "error", hint: undefined },
  "missing-icon": { severity: "error", hint: "Paths are relative to the folder of brands.yaml." },
  "low-contrast": { severity: "warning", hint: undefined },
} as const satisfies Record<string, { severity: Severity; hint: string | undefined }>;

export type DiagnosticName = keyof typeof catalogue;

export type Format = "text" | "json" | "github";

export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.name.localeCompare(b.name));
}

export function formatDiagnostics(list: Diagnostic[], format: Format, color = false): string {
  if (format === "json") return `${JSON.stringify(list, null, 2)}\n`;
  if (format === "github") return list.map(formatGithub).join("");
  return list.map((d) => formatText(d, color)).join("");
}

function formatText(d: Diagnostic, color: boolean): string {
  const paint = (code: number, s: string) => (color ? `\u001b[${code}m${s}\u001b[0m` : s);
  const sev = d.severity === "error" ? paint(31, "error") : paint(33, "warning");
  let out = `${d.file}:${d.line}:${d.column}: ${sev}[${d.name}]: ${d.message}\n`;
  out += `${paint(2, `  at ${d.pointer || "/"}`)}\n`;
  if (d.hint) out += `  ${paint(36, "hint")}: ${d.hint}\n`;
  return out;
}

// GitHub workflow commands need %, CR and LF escaped in the message and , : in properties.
const escapeData = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

/** One GitHub workflow annotation line (`::error file=…,line=…::message`), escaped; every command that reports problems writes them so. */
export function githubAnnotation(
  severity: string,
  at: { file: string; line: number; column?: number; title: string },
  message: string,
): string {
  const col = at.column === undefined ? "" : `,col=${at.column}`;
  return `::${severity} file=${escapeProperty(at.file)},line=${at.line}${col},title=${escapeProperty(at.title)}::${escapeData(message)}\n`;
}

function formatGithub(d: Diagnostic): string {
  const title = `${d.name} at ${d.pointer || "/"}`;
  return githubAnnotation(d.severity, { ...d, title }, d.hint ? `${d.message} (hint: ${d.hint})` : d.message);
}

/** Levenshtein distance, for "did you mean …?" hints. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j] ?? 0;
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length] ?? 0;
}

/** The closest candidate within a sensible distance, as a hint, or undefined. */
export function didYouMean(value: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  const lower = value.toLowerCase();
  for (const c of candidates) {
    const score = editDistance(lower, c.toLowerCase());
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.floor(best.length / 3));
  // A "suggestion" that replaces every character ('xx' → 'ar') guesses nothing: list the values instead.
  const related = bestScore < Math.max(lower.length, best.length);
  return bestScore <= limit && related ? `did you mean '${best}'?` : undefined;
}

export function listHint(candidates: readonly string[], max = 12): string {
  const shown = candidates.slice(0, max).map((c) => `'${c}'`);
  return `expected one of ${shown.join(", ")}${candidates.length > max ? ", …" : ""}`;
}
