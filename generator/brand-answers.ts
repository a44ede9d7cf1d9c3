// `gen new-brand`'s answers: each flag or prompt answer parsed and checked by the rules `gen validate`
// applies (read from the schema, so the two never disagree); a bad one is an ArgumentError with a hint.
import { isReservedHost, previewHosts } from "../core/browser/config/hosts.ts";
import { AREAS, type AreaFacts } from "../core/node/config/areas.ts";
import { didYouMean, listHint } from "../core/node/config/diagnostics.ts";
import { describeProblem, productionNameProblem, runsAsDemo } from "../core/node/config/production-names.ts";
import { brandsSchema } from "../core/node/config/schema-pass.ts";
import { languageAdvice } from "../core/node/config/value-hints.ts";
import { isoCodeOf } from "../core/node/money/currencies.ts";

/** A bad flag or answer: a usage problem, shown with a hint and exit code 2. */
export class ArgumentError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

interface SchemaNode {
  pattern?: string;
  enum?: string[];
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, SchemaNode>;
  propertyNames?: SchemaNode;
  items?: SchemaNode;
}
const defs = (brandsSchema as { $defs: Record<string, SchemaNode> }).$defs;
const brandProps = defs.brand?.properties ?? {};
const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`schema/brands.schema.json has no ${what}`);
  return value;
};
// Read from the schema, so these checks can never disagree with `gen validate`.
const ID = new RegExp(need(brandProps.id?.pattern, "brand id pattern"));
const COLOUR = new RegExp(need(brandProps.themeColor?.pattern, "themeColor pattern"));
/**
 * The colour a new brand gets: the schema's default (#00bbff) stands out too little from the page
 * for buttons and outlines (low-contrast-theme), so a skeleton gets a deeper blue of the same hue,
 * which passes that check with white text on it.
 */
export const NEW_BRAND_COLOUR = "#0077cc";
const HOST = new RegExp(need(defs.host?.pattern, "host pattern"));
const GAME_KEY = new RegExp(need(brandProps.games?.propertyNames?.pattern, "game key pattern"));
const NAME_MAX = brandProps.name?.maxLength ?? 60;
export const SALES_AREAS: readonly string[] = need(defs.salesAreaId?.enum, "sales areas");
export const LANGUAGES: readonly string[] = need(defs.language?.enum, "languages");
export const CURRENCIES: readonly string[] = need(defs.currency?.enum, "currencies");

/**
 * What a new area gets when the command line does not say: the market's usual languages (first =
 * default), payment regions and local currency (schema/areas.json, which the platform reads too).
 */
export const AREA_DEFAULTS: Readonly<Record<string, AreaFacts>> = AREAS;

const list = (raw: string) =>
  raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

function oneOf(what: string, value: string, allowed: readonly string[]): string {
  if (allowed.includes(value)) return value;
  throw new ArgumentError(`'${value}' is not a ${what}`, didYouMean(value, allowed) ?? listHint(allowed, 20));
}

export function parseId(raw: string): string {
  const id = raw.trim();
  if (!ID.test(id)) {
    throw new ArgumentError(
      `'${id}' is not a valid brand id`,
      "use 3 to 40 lower-case letters, digits and dashes, starting with a letter (e.g. 'nova'); it names the brand's folder and preview hosts",
    );
  }
  return id;
}

export function parseName(raw: string, field = "name", max = NAME_MAX): string {
  const name = raw.trim();
  if (!name) throw new ArgumentError(`the ${field} is empty`);
  if (name.length > max) throw new ArgumentError(`the ${field} has ${name.length} characters`, `keep it to ${max}`);
  return name;
}

export function parseColour(raw: string): string {
  const colour = raw.trim();
  const withHash = colour.startsWith("#") ? colour : `#${colour}`;
  if (!COLOUR.test(withHash)) throw new ArgumentError(`'${colour}' is not a colour`, `write it as #rrggbb, e.g. ${NEW_BRAND_COLOUR}`);
  return withHash.toLowerCase();
}

export function parseCurrency(raw: string): string {
  const currency = raw.trim().toUpperCase();
  if (!CURRENCIES.includes(currency))
    throw new ArgumentError(
      `'${raw.trim()}' is not an ISO 4217 currency`,
      isoCodeOf(currency)
        ? `ISO 4217 writes it ${isoCodeOf(currency)}`
        : (didYouMean(currency, CURRENCIES) ?? "use an ISO 4217 code, e.g. USD, EUR, JPY"),
    );
  return currency;
}

export function parseHosts(raw: string, demo = false): string[] {
  const hosts = list(raw.toLowerCase());
  if (!demo && hosts.length === 0) throw new ArgumentError("at least one production host is needed");
  for (const host of hosts) {
    if (!HOST.test(host)) {
      throw new ArgumentError(`'${host}' is not a host name`, "a host name only: no scheme, port or path (e.g. pay.nova.example)");
    }
    if (demo && !host.includes("demo")) {
      throw new ArgumentError(`demo host '${host}' does not contain 'demo'`, "the storefront knows demo mode by 'demo' in its host name");
    }
  }
  return [...new Set(hosts)];
}

/**
 * A production host as the operator types it, checked by the rule `gen validate` applies
 * (core/node/config/production-names.ts) and the one `--strict` applies (reserved names), so a
 * prompt can ask again at once instead of the whole entry failing at the end. `placeholder` is the
 * default offered, which the prompt keeps.
 */
export function checkProductionHost(host: string, id: string, placeholder: string): void {
  const problem = productionNameProblem(host);
  if (problem && problem.kind !== "label") {
    throw new ArgumentError(
      `production host '${host}' is ${describeProblem(problem)}, never the store`,
      `use the brand's public host; ${previewHosts(id).production} is already served for local preview`,
    );
  }
  if (runsAsDemo(host)) {
    throw new ArgumentError(
      `production host '${host}' contains 'demo': the storefront would run it as a demo store`,
      "name production hosts without 'demo'; the demo hosts are asked for next",
    );
  }
  if (problem) {
    throw new ArgumentError(
      `production host '${host}' names ${describeProblem(problem)}`,
      "type the brand's public production host; the demo hosts are asked for next",
    );
  }
  if (isReservedHost(host)) {
    throw new ArgumentError(
      `production host '${host}' is on a reserved name, which never resolves`,
      `type the brand's real host, or press Enter to keep the placeholder ${placeholder} (marked TODO)`,
    );
  }
}

export function parseAreas(raw: string): string[] {
  const areas = list(raw.toLowerCase()).map((a) => oneOf("sales area", a, SALES_AREAS));
  if (areas.length === 0) throw new ArgumentError("at least one sales area is needed", listHint(SALES_AREAS, 20));
  return [...new Set(areas)];
}

export function parseLanguages(raw: string): string[] {
  const langs = list(raw.toLowerCase()).map((l) => {
    if (LANGUAGES.includes(l)) return l;
    // The hint gen validate gives: a country code names its language, a real one not shipped says so.
    const advice = languageAdvice(l, LANGUAGES);
    throw new ArgumentError(advice.message ?? `'${l}' is not a language`, advice.hint);
  });
  if (langs.length === 0) throw new ArgumentError("at least one language is needed", listHint(LANGUAGES, 20));
  return [...new Set(langs)];
}

export interface GameDraft {
  key: string;
  name: string;
  /** Empty: the first area that has no game yet. */
  area?: string;
}

/** `key[:Display name][@area]`, comma-separated, e.g. `starfall:Starfall Legends@sea,tidecall`. */
export function parseGames(raw: string): GameDraft[] {
  const games = list(raw).map((entry) => {
    const at = /@([a-z]+)$/i.exec(entry);
    const area = at?.[1] ? oneOf("sales area", at[1].toLowerCase(), SALES_AREAS) : undefined;
    const body = at ? entry.slice(0, at.index) : entry;
    const colon = body.indexOf(":");
    const key = (colon < 0 ? body : body.slice(0, colon)).trim();
    if (!GAME_KEY.test(key)) {
      throw new ArgumentError(
        `'${key}' is not a valid game key`,
        "use up to 32 lower-case letters, digits, '-' and '_', starting with a letter",
      );
    }
    const name = colon < 0 ? titleCase(key) : parseName(body.slice(colon + 1), `name of game '${key}'`);
    return { key, name, ...(area ? { area } : {}) };
  });
  if (games.length === 0) throw new ArgumentError("at least one game is needed", "e.g. --games 'starfall:Starfall Legends'");
  const seen = new Set<string>();
  for (const g of games) {
    if (seen.has(g.key)) throw new ArgumentError(`game '${g.key}' is listed twice`);
    seen.add(g.key);
  }
  return games;
}

export const titleCase = (key: string) =>
  key
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
