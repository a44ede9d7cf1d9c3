// `gen new-brand`'s text: a drafted brand (./brand-draft.ts) rendered as YAML in the file's own
// indentation, and inserted after the last brand without touching any other byte.
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
import { PLACEHOLDER_HUAWEI_CLIENT_ID } from "../core/node/config/placeholders.ts";
import { ArgumentError } from "./brand-answers.ts";
import { type BrandDraft, draftData, japanGames } from "./brand-draft.ts";

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
