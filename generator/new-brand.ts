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
import {
  type Answers,
  AREA_DEFAULTS,
  ArgumentError,
  checkProductionHost,
  detectLayout,
  draftBrand,
  draftData,
  insertBrand,
  NEW_BRAND_COLOUR,
  newConfigText,
  parseAreas,
  parseColour,
  parseCurrency,
  parseGames,
  parseHosts,
  parseId,
  parseLanguages,
  parseName,
  renderBrand,
  titleCase,
} from "./brand-skeleton.ts";
import type { Output as Io } from "./output.ts";
import { paths } from "./paths.ts";
import { createPrompter, PromptClosedError, type Prompter } from "./prompt.ts";
import { plural, style } from "./terminal.ts";
import { writeFileAtomic } from "./writer.ts";

export interface NewBrandOptions {
  name?: string;
  title?: string;
  colour?: string;
  color?: string;
  currency?: string;
  hosts?: string;
  demoHosts?: string;
  areas?: string;
  languages?: string;
  games?: string;
  /** Never prompt, even on a terminal: missing values get their defaults. */
  prompt?: boolean;
  dryRun?: boolean;
  format?: Format;
}

export const DEFAULT_FILE = "brands.yaml";

type Parsed = Omit<Answers, "id"> & { id?: string };

/** Flags → answers; a bad value is an ArgumentError naming its flag. */
function fromFlags(id: string | undefined, opts: NewBrandOptions): Parsed {
  const flag = <T>(name: string, raw: string | undefined, parse: (s: string) => T): T | undefined => {
    if (raw === undefined) return undefined;
    try {
      return parse(raw);
    } catch (err) {
      if (err instanceof ArgumentError) throw new ArgumentError(`${name}: ${err.message}`, err.hint);
      throw err;
    }
  };
  return {
    id: flag("<id>", id, parseId),
    name: flag("--name", opts.name, (s) => parseName(s)),
    title: flag("--title", opts.title, (s) => parseName(s, "title", 120)),
    colour: flag(opts.colour === undefined && opts.color !== undefined ? "--color" : "--colour", opts.colour ?? opts.color, parseColour),
    currency: flag("--currency", opts.currency, parseCurrency),
    hosts: flag("--hosts", opts.hosts, (s) => parseHosts(s)),
    demoHosts: flag("--demo-hosts", opts.demoHosts, (s) => parseHosts(s, true)),
    areas: flag("--areas", opts.areas, parseAreas),
    languages: flag("--languages", opts.languages, parseLanguages),
    games: flag("--games", opts.games, parseGames),
  };
}

/** Asks for every value the flags left out; Enter takes the default shown in brackets. */
async function promptMissing(p: Prompter, given: Parsed, io: Io): Promise<Answers> {
  io.out("New brand: press Enter to take the value in [brackets].\n");
  const id = given.id ?? (await p.ask("Brand id (lower-case letters, digits, dashes)", "", parseId));
  const name = given.name ?? (await p.ask("Display name", titleCase(id), (s) => parseName(s)));
  const title = given.title ?? (await p.ask("Page title", `${name} Top-up Center`.slice(0, 120), (s) => parseName(s, "title", 120)));
  const colour = given.colour ?? (await p.ask("Brand colour (#rrggbb)", NEW_BRAND_COLOUR, parseColour));
  const areas = given.areas ?? (await p.ask(`Sales areas (${Object.keys(AREA_DEFAULTS).join(", ")})`, "universal", parseAreas));
  const currency =
    given.currency ??
    (await p.ask(
      "Default currency (ISO 4217; an area with another keeps its own)",
      AREA_DEFAULTS[areas[0] ?? ""]?.currency ?? "USD",
      parseCurrency,
    ));
  const usual = [...new Set(areas.flatMap((a) => AREA_DEFAULTS[a]?.languages ?? []))];
  const languages =
    given.languages ??
    (await p.ask(
      areas.length > 1 ? "Languages of every area (Enter: each area's usual ones)" : "Languages, first = default",
      areas.length > 1 ? "" : usual.join(","),
      (s) => (s === "" ? undefined : parseLanguages(s)),
    ));
  const placeholderHost = `pay.${id}.example`;
  const hosts =
    given.hosts ??
    (await p.ask("Production hosts, comma-separated", placeholderHost, (s) => {
      const typed = parseHosts(s);
      if (s !== placeholderHost) for (const host of typed) checkProductionHost(host, id, placeholderHost);
      return typed;
    }));
  const placeholderDemo = `pay-demo.${id}.example`;
  const demoHosts =
    given.demoHosts ?? (await p.ask("Demo hosts, comma-separated, each containing 'demo'", placeholderDemo, (s) => parseHosts(s, true)));
  const games =
    given.games ??
    (await p.ask("Games as key[:Name][@area], comma-separated (Enter: one per area)", "", (s) => (s === "" ? undefined : parseGames(s))));
  const answers: Answers = { ...given, id, name, title, colour, areas, currency };
  // Only a host the operator typed is theirs; the offered default stays a marked placeholder.
  if (hosts.join(",") !== placeholderHost) answers.hosts = hosts;
  if (demoHosts.join(",") !== placeholderDemo) answers.demoHosts = demoHosts;
  if (languages) answers.languages = languages;
  if (games) answers.games = games;
  return answers;
}

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

export async function newBrand(idArg: string | undefined, fileArg: string, opts: NewBrandOptions, io: Io): Promise<number> {
  // `gen new-brand path/to/brands.yaml` (id prompted): a brand id never holds a dot or a slash.
  const fileOnly = idArg !== undefined && fileArg === DEFAULT_FILE && /[./\\]/.test(idArg);
  const id = fileOnly ? undefined : idArg;
  const file = fileOnly && idArg ? idArg : fileArg;
  const s = style(io.color ?? false);
  const format = opts.format ?? "text";
  const usage = (message: string, hint?: string) => {
    io.err(`gen new-brand: ${message}\n${hint ? `  ${s.cyan("hint")}: ${hint}\n` : ""}`);
    return 2;
  };
  const refuse = (message: string, diagnostics: Diagnostic[]) => {
    io.out(formatDiagnostics(diagnostics, format, io.color ?? false));
    io.err(`gen new-brand: ${message}; ${file} is unchanged.\n`);
    return 1;
  };

  // A file that does not exist yet, or has no brands (empty, whitespace, comments: what the
  // empty-config hint sends here), is started: the schema line, the product setting, the brand.
  const schemaLine = () =>
    newConfigText(
      relative(dirname(resolve(file)), paths.brandsSchema)
        .split(sep)
        .join("/"),
    );
  /** The file as read, to notice an edit made while the questions were answered; undefined: no file. */
  let onDisk: string | undefined;
  let original: string;
  try {
    onDisk = await readFile(file, "utf8");
    original = onDisk;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "unknown";
    if (code !== "ENOENT" || !existsSync(dirname(resolve(file)))) throw new UnreadableFileError(`cannot read ${file} (${code})`);
    original = schemaLine();
  }
  // Only a file with nothing in it: a `brands: []` under other settings gets its first brand below.
  if (onDisk !== undefined && validateText(file, onDisk).diagnostics.some((d) => d.name === "empty-config" && d.pointer === "")) {
    // Only comments are kept: whitespace, a byte-order mark or a lone CR carry nothing.
    const comments = onDisk.replace(/^\ufeff/, "").trim();
    original = comments ? `${comments}\n\n${schemaLine()}` : schemaLine();
  }

  let answers: Answers;
  try {
    const given = fromFlags(id, opts);
    const input = io.input ?? process.stdin;
    const interactive = opts.prompt !== false && Boolean((input as { isTTY?: boolean }).isTTY);
    if (interactive) {
      const prompter = createPrompter(input, io.out);
      try {
        answers = await promptMissing(prompter, given, io);
      } finally {
        prompter.close();
      }
    } else if (!given.id) {
      return usage("missing brand id", "gen new-brand <id> (run 'gen new-brand --help' for the options)");
    } else answers = { ...given, id: given.id };
  } catch (err) {
    if (err instanceof ArgumentError) return usage(err.message, err.hint);
    if (err instanceof PromptClosedError) return usage(`${err.message}; nothing was written`);
    throw err;
  }

  // The file must be valid before: a clash found later must be the new brand's, not an old problem.
  // A file with no brand yet (brands: with nothing after it) is checked as a whole after the insertion.
  const before = validateText(file, original);
  const noBrandYet = (() => {
    try {
      return detectLayout(original).replace !== undefined;
    } catch {
      return false;
    }
  })();
  if (!before.config && !noBrandYet) {
    return refuse(
      `${file} has ${plural(before.diagnostics.filter((d) => d.severity === "error").length, "error")} already (fix them first, see gen validate)`,
      before.diagnostics,
    );
  }

  const draft = draftBrand(answers, clientIdsOf(before.source.data), new Date().getFullYear());
  const brandCount = Array.isArray((before.source.data as { brands?: unknown } | undefined)?.brands)
    ? (before.source.data as { brands: unknown[] }).brands.length
    : 0;
  let insertion: ReturnType<typeof insertBrand>;
  try {
    insertion = insertBrand(original, (layout) => renderBrand(draft, layout));
  } catch (err) {
    if (err instanceof ArgumentError) return usage(err.message, err.hint);
    throw err;
  }

  const after = validateText(file, insertion.text);
  const errors = after.diagnostics.filter((d) => d.severity === "error");
  // A taken id also clashes on the hosts derived from it: the id is the one thing to report then.
  const takenId = errors.filter((d) => d.name === "duplicate-brand-id");
  const problems = takenId.length ? takenId : errors;
  if (problems.length) {
    return refuse(
      `brand '${draft.id}' was not added: ${plural(problems.length, "problem")} (the locations above are in the entry that would start at line ${insertion.line})`,
      problems,
    );
  }
  // Belt and braces: the text must read back as exactly the brand we meant to write.
  const added = (jsYaml.load(insertion.text) as { brands: unknown[] }).brands.at(-1);
  if (!isDeepStrictEqual(added, draftData(draft))) {
    throw new Error(`the rendered entry for '${draft.id}' does not read back as intended; ${file} is unchanged`);
  }
  const at = `/brands/${brandCount}`;
  const warnings = after.diagnostics.filter((d) => d.severity === "warning" && (d.pointer === at || d.pointer.startsWith(`${at}/`)));

  if (opts.dryRun) {
    io.out(insertion.inserted.replace(/^\n+/, ""));
    io.err(`gen new-brand: dry run; the entry would start at ${file}:${insertion.line}. Nothing was written.\n`);
    return 0;
  }
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
  io.out(formatDiagnostics(warnings, "text", io.color ?? false));
  const lines = insertion.inserted.split("\n").length - 2;
  io.out(`${s.green("Added")} brand '${draft.id}' to ${file} (lines ${insertion.line}–${insertion.line + lines - 1}).\n`);
  const preview = previewHosts(draft.id);
  io.out(`  preview hosts: ${preview.production}, ${preview.demo}\n`);
  io.out("  next: replace the values marked TODO, then `gen validate`, `gen dev` to preview, `gen build`.\n");
  return 0;
}
