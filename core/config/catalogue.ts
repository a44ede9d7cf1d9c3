// Every diagnostic `gen validate` can report, with its permanent name, severity, default hint and its
// documentation (what happened, why it matters, how to fix it, an example), from which
// docs/diagnostics.md is generated. A name never changes once released: CI scripts and links use it.

export type Severity = "error" | "warning";

export interface CatalogueEntry {
  severity: Severity;
  /** One line: what the diagnostic says happened. */
  title: string;
  /** The default hint; a check may give a more precise one. */
  hint: string | undefined;
  /** Why it matters for a real store. */
  why: string;
  /** How to fix it. */
  fix: string;
  /** A piece of brands.yaml that has the problem. */
  example: string;
  /** Reported only by `gen validate --strict` (a pre-deploy check). */
  strict?: true;
}

const entry = (e: CatalogueEntry) => e;

export const catalogue = {
  // ——— YAML ———
  "yaml-syntax": entry({
    severity: "error",
    title: "The file is not valid YAML.",
    hint: "Check indentation and quoting around this position.",
    why: "Nothing in the file can be read until the YAML parses.",
    fix: "Look at the line and the one above it: an unclosed quote or bracket, or a character YAML reserves (`:`, `#`, `@`) in an unquoted value.",
    example: 'brands:\n  - id: aurora\n    name: "Aurora Games\n',
  }),
  "yaml-bad-indent": entry({
    severity: "error",
    title: "A line is indented less (or more) than its block needs.",
    hint: "Indent this line like the other entries of its block, or close the bracket it is inside.",
    why: "YAML reads structure from indentation: a misplaced line belongs to another block, or to none.",
    fix: "Align the line with its siblings; a flow list `[…]` or map `{…}` must be closed before the block goes on.",
    example: "hosts:\n  production: [pay.aurora.example,\n  demo: [pay-demo.aurora.example]\n",
  }),
  "yaml-tab-indent": entry({
    severity: "error",
    title: "A tab is used to indent.",
    hint: "Indent with spaces; YAML does not allow tabs for indentation.",
    why: "Tabs have no fixed width, so YAML forbids them as indentation.",
    fix: "Replace the tab with spaces (most editors do it with 'convert indentation to spaces').",
    example: "brands:\n\t- id: aurora\n",
  }),
  "yaml-missing-char": entry({
    severity: "error",
    title: "A `:` (or a closing bracket or quote) is missing.",
    hint: "A key needs ': ' and a value; a list or quote opened here needs closing.",
    why: "Without it the parser cannot tell a key from a value.",
    fix: "Add the missing character, usually `: ` after a key.",
    example: "brands:\n  - id aurora\n",
  }),
  "yaml-implicit-key": entry({
    severity: "error",
    title: "A key spans lines, or a block sits where a key should be.",
    hint: "Keep a key and its ':' on one line; start a nested block on the next line, indented.",
    why: "YAML keys written without `?` must be on one line; a nested map cannot start after another key on the same line.",
    fix: "Put the nested map on its own, indented lines.",
    example: "links: privacy: https://aurora.example/privacy\n",
  }),
  "yaml-unexpected-token": entry({
    severity: "error",
    title: "Something appears where the YAML structure does not allow it.",
    hint: "Check the line above: a list item and a map key cannot be siblings.",
    why: "The parser cannot place the token in the document.",
    fix: "Make the lines of one block all list items (`- …`) or all keys (`key: …`).",
    example: "brands:\n- id: aurora\nname: Aurora\n",
  }),
  "yaml-bad-escape": entry({
    severity: "error",
    title: "An escape sequence in a double-quoted string is not valid.",
    hint: "In double quotes write \\\\ for a backslash, or use single quotes.",
    why: 'YAML double quotes know only a fixed set of escapes (`\\n`, `\\t`, `\\"`, `\\\\`, `\\u…`).',
    fix: "Double the backslash or quote the value with single quotes.",
    example: 'copyright: "Aurora\\Games"\n',
  }),
  "yaml-bad-alias": entry({
    severity: "error",
    title: "An alias (`*name`) refers to no anchor, or carries a tag or anchor itself.",
    hint: "Define the anchor (&name) before the alias that uses it.",
    why: "An alias stands for the value anchored earlier in the file; without it there is no value.",
    fix: "Add `&name` on the value to repeat, above the alias, or write the value out.",
    example: "brands:\n  - *aurora\n",
  }),
  "yaml-multiple-documents": entry({
    severity: "error",
    title: "The file holds more than one YAML document (`---`).",
    hint: "brands.yaml is one document: remove the '---' separator.",
    why: "Only the first document would be read; the brands after `---` would silently go missing.",
    fix: "Merge the documents into one `brands:` list.",
    example: "brands: []\n---\nbrands: []\n",
  }),
  "duplicate-key": entry({
    severity: "error",
    title: "A key appears twice in the same map.",
    hint: "Remove or rename one of the two keys; YAML keeps only one.",
    why: "One of the two values would be silently dropped.",
    fix: "Keep one key with the value you mean.",
    example: "- id: aurora\n  name: Aurora\n  name: Aurora Games\n",
  }),
  "empty-config": entry({
    severity: "error",
    title: "The file has no brands: it is empty, or holds only whitespace or comments.",
    hint: "Start it with `gen new-brand <id>`, or copy an entry from docs/brands-reference.md.",
    why: "A build from it would be a store with no brand; validating it as fine would hide a truncated or wrongly saved file.",
    fix: "Run `gen new-brand <id> brands.yaml`, which writes the schema line and a first brand.",
    example: "# brands.yaml\n",
  }),
  "alias-amplification": entry({
    severity: "error",
    title: "Aliases expand the file far beyond its size (an alias bomb); reported at the alias that goes over.",
    hint: "Use anchors to repeat a value, not to multiply it: write the data out.",
    why: "A small file that expands to gigabytes stops the validator, the build and every player's download (the brand module). The data may expand to 10 times the file's size (at least 16 KB); a real config's data is smaller than its YAML.",
    fix: "Remove the nested aliases from the one reported on; anchors that repeat a block a few times are fine.",
    example:
      'a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n',
  }),
  // ——— the schema ———
  "missing-property": entry({
    severity: "error",
    title: "A required property is missing.",
    hint: undefined,
    why: "The store cannot be built without it.",
    fix: "Add the property; the hint says what it is.",
    example: "- id: aurora\n  name: Aurora Games\n",
  }),
  "unknown-property": entry({
    severity: "error",
    title: "A property the schema does not know.",
    hint: undefined,
    why: "Usually a misspelling: the value you meant to set is not set.",
    fix: "Use the name the hint suggests, or remove the property.",
    example: "- id: aurora\n  tittle: Aurora Top-up\n",
  }),
  "unknown-value": entry({
    severity: "error",
    title: "A value (or a map key) outside the allowed set.",
    hint: undefined,
    why: "Areas, languages, currencies and regions are fixed sets the storefront and the platform know.",
    fix: "Use one of the values the hint lists (editors complete them from the schema).",
    example: "areas:\n  seaa:\n    languages: [en]\n",
  }),
  "wrong-type": entry({
    severity: "error",
    title: "A value of the wrong type.",
    hint: undefined,
    why: "The generator and the storefront read the value as the type the schema gives.",
    fix: "Write the value as the schema expects (the hint has an example).",
    example: "features:\n  vip: yes please\n",
  }),
  "number-for-string": entry({
    severity: "error",
    title: "An unquoted number where text is expected.",
    hint: undefined,
    why: "YAML reads `1e400`, `0x1F` or `007` as numbers, not as the digits written: a client id or an id would change (or become infinite) on the way.",
    fix: "Put the value in double quotes, exactly as written.",
    example: 'clientIdMap: { android: 1e400, ios: "1001002", web: "1001003" }\n',
  }),
  "bad-format": entry({
    severity: "error",
    title: "A value that does not have the required format.",
    hint: undefined,
    why: "Hosts, origins, colours and ids are used as they are written: in URLs, CSS and file names.",
    fix: "Follow the format the message names; the hint has an example.",
    example: 'themeColor: "#5b3df"\n',
  }),
  "out-of-range": entry({
    severity: "error",
    title: "A value too long, too short, too large or too small.",
    hint: undefined,
    why: "Limits keep pages and brand modules small and values displayable.",
    fix: "Shorten or lengthen the value to the range the message gives.",
    example: "languages: []\n",
  }),
  "duplicate-item": entry({
    severity: "error",
    title: "An item listed twice.",
    hint: "Remove the repeated entry.",
    why: "A repeated language, region or host is a copy-and-paste slip.",
    fix: "Remove the repeat.",
    example: "languages: [en, ja, en]\n",
  }),
  "schema-violation": entry({
    severity: "error",
    title: "A value that breaks another rule of the schema.",
    hint: undefined,
    why: "The schema describes what the storefront can build.",
    fix: "Read the message and the property's description in docs/brands-reference.md.",
    example: "layout:\n  default: newest\n",
  }),
  // ——— across fields and brands ———
  "duplicate-brand-id": entry({
    severity: "error",
    title: "Two brands with the same id.",
    hint: "Brand ids name folders and preview hosts; give each brand its own.",
    why: "A brand's id names its folder in dist/ and its preview hosts: the second would overwrite the first.",
    fix: "Rename one of the two.",
    example: "brands:\n  - id: aurora\n  - id: aurora\n",
  }),
  "duplicate-host": entry({
    severity: "error",
    title: "A host used by two brands (or twice by one).",
    hint: "A host can serve only one brand; remove it from one of them.",
    why: "A host picks its brand: one host cannot show two stores.",
    fix: "Keep the host on the brand it belongs to.",
    example: "- id: aurora\n  hosts: { production: [pay.example.com] }\n- id: sakura\n  hosts: { production: [pay.example.com] }\n",
  }),
  "demo-host-in-production": entry({
    severity: "error",
    title: "A production host contains 'demo'.",
    hint: "Name production hosts without 'demo', or move the host to the demo list.",
    why: "The storefront decides its mode from the host (spec §1: a host containing 'demo' is a demo store): real players on this host would be sent to the demo platform.",
    fix: "Rename the host, or list it under `hosts.demo`.",
    example: "hosts:\n  production: [pay.demolition-sakura.example]\n",
  }),
  "loopback-host-in-production": entry({
    severity: "error",
    title: "A production host is a loopback or local name.",
    hint: "Production hosts are public names; `<id>.localhost` is added for local preview by itself.",
    why: "`localhost`, `*.localhost`, `127.0.0.1` and `::1` reach the player's own device, never the store.",
    fix: "Use the brand's public host; preview hosts are automatic.",
    example: "hosts:\n  production: [localhost]\n",
  }),
  "insecure-origin": entry({
    severity: "error",
    title: "A production platform, backup or tracking origin is plain http.",
    hint: "Use https://: the store is served over HTTPS and browsers block http calls from it.",
    why: "A store served over HTTPS cannot call http origins (mixed content): every call would fail, and tokens would travel in the clear.",
    fix: "Change the origin to https://.",
    example: "api:\n  production:\n    primary: http://api.aurora.example\n",
  }),
  "game-area-not-in-brand": entry({
    severity: "error",
    title: "A game sold in an area its brand does not have.",
    hint: undefined,
    why: "The game could never be shown: the store only sells in the brand's areas.",
    fix: "Add the area to the brand's `areas`, or sell the game in one it has.",
    example: "areas: { sea: … }\ngames:\n  starfall: { area: ja, … }\n",
  }),
  "default-language-not-in-area": entry({
    severity: "error",
    title: "An area's default language is not one of its languages.",
    hint: undefined,
    why: "A player without a saved or browser language would get a language the area does not offer.",
    fix: "Add it to `languages` or pick one of them.",
    example: "ja:\n  languages: [ja, en]\n  defaultLanguage: ko\n",
  }),
  "missing-locale": entry({
    severity: "error",
    title: "A language with no locales/<lang>.json file.",
    hint: undefined,
    why: "The store would have no strings in that language.",
    fix: "Add the locale file (copy locales/en.json and translate it) or remove the language.",
    example: "languages: [en, xx]\n",
  }),
  "duplicate-client-id": entry({
    severity: "error",
    title: "A game client id used twice.",
    hint: "Client ids identify a game to the platform; each game needs its own.",
    why: "The platform identifies a game by its client id alone: two games would share orders, limits and prices.",
    fix: "Give each game its own client ids.",
    example: 'starfall: { clientIdMap: { web: "1001003" } }\nmoonrise: { clientIdMap: { web: "1001003" } }\n',
  }),
  "duplicate-login-client-id": entry({
    severity: "error",
    title: "A login client id shared by two brands.",
    hint: "Each brand signs players in with its own login client id.",
    why: "The login client id names the brand to the identity provider: a shared one signs players into the other brand's accounts.",
    fix: "Use the login client id the provider issued for this brand and area.",
    example:
      "- id: aurora\n  areas: { sea: { loginClientId: shared-login } }\n- id: jade\n  areas: { sea: { loginClientId: shared-login } }\n",
  }),
  "layout-rule-unknown-region": entry({
    severity: "error",
    title: "A new-layout rule names an area the brand does not have.",
    hint: undefined,
    why: "The rule can never match: its region would be ignored.",
    fix: "Name one of the brand's areas.",
    example: "newLayoutRules:\n  - regions: [eru]\n",
  }),
  "layout-rule-unknown-game": entry({
    severity: "error",
    title: "A new-layout rule names a game that is not in the game table.",
    hint: undefined,
    why: "The rule can never match that game.",
    fix: "Name one of the brand's game keys.",
    example: "newLayoutRules:\n  - games: [starfal]\n",
  }),
  "unknown-default-game": entry({
    severity: "error",
    title: "The default game is not in the game table.",
    hint: undefined,
    why: "A visitor without a game in the link would land on no game.",
    fix: "Name one of the brand's game keys.",
    example: "defaultGame: starfal\n",
  }),
  "short-link-unknown-region": entry({
    severity: "error",
    title: "A short link opens an area the brand does not have.",
    hint: undefined,
    why: "The link would land on the invalid-parameters page.",
    fix: "Name one of the brand's areas.",
    example: "shortLinks:\n  tide: { region: eru, … }\n",
  }),
  "short-link-unknown-client-id": entry({
    severity: "error",
    title: "A short link lands with a client id that no game of the brand has.",
    hint: undefined,
    why: "Visitors of the link would land on 'channel id does not exist'.",
    fix: "Use the client ids of the brand's game (`games.<key>.clientIdMap`).",
    example: 'shortLinks:\n  tide: { region: sea, clientIdMap: { android: "999", ios: "999", web: "999" } }\n',
  }),
  "short-link-foreign-client-id": entry({
    severity: "error",
    title: "A short link lands with another brand's client id (or a game of another area).",
    hint: undefined,
    why: "The link would open another brand's game, or a game the area does not sell, in this brand's store.",
    fix: "Use the client ids of one of this brand's games sold in the link's area.",
    example: 'shortLinks:\n  tide: { region: sea, clientIdMap: { web: "2001003" } }   # a game of sakura\n',
  }),
  "legal-unknown-game": entry({
    severity: "error",
    title: "A commercial-transactions notice for a game that is not in the game table.",
    hint: undefined,
    why: "The notice would never be shown.",
    fix: "Key the notice by one of the brand's game keys.",
    example: "legal:\n  commercialTransactions:\n    moonblad: { … }\n",
  }),
  "ja-legal-missing": entry({
    severity: "error",
    title: "A game sold in the ja area has no notice on specified commercial transactions.",
    hint: undefined,
    why: "Japanese law (特定商取引法) requires the notice for every product sold online; the storefront shows it from `legal.commercialTransactions`.",
    fix: "Add `legal.commercialTransactions.<game>` with the seller, address, contact, price, payment, delivery and returns.",
    example: "areas: { ja: … }\ngames:\n  moonblade: { area: ja, … }\n# no legal: block\n",
  }),
  "support-hours-order": entry({
    severity: "error",
    title: "Support hours that end before they start, or overlap each other.",
    hint: "Write each range as start-end on the same day, in order, without overlaps.",
    why: "Players would be told the service is open when it is not.",
    fix: "Correct the range; split a range across midnight into two.",
    example: 'supportHours: ["13:00-10:00"]\n',
  }),
  "bidi-control": entry({
    severity: "error",
    title: "Invisible bidirectional control characters in a displayed text.",
    hint: "Delete the invisible characters (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C); the storefront isolates text direction itself.",
    why: "They reorder what players see (a name can read as another, a price can appear reversed) while the file looks normal.",
    fix: "Retype the value, or remove the characters the message names.",
    example: "name: Aurora<U+202E>Games   # the character itself is invisible\n",
  }),
  "missing-icon": entry({
    severity: "error",
    title: "The icon file does not exist.",
    hint: "Paths are relative to the folder of brands.yaml.",
    why: "The build would have no icon to draw the brand's app icons from.",
    fix: "Fix the path, or remove `icon` to get a monogram.",
    example: "icon: brands/auroa.svg\n",
  }),
  "icon-not-image": entry({
    severity: "error",
    title: "The icon file is not an image of the kind its name says.",
    hint: "Export the icon again as SVG (and check it opens in a browser).",
    why: "The build would draw blank app icons from it.",
    fix: "Replace the file with a real SVG image.",
    example: "icon: brands/aurora.svg   # a text file renamed to .svg\n",
  }),
  "low-contrast": entry({
    severity: "warning",
    title: "A configured text colour cannot be read on the brand colour.",
    hint: undefined,
    why: "Button labels need 4.5:1 contrast (WCAG AA); the build uses a readable colour instead.",
    fix: "Set the colour the hint gives, or remove `themeTextColor`.",
    example: 'themeColor: "#5b3df5"\nthemeTextColor: "#7b68ee"\n',
  }),
  "low-contrast-theme": entry({
    severity: "warning",
    title: "The brand colour stands out too little from the page.",
    hint: undefined,
    why: "Buttons, the chosen goods' outline and focus rings are drawn in the brand colour; they need 3:1 against the page (WCAG 1.4.11) to be seen.",
    fix: "Pick a darker (or more saturated) brand colour.",
    example: 'themeColor: "#f0f0f0"\n',
  }),
  "brand-module-too-large": entry({
    severity: "error",
    title: "The brand's module is over the 3 KB (gzip) every player of the brand downloads.",
    hint: "Move long texts (legal notices, footers) to pages the config links to.",
    why: "The brand module is on the first screen's critical path: every kilobyte costs players on slow networks.",
    fix: "Shorten the brand's texts, or link to them.",
    example: 'legal:\n  inquiry: "…several kilobytes of text…"\n',
  }),
  // ——— gen validate --strict ———
  "todo-marker": entry({
    severity: "error",
    title: "A `# TODO` left by `gen new-brand` (strict mode).",
    hint: "Replace the value with the publisher's real one and delete the TODO comment.",
    why: "A TODO marks a placeholder: deploying it would send players and payments to `.example` hosts.",
    fix: "Set the real value, remove the comment.",
    example: "privacy: https://nova.example/privacy  # TODO: the publisher's real value\n",
    strict: true,
  }),
  "placeholder-value": entry({
    severity: "error",
    title: "A value that is still a placeholder (strict mode).",
    hint: "Use the publisher's real value; .example, .test and .invalid never resolve.",
    why: "Reserved names (RFC 2606) never reach a server, and ids nobody issued (all zeros, `your-client-id`, the ids `gen new-brand` derives from the brand id) sign nobody in: a deployed store would call nowhere, or show a placeholder address in its legal notice.",
    fix: "Replace it with the real value: hosts, origins, links and addresses on the publisher's domain; client, app, package and bundle ids as the provider or the platform issued them; the seller's real address in a Japanese notice.",
    example:
      'huaweiClientId: "000000000"\napi:\n  production:\n    primary: https://api.nova.example\nlogin:\n  google: { clientId: your-client-id, package: com.example.nova }\n',
    strict: true,
  }),
} as const satisfies Record<string, CatalogueEntry>;

export type DiagnosticName = keyof typeof catalogue;

/** The yaml package's error codes, each under its own name (the rest are plain yaml-syntax). */
const YAML_CODES: Record<string, DiagnosticName> = {
  DUPLICATE_KEY: "duplicate-key",
  BAD_INDENT: "yaml-bad-indent",
  TAB_AS_INDENT: "yaml-tab-indent",
  MISSING_CHAR: "yaml-missing-char",
  BLOCK_AS_IMPLICIT_KEY: "yaml-implicit-key",
  MULTILINE_IMPLICIT_KEY: "yaml-implicit-key",
  KEY_OVER_1024_CHARS: "yaml-implicit-key",
  UNEXPECTED_TOKEN: "yaml-unexpected-token",
  BAD_DQ_ESCAPE: "yaml-bad-escape",
  BAD_ALIAS: "yaml-bad-alias",
  ALIAS_PROPS: "yaml-bad-alias",
  MULTIPLE_DOCS: "yaml-multiple-documents",
};

export const yamlDiagnosticName = (code: string): DiagnosticName => YAML_CODES[code] ?? "yaml-syntax";
