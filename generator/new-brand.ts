// `gen new-brand`: adds a valid brand skeleton to brands.yaml from flags or prompts. The new entry is
// inserted as text (every other byte of the file stays as it was), checked by the same validation as
// `gen validate`, and written atomically; anything invalid or clashing leaves the file untouched.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, relative, resolve, sep } from "node:path";
import { isDeepStrictEqual } from "node:util";
import jsYaml from "js-yaml";
import { previewHosts } from "../core/browser/config/hosts.ts";
import { type Diagnostic, type Format, formatDiagnostics } from "../core/node/config/diagnostics.ts";
import { UnreadableFileError } from "../core/node/config/load.ts";
import { validateText } from "../core/node/config/validate.ts";
import { ArgumentError } from "./brand-answers.ts";
import { type Answers, type BrandDraft, draftBrand, draftData } from "./brand-draft.ts";
import { detectLayout, type Insertion, insertBrand, newConfigText, renderBrand } from "./brand-skeleton.ts";
import type { Io } from "./io.ts";
import { gatherAnswers, type NewBrandOptions } from "./new-brand-answers.ts";
import { paths } from "./paths.ts";
import { plural, style } from "./terminal.ts";
import { writeFileAtomic } from "./writer.ts";

export const DEFAULT_FILE = "brands.yaml";

export type { NewBrandOptions } from "./new-brand-answers.ts";

function clientIdsOf(data: unknown): Set<string> {
  const out = new Set<string>();
  const visit = (node: unknown, key?: string) => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n);
    } else if (node && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) {
        if (k === "clientIdMap" && v && typeof v === "object") for (const c of Object.values(v)) out.add(String(c));
        else visit(v, k);
      }
    } else if (key === "loginClientId") out.add(String(node));
  };
  visit(data);
  return out;
}

/** One run of the command: its file and how it stops, with a usage error (2) or a refusal (1). */
interface Run {
  file: string;
  io: Io;
  format: Format;
  usage(message: string, hint?: string): number;
  refuse(message: string, diagnostics: Diagnostic[]): number;
}

function runOf(file: string, opts: NewBrandOptions, io: Io): Run {
  const s = style(io.color ?? false);
  const format = opts.format ?? "text";
  return {
    file,
    io,
    format,
    usage(message, hint) {
      io.err(`gen new-brand: ${message}\n${hint ? `  ${s.cyan("hint")}: ${hint}\n` : ""}`);
      return 2;
    },
    refuse(message, diagnostics) {
      io.out(formatDiagnostics(diagnostics, format, io.color ?? false));
      io.err(`gen new-brand: ${message}; ${file} is unchanged.\n`);
      return 1;
    },
  };
}

/**
 * The text to add the brand to, and the file as read (undefined: no file yet), to notice an edit
 * made while the questions were answered. A file that does not exist yet, or has no brands (empty,
 * whitespace, comments: what the empty-config hint sends here), is started: the schema line, the
 * product setting, then the brand.
 */
async function readOriginal(file: string): Promise<{ onDisk: string | undefined; original: string }> {
  const schemaLine = () =>
    newConfigText(
      relative(dirname(resolve(file)), paths.brandsSchema)
        .split(sep)
        .join("/"),
    );
  let onDisk: string | undefined;
  try {
    onDisk = await readFile(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "unknown";
    if (code !== "ENOENT" || !existsSync(dirname(resolve(file)))) throw new UnreadableFileError(`cannot read ${file} (${code})`);
    return { onDisk, original: schemaLine() };
  }
  // Only a file with nothing in it: a `brands: []` under other settings gets its first brand below.
  if (!validateText(file, onDisk).diagnostics.some((d) => d.name === "empty-config" && d.pointer === ""))
    return { onDisk, original: onDisk };
  // Only comments are kept: whitespace, a byte-order mark or a lone CR carry nothing.
  const comments = onDisk.replace(/^\ufeff/, "").trim();
  return { onDisk, original: comments ? `${comments}\n\n${schemaLine()}` : schemaLine() };
}

interface Prepared {
  draft: BrandDraft;
  insertion: Insertion;
  /** The new brand's warnings, shown after it is added. */
  warnings: Diagnostic[];
}

/**
 * The brand drafted and inserted into the text, checked like `gen validate` does; a number is the
 * exit code of a refusal. The file must be valid before: a clash found later must be the new
 * brand's, not an old problem. A file with no brand yet (`brands:` with nothing after it) is checked
 * as a whole after the insertion.
 */
function prepare(original: string, answers: Answers, run: Run): Prepared | number {
  const { file } = run;
  const before = validateText(file, original);
  let noBrandYet = false;
  try {
    noBrandYet = detectLayout(original).replace !== undefined;
  } catch {}
  if (!before.config && !noBrandYet) {
    const errors = before.diagnostics.filter((d) => d.severity === "error").length;
    return run.refuse(`${file} has ${plural(errors, "error")} already (fix them first, see gen validate)`, before.diagnostics);
  }
  const draft = draftBrand(answers, clientIdsOf(before.source.data), new Date().getFullYear());
  const brands = (before.source.data as { brands?: unknown } | undefined)?.brands;
  const at = `/brands/${Array.isArray(brands) ? brands.length : 0}`;
  let insertion: Insertion;
  try {
    insertion = insertBrand(original, (layout) => renderBrand(draft, layout));
  } catch (err) {
    if (err instanceof ArgumentError) return run.usage(err.message, err.hint);
    throw err;
  }
  const after = validateText(file, insertion.text);
  const errors = after.diagnostics.filter((d) => d.severity === "error");
  // A taken id also clashes on the hosts derived from it: the id is the one thing to report then.
  const takenId = errors.filter((d) => d.name === "duplicate-brand-id");
  const problems = takenId.length ? takenId : errors;
  if (problems.length) {
    const where = `the locations above are in the entry that would start at line ${insertion.line}`;
    return run.refuse(`brand '${draft.id}' was not added: ${plural(problems.length, "problem")} (${where})`, problems);
  }
  // Belt and braces: the text must read back as exactly the brand we meant to write.
  const added = (jsYaml.load(insertion.text) as { brands: unknown[] }).brands.at(-1);
  if (!isDeepStrictEqual(added, draftData(draft))) {
    throw new Error(`the rendered entry for '${draft.id}' does not read back as intended; ${file} is unchanged`);
  }
  const warnings = after.diagnostics.filter((d) => d.severity === "warning" && (d.pointer === at || d.pointer.startsWith(`${at}/`)));
  return { draft, insertion, warnings };
}

/** Writes the text (unless someone saved the file meanwhile) and says what was added. */
async function write({ draft, insertion, warnings }: Prepared, onDisk: string | undefined, run: Run): Promise<number> {
  const { file, io, format } = run;
  // Someone may have saved the file while the questions were answered: never overwrite their edit.
  if (onDisk === undefined ? existsSync(file) : (await readFile(file, "utf8")) !== onDisk) {
    io.err(`gen new-brand: ${file} changed while the brand was being prepared; nothing was written. Run the command again.\n`);
    return 1;
  }
  await writeFileAtomic(file, insertion.text);
  if (format !== "text") {
    io.out(formatDiagnostics(warnings, format, false));
    return 0;
  }
  const s = style(io.color ?? false);
  io.out(formatDiagnostics(warnings, "text", io.color ?? false));
  const lines = insertion.inserted.split("\n").length - 2;
  io.out(`${s.green("Added")} brand '${draft.id}' to ${file} (lines ${insertion.line}–${insertion.line + lines - 1}).\n`);
  const preview = previewHosts(draft.id);
  io.out(`  preview hosts: ${preview.production}, ${preview.demo}\n`);
  io.out("  next: replace the values marked TODO, then `gen validate`, `gen dev` to preview, `gen build`.\n");
  return 0;
}

export async function newBrand(idArg: string | undefined, fileArg: string, opts: NewBrandOptions, io: Io): Promise<number> {
  // `gen new-brand path/to/brands.yaml` (id prompted): a brand id never holds a dot or a slash.
  const fileOnly = idArg !== undefined && fileArg === DEFAULT_FILE && /[./\\]/.test(idArg);
  const file = fileOnly && idArg ? idArg : fileArg;
  const run = runOf(file, opts, io);
  const { onDisk, original } = await readOriginal(file);
  const answers = await gatherAnswers(fileOnly ? undefined : idArg, opts, run);
  if (typeof answers === "number") return answers;
  const prepared = prepare(original, answers, run);
  if (typeof prepared === "number") return prepared;
  if (opts.dryRun) {
    io.out(prepared.insertion.inserted.replace(/^\n+/, ""));
    io.err(`gen new-brand: dry run; the entry would start at ${file}:${prepared.insertion.line}. Nothing was written.\n`);
    return 0;
  }
  return write(prepared, onDisk, run);
}
