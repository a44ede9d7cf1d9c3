// `gen new-brand`'s pure half: parse and default the answers, render a brand entry as YAML text in
// the file's own indentation, and insert it after the last brand without touching any other byte.
import {
  Document,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  type Pair,
  parseDocument,
  visit,
  type YAMLMap,
  type YAMLSeq,
} from "yaml";
import { isReservedHost, previewHosts } from "../core/browser/config/hosts.ts";
import { AREAS, type AreaFacts } from "../core/node/config/areas.ts";
import { didYouMean, listHint } from "../core/node/config/diagnostics.ts";
import {
  PLACEHOLDER_ADDRESS,
  PLACEHOLDER_HUAWEI_CLIENT_ID,
  placeholderLoginClientId,
  placeholderTrackingAppId,
} from "../core/node/config/placeholders.ts";
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

// ——— parsing answers (flags and prompts share these) ———

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

// ——— the draft: answers plus defaults ———

export interface Answers {
  id: string;
  name?: string;
  title?: string;
  colour?: string;
  currency?: string;
  hosts?: string[];
  demoHosts?: string[];
  areas?: string[];
  languages?: string[];
  games?: GameDraft[];
}

export interface BrandDraft {
  id: string;
  name: string;
  title: string;
  colour: string;
  currency: string;
  copyright: string;
  hosts: string[];
  demoHosts: string[];
  areas: { id: string; languages: string[]; regions: string[]; currency?: string; loginClientId: string }[];
  games: { key: string; name: string; area: string; clientIds: { android: string; ios: string; web: string } }[];
  /** Fields filled with placeholders rather than given: marked TODO in the entry. */
  placeholders: Set<"hosts" | "demoHosts">;
}

/** Default game keys: the brand id (shortened to a game key), with the area when there are several. */
function defaultGames(id: string, name: string, areas: string[]): GameDraft[] {
  const key = (suffix: string) => {
    const room = 32 - suffix.length;
    return `${id.slice(0, room).replace(/-+$/, "")}${suffix}`;
  };
  if (areas.length === 1) return [{ key: key(""), name, area: areas[0] }];
  return areas.map((area) => ({ key: key(`-${area}`), name: `${name} (${area})`, area }));
}

/**
 * Fills what the answers leave open. `usedClientIds` are every client id already in the file:
 * new ones continue the file's numbering (brand block ×1,000,000, game ×1,000, platform 1–3) and
 * never reuse one.
 */
export function draftBrand(answers: Answers, usedClientIds: ReadonlySet<string>, year: number): BrandDraft {
  const { id } = answers;
  const name = answers.name ?? titleCase(id);
  const areaIds = answers.areas ?? ["universal"];
  const currency = answers.currency ?? AREA_DEFAULTS[areaIds[0] ?? ""]?.currency ?? "USD";
  const areas = areaIds.map((area) => {
    const usual = AREA_DEFAULTS[area] ?? { languages: ["en"], regions: ["GLOBAL"], currency };
    const own = usual.currency !== currency ? { currency: usual.currency } : {};
    return {
      id: area,
      ...own,
      languages: answers.languages ?? usual.languages,
      regions: usual.regions,
      loginClientId: placeholderLoginClientId(id, area),
    };
  });

  const wanted = answers.games ?? defaultGames(id, name, areaIds);
  const withGame = new Set(wanted.flatMap((g) => (g.area ? [g.area] : [])));
  const games = wanted.map((g) => {
    let area = g.area;
    if (!area) {
      area = areaIds.find((a) => !withGame.has(a)) ?? areaIds[0] ?? "universal";
      withGame.add(area);
    }
    return { key: g.key, name: g.name, area, clientIds: { android: "", ios: "", web: "" } };
  });

  const numeric = [...usedClientIds].filter((c) => /^[0-9]{1,15}$/.test(c)).map(Number);
  let block = Math.floor(Math.max(0, ...numeric) / 1_000_000) + 1;
  const taken = new Set(usedClientIds);
  const free = (n: number) => !taken.has(String(n));
  while (!games.every((_, g) => [1, 2, 3].every((p) => free(block * 1_000_000 + (g + 1) * 1000 + p)))) block++;
  games.forEach((game, g) => {
    const base = block * 1_000_000 + (g + 1) * 1000;
    game.clientIds = { android: String(base + 1), ios: String(base + 2), web: String(base + 3) };
  });

  const placeholders = new Set<"hosts" | "demoHosts">();
  if (!answers.hosts) placeholders.add("hosts");
  if (!answers.demoHosts) placeholders.add("demoHosts");
  return {
    id,
    name,
    title: answers.title ?? `${name} Top-up Center`.slice(0, 120),
    colour: answers.colour ?? NEW_BRAND_COLOUR,
    currency,
    copyright: `© ${year} ${name}`,
    hosts: answers.hosts ?? [`pay.${id}.example`],
    demoHosts: answers.demoHosts ?? [`pay-demo.${id}.example`],
    areas,
    games,
    placeholders,
  };
}

/** The brand as plain data, exactly as the rendered YAML must read back. */
export function draftData(d: BrandDraft): Record<string, unknown> {
  const site = `${d.id}.example`;
  return {
    id: d.id,
    name: d.name,
    title: d.title,
    themeColor: d.colour,
    currency: d.currency,
    copyright: d.copyright,
    links: { privacy: `https://${site}/privacy`, terms: `https://${site}/terms` },
    support: { url: `https://${site}/support` },
    hosts: { production: d.hosts, ...(d.demoHosts.length ? { demo: d.demoHosts } : {}) },
    api: {
      production: { primary: `https://api.${site}`, tracking: `https://track.${site}` },
      demo: { primary: `https://api-demo.${site}`, tracking: `https://track-demo.${site}` },
    },
    areas: Object.fromEntries(
      d.areas.map((a) => [
        a.id,
        {
          ...(a.currency ? { currency: a.currency } : {}),
          languages: a.languages,
          defaultLanguage: a.languages[0],
          regions: a.regions,
          loginClientId: a.loginClientId,
        },
      ]),
    ),
    login: {},
    tracking: { appId: placeholderTrackingAppId(d.id), eventId: "1" },
    games: Object.fromEntries(d.games.map((g) => [g.key, { name: g.name, clientIdMap: g.clientIds, area: g.area }])),
    defaultGame: d.games[0]?.key,
    ...(japanGames(d).length
      ? { legal: { commercialTransactions: Object.fromEntries(japanGames(d).map((g) => [g.key, commercialNotice(d)])) } }
      : {}),
  };
}

const japanGames = (d: BrandDraft) => d.games.filter((g) => g.area === "ja");

/**
 * The notice on specified commercial transactions Japanese law requires for every product sold
 * online: the usual wording for digital goods, with the seller's own facts left as TODOs.
 */
function commercialNotice(d: BrandDraft): Record<string, string> {
  return {
    seller: d.name,
    address: PLACEHOLDER_ADDRESS,
    contact: `support@${d.id}.example`,
    price: "各商品の購入画面に表示される価格（税込）",
    payment: "購入画面に表示されるお支払い方法。購入時にお支払いが確定します",
    delivery: "決済完了後、直ちにゲーム内に反映されます",
    returns: "デジタルコンテンツの性質上、購入後の返品・キャンセルはお受けできません",
  };
}

// ——— rendering ———

export interface Layout {
  /** Column of the `-` of a brand entry. */
  dash: number;
  /** Column of the keys of a brand entry (after the `-`). */
  key: number;
  /** Indentation step of nested maps. */
  step: number;
}

const TODO = " TODO: the publisher's real value";

/** Paths (from the brand entry) of values only the publisher knows: marked TODO. */
function placeholderPaths(d: BrandDraft): string[][] {
  return [
    ["links", "privacy"],
    ["links", "terms"],
    ["support", "url"],
    ...(d.placeholders.has("hosts") ? [["hosts", "production"]] : []),
    ...(d.placeholders.has("demoHosts") && d.demoHosts.length ? [["hosts", "demo"]] : []),
    ...(["production", "demo"] as const).flatMap((mode) => [
      ["api", mode, "primary"],
      ["api", mode, "tracking"],
    ]),
    ...d.areas.map((a) => ["areas", a.id, "loginClientId"]),
    ["tracking", "appId"],
    ["tracking", "eventId"],
    ...d.games.map((g) => ["games", g.key, "clientIdMap"]),
    ...japanGames(d).flatMap((g) => [
      ["legal", "commercialTransactions", g.key, "seller"],
      ["legal", "commercialTransactions", g.key, "address"],
      ["legal", "commercialTransactions", g.key, "contact"],
    ]),
  ];
}

/**
 * The entry as YAML in the file's own indentation, with a comment above it and TODO marks on the
 * placeholders: built as a `yaml` Document (which decides quoting and escaping), lists and client-id
 * maps in flow style as an operator writes them.
 */
export function renderBrand(d: BrandDraft, layout: Layout): string {
  // No anchors: a list given once (--languages) is written out in every area, so each edits apart.
  const doc = new Document([draftData(d)], { aliasDuplicateObjects: false });
  const list = doc.contents as YAMLSeq;
  const entry = list.items[0] as YAMLMap;
  entry.commentBefore =
    ` ${d.name}: added by \`gen new-brand\`. Replace every value marked TODO, then run \`gen validate\`.\n` +
    " docs/brands-reference.md describes every field (icon, login providers, features, layout, legal…).";
  visit(entry, {
    Seq: (_, node) => {
      node.flow = true;
    },
    Map: (_, node, path) => {
      // clientIdMap and the empty login map read best on one line.
      const key = (path.at(-1) as Pair | undefined)?.key;
      if (isScalar(key) && (key.value === "clientIdMap" || key.value === "login")) node.flow = true;
    },
  });
  for (const path of placeholderPaths(d)) {
    const node = entry.getIn(path, true) as Node | undefined;
    if (node) node.comment = TODO;
  }
  const login = entry.items.find((pair) => isScalar(pair.key) && pair.key.value === "login");
  if (login && isScalar(login.key))
    login.key.commentBefore = " Sign-in providers (google, apple, facebook, vk, twitter, huawei) are offered once configured here.";
  const text = doc.toString({ indent: layout.step, lineWidth: 0, flowCollectionPadding: false });
  // The document is a list at column 0 whose entry's keys sit at column 2: move both to the file's columns.
  return `${text
    .trimEnd()
    .split("\n")
    .map((line) =>
      line.startsWith("- ")
        ? `${" ".repeat(layout.dash)}-${" ".repeat(layout.key - layout.dash - 1)}${line.slice(2)}`
        : line.startsWith("#")
          ? `${" ".repeat(layout.dash)}${line}`
          : `${" ".repeat(layout.key)}${line.slice(2)}`,
    )
    .join("\n")}\n`;
}

// ——— inserting ———

/** A config with no brand yet, for `gen new-brand` to start a file: editors find the schema from its first line. */
export function newConfigText(schemaPath: string): string {
  return [
    `# yaml-language-server: $schema=${schemaPath}`,
    "#",
    "# Every publisher brand of the storefront. Edit, then:",
    "#   npx gen validate      # precise file:line:col diagnostics",
    "#   npx gen build         # typed modules, per-brand HTML, dist/",
    "# Each brand is also served locally as <id>.localhost and <id>-demo.localhost.",
    `$schema: ${schemaPath}`,
    "",
    "# The Huawei sign-in client id is one product-wide setting, shared by every brand.",
    `huaweiClientId: "${PLACEHOLDER_HUAWEI_CLIENT_ID}"  # TODO: the product's Huawei client id`,
    "",
    "brands:",
    "",
  ].join("\n");
}

export interface Insertion {
  text: string;
  /** Offset in the original text where the entry went in. */
  offset: number;
  /** 1-based line of the entry's first line in the new text. */
  line: number;
  inserted: string;
}

/** The layout of a file with no brand to copy it from: the demo config's. */
const DEFAULT_LAYOUT: Layout = { dash: 2, key: 4, step: 2 };

/**
 * How the file lays out its brands (the dash column and the nesting step of the first brand) and
 * where the last one ends; a `brands:` with no entry yet (empty, `[]` or `~`) gets the default layout
 * and `replace`, the range of its empty value.
 */
export function detectLayout(text: string): { layout: Layout; end: number; replace?: [number, number] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, keepSourceTokens: false });
  const root = doc.contents;
  const pair = isMap(root) ? root.items.find((p) => isScalar(p.key) && p.key.value === "brands") : undefined;
  const brands = pair?.value;
  const emptyList = (isSeq(brands) && brands.items.length === 0) || brands === null || (isScalar(brands) && brands.value === null);
  if (pair && emptyList && isScalar(pair.key) && pair.key.range) {
    // After `brands:`: the empty value (if written) is replaced, the entries go on the lines below.
    const valueRange = (brands as { range?: [number, number, number] } | null)?.range;
    const from = valueRange ? valueRange[0] : pair.key.range[1] + 1;
    const to = valueRange ? valueRange[1] : from;
    return { layout: DEFAULT_LAYOUT, end: to, replace: [from, to] };
  }
  if (!isSeq(brands) || brands.flow || brands.items.length === 0) {
    throw new ArgumentError(
      "the config has no block list of brands to add to",
      "brands.yaml needs `brands:` followed by entries that start with '- ' on their own lines",
    );
  }
  const first = brands.items[0] as YAMLMap | undefined;
  const last = brands.items[brands.items.length - 1] as YAMLMap | undefined;
  if (!isMap(first) || !isMap(last) || !first.range || !last.range) {
    throw new ArgumentError("the brands list holds something other than brand entries", "run `gen validate` and fix it first");
  }
  const keyCol = lineCounter.linePos(first.range[0]).col - 1;
  const lineStart = text.lastIndexOf("\n", first.range[0] - 1) + 1;
  const before = text.slice(lineStart, first.range[0]);
  const dash = before.indexOf("-");
  if (dash < 0 || before.trim() !== "-") {
    throw new ArgumentError("the first brand does not start with '- ' on its own line", "write each brand as '- id: …' on its own line");
  }
  let step = 2;
  for (const pair of first.items) {
    if (isMap(pair.value) && !pair.value.flow && pair.value.range && isScalar(pair.key)) {
      const nested = lineCounter.linePos(pair.value.range[0]).col - 1 - keyCol;
      if (nested > 0) step = nested;
      break;
    }
  }
  return { layout: { dash, key: keyCol, step: Math.min(step, 8) }, end: last.range[1] };
}

/**
 * Inserts `entry` after the last brand (and after comment lines indented as part of it), with one
 * blank line before it. Every byte of the original text is kept, in order.
 */
export function insertBrand(text: string, render: (layout: Layout) => string): Insertion {
  const { layout, end, replace } = detectLayout(text);
  if (replace) {
    // The first brand: `brands:` keeps its line, the empty value written after it goes.
    const eol = text.includes("\r\n") ? "\r\n" : "\n";
    const head = text.slice(0, replace[0]).trimEnd();
    const tail = text.slice(replace[1]).replace(/^[ \t]*(\r\n|\r|\n)?/, "");
    const inserted = `${eol}${render(layout)}`.replace(/\n/g, eol);
    const newText = `${head}${inserted}${tail ? `${eol}${tail}` : ""}`;
    return { text: newText, offset: head.length, line: head.split("\n").length + 1, inserted };
  }
  let offset = end;
  // The value ends mid-line only when the file ends without a newline.
  if (offset > 0 && text[offset - 1] !== "\n") offset = text.indexOf("\n", offset) < 0 ? text.length : text.indexOf("\n", offset) + 1;
  for (let pos = offset; pos < text.length; ) {
    const nl = text.indexOf("\n", pos);
    const lineEnd = nl < 0 ? text.length : nl + 1;
    const lineText = text.slice(pos, lineEnd);
    const indent = lineText.length - lineText.trimStart().length;
    if (lineText.trim() === "") {
      pos = lineEnd;
      continue;
    }
    if (lineText.trimStart().startsWith("#") && indent > layout.dash) {
      offset = lineEnd;
      pos = lineEnd;
      continue;
    }
    break;
  }
  const needsNewline = offset > 0 && text[offset - 1] !== "\n";
  // A file saved with Windows line ends keeps them.
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const inserted = `${needsNewline ? "\n" : ""}\n${render(layout)}`.replace(/\n/g, eol);
  const newText = text.slice(0, offset) + inserted + text.slice(offset);
  const line = text.slice(0, offset).split("\n").length + (needsNewline ? 2 : 1);
  return { text: newText, offset, line, inserted };
}
