// `gen new-brand`'s answers: from its flags and, on a terminal, from prompts for what the flags
// leave out (Enter takes the default offered); a bad value is asked again, or a usage error.
import type { Format } from "../core/node/config/diagnostics.ts";
import {
  AREA_DEFAULTS,
  ArgumentError,
  checkProductionHost,
  NEW_BRAND_COLOUR,
  parseAreas,
  parseColour,
  parseCurrency,
  parseGames,
  parseHosts,
  parseId,
  parseLanguages,
  parseName,
  titleCase,
} from "./brand-answers.ts";
import type { Answers } from "./brand-draft.ts";
import type { Io } from "./io.ts";
import { createPrompter, PromptClosedError, type Prompter } from "./prompt.ts";

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

/** Where the answers are read and a usage error is reported. */
interface Usage {
  io: Io;
  usage(message: string, hint?: string): number;
}

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

/** The answers, from the flags and, on a terminal, the prompts; a number is the exit code of a usage error. */
export async function gatherAnswers(id: string | undefined, opts: NewBrandOptions, run: Usage): Promise<Answers | number> {
  try {
    const given = fromFlags(id, opts);
    const input = run.io.input ?? process.stdin;
    if (opts.prompt !== false && (input as { isTTY?: boolean }).isTTY) {
      const prompter = createPrompter(input, run.io.out);
      try {
        return await promptMissing(prompter, given, run.io);
      } finally {
        prompter.close();
      }
    }
    if (!given.id) return run.usage("missing brand id", "gen new-brand <id> (run 'gen new-brand --help' for the options)");
    return { ...given, id: given.id };
  } catch (err) {
    if (err instanceof ArgumentError) return run.usage(err.message, err.hint);
    if (err instanceof PromptClosedError) return run.usage(`${err.message}; nothing was written`);
    throw err;
  }
}
