// `gen locales`: every language file against the English reference: missing keys, empty strings and
// keys English does not have, each with its line in the file. `--strict` makes any of them fail (CI).
// A plural key is expected in the language's own forms (`x_few` in Russian, `x_other` alone in
// Japanese), not in English's.
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { isMap, LineCounter, parseDocument, type YAMLMap } from "yaml";
import { type Format, githubAnnotation } from "../core/node/config/diagnostics.ts";
import { UnreadableFileError } from "../core/node/config/load.ts";
import type { Io } from "./io.ts";
import { englishStandIn, type PluralCategory, pluralCategories, pluralForm } from "./locale-plurals.ts";
import { paths } from "./paths.ts";
import { plural, style } from "./terminal.ts";

export const REFERENCE = "en";

export interface KeyIssue {
  key: string;
  line: number;
  column: number;
  /** The English text, for missing and empty keys. */
  english?: string;
}

export interface LanguageReport {
  language: string;
  file: string;
  keys: number;
  missing: KeyIssue[];
  empty: KeyIssue[];
  extra: KeyIssue[];
  /** Set when the file is not a JSON object: nothing else could be checked. */
  error?: KeyIssue;
}

export interface LocalesReport {
  reference: string;
  /** Leaf keys of the reference. */
  keys: number;
  languages: LanguageReport[];
}

type Tree = { [key: string]: Tree | unknown };
const isTree = (v: unknown): v is Tree => typeof v === "object" && v !== null && !Array.isArray(v);

/** Leaf keys as dotted paths, with their values, in file order. */
function leaves(tree: Tree, prefix: string[] = []): [string[], unknown][] {
  return Object.entries(tree).flatMap(([k, v]) => (isTree(v) ? leaves(v, [...prefix, k]) : [[[...prefix, k], v] as [string[], unknown]]));
}

/** Line and column of a key path in JSON text; the deepest key that exists when the path does not. */
function locator(text: string): (path: string[]) => { line: number; column: number } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  return (path) => {
    let node: unknown = doc.contents;
    let offset = (doc.contents as { range?: [number] } | null)?.range?.[0] ?? 0;
    for (const seg of path) {
      if (!isMap(node)) break;
      const pair = (node as YAMLMap).items.find((p) => (p.key as { value?: unknown } | null)?.value === seg);
      if (!pair) break;
      offset = (pair.key as { range?: [number] }).range?.[0] ?? offset;
      node = pair.value;
    }
    const pos = lineCounter.linePos(offset);
    return { line: pos.line, column: pos.col };
  };
}

async function readJson(file: string): Promise<{ text: string; data: unknown; error?: string }> {
  const text = await readFile(file, "utf8");
  try {
    return { text, data: JSON.parse(text) };
  } catch (err) {
    return { text, data: undefined, error: err instanceof Error ? err.message : String(err) };
  }
}

type Leaves = Map<string, { path: string[]; value: unknown }>;

/** English's keys as a language must have them: each plural key in that language's own forms. */
function expectedKeys(english: Leaves, language: string): Leaves {
  const forms = new Map<string, Partial<Record<PluralCategory, string>>>();
  for (const key of english.keys()) {
    const form = pluralForm(key);
    if (form?.category === "other") forms.set(form.base, {});
  }
  for (const [key, { value }] of english) {
    const form = pluralForm(key);
    const of = form && forms.get(form.base);
    if (of) of[form.category] = String(value);
  }
  if (!forms.size) return english;
  const categories = pluralCategories(language);
  const expected: Leaves = new Map();
  for (const [key, entry] of english) {
    const form = pluralForm(key);
    const of = form && forms.get(form.base);
    if (!form || !of) expected.set(key, entry);
    else if (form.category === "other")
      for (const c of categories) {
        const name = `${form.base}_${c}`;
        expected.set(name, { path: [...entry.path.slice(0, -1), name.split(".").at(-1) as string], value: englishStandIn(of, c) });
      }
  }
  return expected;
}

export async function checkLocales(dir: string, only?: string[]): Promise<LocalesReport> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((f) => f.endsWith(".json")).sort();
  } catch (err) {
    throw new UnreadableFileError(`cannot read the locales folder ${dir} (${(err as NodeJS.ErrnoException).code ?? "unknown"})`);
  }
  const referenceFile = join(dir, `${REFERENCE}.json`);
  if (!names.includes(`${REFERENCE}.json`))
    throw new UnreadableFileError(`cannot read ${referenceFile} (ENOENT): English is the reference`);
  const reference = await readJson(referenceFile);
  if (!isTree(reference.data)) {
    throw new UnreadableFileError(`${referenceFile} is not a JSON object${reference.error ? `: ${reference.error}` : ""}`);
  }
  const english = new Map(leaves(reference.data).map(([path, v]) => [path.join("."), { path, value: v }]));

  const languages: LanguageReport[] = [];
  for (const name of names) {
    const language = name.slice(0, -".json".length);
    if (language === REFERENCE || (only && !only.includes(language))) continue;
    const file = join(dir, name);
    const { text, data, error } = await readJson(file);
    const report: LanguageReport = { language, file, keys: 0, missing: [], empty: [], extra: [] };
    languages.push(report);
    if (!isTree(data)) {
      const at = /position (\d+)/.exec(error ?? "")?.[1];
      const before = text.slice(0, Number(at ?? 0)).split("\n");
      report.error = {
        key: "",
        line: before.length,
        column: (before.at(-1)?.length ?? 0) + 1,
        english: error ? `not valid JSON: ${error}` : "not a JSON object of strings",
      };
      continue;
    }
    const locate = locator(text);
    const own = new Map(leaves(data).map(([path, v]) => [path.join("."), { path, value: v }]));
    report.keys = own.size;
    const expected = expectedKeys(english, language);
    for (const [key, { path, value }] of expected) {
      const mine = own.get(key);
      if (!mine) report.missing.push({ key, ...locate(path), english: String(value) });
      else if (typeof mine.value === "string" && mine.value.trim() === "" && String(value).trim() !== "") {
        report.empty.push({ key, ...locate(path), english: String(value) });
      }
    }
    for (const [key, { path }] of own) if (!expected.has(key)) report.extra.push({ key, ...locate(path) });
  }
  if (only) {
    const unknown = only.filter((l) => l !== REFERENCE && !languages.some((r) => r.language === l));
    if (unknown.length) throw new LocalesUsageError(`no locale file for ${unknown.map((l) => `'${l}'`).join(", ")} in ${dir}`);
  }
  return { reference: REFERENCE, keys: english.size, languages };
}

export class LocalesUsageError extends Error {}

const problemsOf = (r: LanguageReport) => r.missing.length + r.empty.length + r.extra.length;

// GitHub workflow commands: %, CR and LF escaped in the message; also , and : in properties.
const quote = (s: string | undefined, max = 60) => JSON.stringify(s && s.length > max ? `${s.slice(0, max - 1)}…` : (s ?? ""));

export function formatLocales(report: LocalesReport, format: Format, opts: { strict: boolean; color: boolean; cwd?: string }): string {
  const show = (file: string) => relative(opts.cwd ?? process.cwd(), file) || file;
  if (format === "json") {
    const languages = report.languages.map((r) => ({ ...r, file: show(r.file) }));
    const problems = report.languages.reduce((n, r) => n + problemsOf(r) + (r.error ? 1 : 0), 0);
    return `${JSON.stringify({ reference: report.reference, keys: report.keys, problems, languages }, null, 2)}\n`;
  }
  if (format === "github") {
    const level = opts.strict ? "error" : "warning";
    const line = (sev: string, file: string, k: KeyIssue, title: string, text: string) =>
      githubAnnotation(sev, { file: show(file), line: k.line, column: k.column, title }, text);
    return report.languages
      .flatMap((r) => [
        ...(r.error ? [line("error", r.file, r.error, "locale-invalid", `${r.language}: ${r.error.english}`)] : []),
        ...r.missing.map((k) =>
          line(level, r.file, k, `locale-missing ${k.key}`, `${r.language} has no '${k.key}' (English: ${quote(k.english)})`),
        ),
        ...r.empty.map((k) =>
          line(level, r.file, k, `locale-empty ${k.key}`, `${r.language}: '${k.key}' is empty (English: ${quote(k.english)})`),
        ),
        ...r.extra.map((k) => line(level, r.file, k, `locale-extra ${k.key}`, `${r.language}: '${k.key}' is not an English key`)),
      ])
      .join("");
  }

  const s = style(opts.color);
  const width = Math.max(5, ...report.languages.map((r) => r.language.length));
  let out = "";
  for (const r of report.languages) {
    const name = s.bold(r.language.padEnd(width));
    if (r.error) {
      out += `${name}  ${s.red("invalid")}  ${show(r.file)}:${r.error.line}:${r.error.column}: ${r.error.english}\n`;
      continue;
    }
    if (problemsOf(r) === 0) {
      out += `${name}  ${s.green("complete")}\n`;
      continue;
    }
    const counts = [
      r.missing.length ? s.red(`${r.missing.length} missing`) : "",
      r.empty.length ? s.yellow(`${r.empty.length} empty`) : "",
      r.extra.length ? s.yellow(`${r.extra.length} extra`) : "",
    ].filter(Boolean);
    out += `${name}  ${counts.join(", ")}\n`;
    const item = (kind: string, k: KeyIssue, note: string) =>
      `${" ".repeat(width + 2)}${kind.padEnd(8)}${k.key}  ${s.dim(`${show(r.file)}:${k.line}:${k.column}`)}${note}\n`;
    for (const k of r.missing) out += item("missing", k, `  English: ${quote(k.english)}`);
    for (const k of r.empty) out += item("empty", k, `  English: ${quote(k.english)}`);
    for (const k of r.extra) out += item("extra", k, "");
  }
  const withProblems = report.languages.filter((r) => problemsOf(r) > 0 || r.error);
  const total = (f: (r: LanguageReport) => number) => report.languages.reduce((n, r) => n + f(r), 0);
  const invalid = total((r) => (r.error ? 1 : 0));
  out += withProblems.length
    ? `${plural(report.languages.length, "language")} against ${report.reference} (${plural(report.keys, "key")}): ${plural(withProblems.length, "language")} with problems; ${total((r) => r.missing.length)} missing, ${total((r) => r.empty.length)} empty, ${total((r) => r.extra.length)} extra${invalid ? `, ${plural(invalid, "invalid file")}` : ""}${opts.strict ? "" : " (use --strict to fail on them)"}\n`
    : `${plural(report.languages.length, "language")} against ${report.reference} (${plural(report.keys, "key")}): all complete\n`;
  return out;
}

export interface LocalesOptions {
  dir?: string;
  lang?: string;
  strict?: boolean;
  format?: Format;
}

export async function runLocales(opts: LocalesOptions, io: Io): Promise<number> {
  const only = opts.lang
    ?.split(",")
    .map((l) => l.trim().toLowerCase())
    .filter(Boolean);
  let report: LocalesReport;
  try {
    report = await checkLocales(opts.dir ?? paths.locales, only);
  } catch (err) {
    if (err instanceof LocalesUsageError) {
      io.err(`gen locales: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  io.out(formatLocales(report, opts.format ?? "text", { strict: Boolean(opts.strict), color: io.color ?? false }));
  if (report.languages.some((r) => r.error)) return 1;
  return opts.strict && report.languages.some((r) => problemsOf(r) > 0) ? 1 : 0;
}
