// Every hint the catalogue can give, each on a fixture: for every diagnostic name, the configs that
// produce it and the exact hint an operator reads (or none). A name added to the catalogue without a
// case here fails the type check and this test.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogue, type DiagnosticName } from "../core/node/config/catalogue.ts";
import { type ValidationOptions, validateFile } from "../core/node/config/validate.ts";
import { edit, JA_NOTICE, minimal, second, twoBrands, withJapan } from "./config-edits.ts";
import { DEMO_CONFIG } from "./demo-config.ts";

interface HintCase {
  /** What the operator wrote. */
  given: string;
  /** Where the diagnostic is: `line:column pointer`. */
  at: string;
  /** The hint, exactly; undefined when none is right. */
  hint: string | undefined;
  options?: ValidationOptions;
  /** Files next to the config (icons). */
  files?: Record<string, string>;
}

const fixtures = join(import.meta.dirname, "fixtures");
const fixture = (path: string) => readFileSync(join(fixtures, path), "utf8");
const strict = { strict: true };
const EXAMPLE_HOST = "use the publisher's real value; .example, .test and .invalid never resolve";

const HINTS: Record<DiagnosticName, HintCase[]> = {
  // ——— YAML ———
  "yaml-syntax": [{ given: "? a\n? b\n: c\n: d\n", at: "4:1", hint: "Check indentation and quoting around this position." }],
  "yaml-bad-indent": [
    {
      given: fixture("invalid/yaml-syntax.yaml"),
      at: "4:5",
      hint: "Indent this line like the other entries of its block, or close the bracket it is inside.",
    },
  ],
  "yaml-tab-indent": [
    { given: edit("  - id: minimal", "\t- id: minimal"), at: "4:1", hint: "Indent with spaces; YAML does not allow tabs for indentation." },
  ],
  "yaml-missing-char": [
    {
      given: edit("name: Minimal Games", 'name: "Minimal Games'),
      at: "5:25",
      hint: "A key needs ': ' and a value; a list or quote opened here needs closing.",
    },
  ],
  "yaml-implicit-key": [
    {
      given: edit("    support:\n      url:", "    support: url:"),
      at: "12:14",
      hint: "Keep a key and its ':' on one line; start a nested block on the next line, indented.",
    },
  ],
  "yaml-unexpected-token": [
    {
      given: "- id: aurora\nname: Aurora\n",
      at: "2:1",
      hint: "Check the line above: a list item and a map key cannot be siblings.",
    },
  ],
  "yaml-bad-escape": [
    {
      given: edit('copyright: "© Minimal"', 'copyright: "© Minimal\\Games"'),
      at: "8:26",
      hint: "In double quotes write \\\\ for a backslash, or use single quotes.",
    },
  ],
  "yaml-bad-alias": [
    {
      given: edit("currency: USD", "currency: *usd"),
      at: "7:15",
      hint: "name the value to repeat with '&usd' above this line, or write the value out",
    },
  ],
  "yaml-multiple-documents": [
    { given: `${minimal}---\nbrands: []\n`, at: "39:1", hint: "brands.yaml is one document: remove the '---' separator." },
  ],
  "yaml-reserved-indicator": [
    { given: edit("name: Minimal Games", "name: @minimal games"), at: "5:11", hint: 'write it in quotes: "@minimal games"' },
  ],
  "yaml-bad-tag": [
    {
      given: edit('huaweiClientId: "900"', "huaweiClientId: !!int nine"),
      at: "2:17",
      hint: "remove the tag '!!int': brands.yaml needs none (quote a value to keep it as text)",
    },
  ],
  "yaml-multiple-anchors": [
    {
      given: edit("currency: USD", "currency: &a &b USD"),
      at: "7:18",
      hint: "Keep one anchor on the value; every alias can use that one.",
    },
  ],
  "yaml-multiple-tags": [
    { given: edit("currency: USD", "currency: !!str !!str USD"), at: "7:21", hint: "Keep one tag on the value (brands.yaml needs none)." },
  ],
  "yaml-block-in-flow": [
    {
      given: edit("regions: [TH]", "regions: [\n          - TH]"),
      at: "28:11",
      hint: "Close the bracket before the block starts, or write the whole list in block style.",
    },
  ],
  "yaml-bad-directive": [
    {
      given: `%YAML 2.0\n---\n${minimal}`,
      at: "1:7",
      hint: "Delete the line starting with '%' (and the '---' after it): brands.yaml needs no directives.",
    },
  ],
  "yaml-property-order": [
    {
      given: edit('huaweiClientId: "900"', '&a ? huaweiClientId\n: "900"'),
      at: "2:4",
      hint: "Move the &anchor (or !tag) after the indicator, right before the value.",
    },
  ],
  "yaml-control-character": [
    {
      given: edit("name: Minimal Games", "name: Minimal\u0000Games"),
      at: "5:18",
      hint: "delete the invisible character <U+0000>: it usually comes from a binary file or a bad copy",
    },
  ],
  "duplicate-key": [
    { given: fixture("invalid/duplicate-key.yaml"), at: "7:5", hint: "Remove or rename one of the two keys; YAML keeps only one." },
  ],
  "empty-config": [
    {
      given: "# brands of the Nova account\n",
      at: "1:1",
      hint: "Add the first brand with `gen new-brand <id>`; docs/operators.md walks through it.",
    },
    {
      given: 'huaweiClientId: "900"\nbrands: []\n',
      at: "2:9 /brands",
      hint: "Add the first brand with `gen new-brand <id>`; docs/operators.md walks through it.",
    },
    {
      given: 'huaweiClientId: "900"\nbrands:\n',
      at: "2:8 /brands",
      hint: "Add the first brand with `gen new-brand <id>`; docs/operators.md walks through it.",
    },
  ],
  "unquoted-hash": [
    {
      given: edit("currency: USD", "currency: USD\n    themeColor: #1f6feb"),
      at: "8:17 /brands/0/themeColor",
      hint: 'write it in quotes: themeColor: "#1f6feb"',
    },
  ],
  "alias-amplification": [
    {
      given: [
        "a: &a [x, x, x, x, x, x, x, x, x, x]",
        ...["b", "c", "d", "e", "f", "g"].map((k, i) => `${k}: &${k} [${Array(10).fill(`*${"abcdef"[i]}`).join(", ")}]`),
        "brands: []",
      ].join("\n"),
      at: "4:16 /d/2",
      hint: "Use anchors to repeat a value, not to multiply it: write the data out.",
    },
  ],
  "too-many-values": [
    {
      given: edit("regions: [TH]", `regions: [${Array(10_001).fill("TH").join(", ")}]`),
      at: "4:5 /brands/0",
      hint: "Look for a list or map pasted many times over, or a generated block gone wrong.",
    },
    {
      given: `huaweiClientId: "1"\nbrands:\n${"  - x\n".repeat(20_001)}`,
      at: "3:3 /brands",
      hint: "Look for a list or map pasted many times over, or a generated block gone wrong.",
    },
  ],
  "too-many-problems": [
    {
      given: `huaweiClientId: "1"\nbrands:\n${"  - x\n".repeat(1_001)}`,
      at: "1:1",
      hint: "Fix the problems shown and run gen validate again.",
    },
  ],
  // ——— the schema ———
  "missing-property": [
    {
      given: fixture("invalid/missing-property.yaml"),
      at: "4:5 /brands/0",
      hint: "add 'copyright': copyright line in the footer.",
    },
  ],
  "unknown-property": [
    {
      given: edit("title: Minimal Store", "tittle: Minimal Store\n    title: Minimal Store"),
      at: "6:5 /brands/0/tittle",
      hint: "did you mean 'title'?",
    },
  ],
  "unknown-value": [
    { given: edit("      sea:\n", "      mae:\n"), at: "24:7 /brands/0/areas/mae", hint: "did you mean 'mea'?" },
    {
      given: edit("      sea:\n", "      xyz:\n"),
      at: "24:7 /brands/0/areas/xyz",
      hint: "expected one of 'universal', 'eru', 'sea', 'ja', 'kr', 'twhk', 'hk', 'codapay', 'useuro', 'ru', 'mea', 'dragon'",
    },
    {
      given: edit("languages: [en, th]", "languages: [en, nl]"),
      at: "25:25 /brands/0/areas/sea/languages/1",
      hint: "it ships ar, de, en, es, fr, id, it, ja, ko, ms, pl, pt, ru, th, tr, vi, zh-cn, zh-tw; a new language is a change to the product (a locales/ file and the schema's list), not to brands.yaml",
    },
    {
      given: edit("languages: [en, th]", "languages: [en, jp]"),
      at: "25:25 /brands/0/areas/sea/languages/1",
      hint: "did you mean 'ja' (Japanese)?",
    },
    {
      given: edit("languages: [en, th]", "languages: [en, zh]"),
      at: "25:25 /brands/0/areas/sea/languages/1",
      hint: "did you mean 'zh-cn' or 'zh-tw'?",
    },
    {
      given: edit("languages: [en, th]", "languages: [en, pt-br]"),
      at: "25:25 /brands/0/areas/sea/languages/1",
      hint: "did you mean 'pt'?",
    },
    { given: edit("languages: [en, th]", "languages: [en, TH]"), at: "25:25 /brands/0/areas/sea/languages/1", hint: "did you mean 'th'?" },
    {
      given: edit("regions: [TH]", "regions: [EU]"),
      at: "27:19 /brands/0/areas/sea/regions/0",
      hint: "a payment region is one country (ISO 3166-1 alpha-2, e.g. TH, DE, US), GLOBAL for the list without a region, or MMK: list its countries",
    },
    { given: edit("regions: [TH]", "regions: [UK]"), at: "27:19 /brands/0/areas/sea/regions/0", hint: "ISO 3166-1 writes it 'GB'" },
    { given: edit("regions: [TH]", "regions: [YM]"), at: "27:19 /brands/0/areas/sea/regions/0", hint: "did you mean 'MY'?" },
    {
      given: edit("regions: [TH]", "regions: [QQ]"),
      at: "27:19 /brands/0/areas/sea/regions/0",
      hint: "a payment region is one country (ISO 3166-1 alpha-2, e.g. TH, DE, US), GLOBAL for the list without a region, or MMK",
    },
    { given: edit("currency: USD", "currency: RMB"), at: "7:15 /brands/0/currency", hint: "ISO 4217 writes it 'CNY'" },
    { given: edit("currency: USD", "currency: USDD"), at: "7:15 /brands/0/currency", hint: "did you mean 'USD'?" },
  ],
  "wrong-type": [
    {
      given: edit("    login: {}", "    login: {}\n    features: { vip: yes }"),
      at: "30:22 /brands/0/features/vip",
      hint: "write true: YAML 1.2 reads 'yes' as text, not as a yes or a no",
    },
    {
      given: edit("    login: {}", "    login: {}\n    features: { vip: off }"),
      at: "30:22 /brands/0/features/vip",
      hint: "write false: YAML 1.2 reads 'off' as text, not as a yes or a no",
    },
    {
      given: fixture("invalid/wrong-type.yaml"),
      at: "14:12 /brands/0/hosts",
      hint: 'for example {"production":["pay.aurora.example"],"demo":["pay-demo.aurora.example"]}',
    },
  ],
  "number-for-string": [
    { given: edit('web: "903"', "web: 1e400"), at: "36:57 /brands/0/games/alpha/clientIdMap/web", hint: 'write it in quotes: "1e400"' },
  ],
  "bad-format": [{ given: fixture("invalid/bad-colour.yaml"), at: "8:17 /brands/0/themeColor", hint: 'for example "#00bbff"' }],
  "out-of-range": [
    {
      given: edit("languages: [en, th]", "languages: []"),
      at: "25:20 /brands/0/areas/sea/languages",
      hint: 'for example ["en","de","fr"]',
    },
  ],
  "duplicate-item": [
    {
      given: edit("languages: [en, th]", "languages: [en, th, en]"),
      at: "25:29 /brands/0/areas/sea/languages/2",
      hint: "Remove the repeated entry.",
    },
  ],
  // Reached only by a schema keyword the pass does not name: the last test of this file keeps the schema to the named ones.
  "schema-violation": [],
  // ——— across fields and brands ———
  "duplicate-brand-id": [
    {
      given: fixture("invalid/two-brands-same-id.yaml"),
      at: "22:5 /brands/1/id",
      hint: "Brand ids name folders and preview hosts; give each brand its own.",
    },
  ],
  "duplicate-host": [
    {
      given: twoBrands(minimal, second().replace("pay.second.example", "pay.minimal.example")),
      at: "46:27 /brands/1/hosts/production/0",
      hint: "A host can serve only one brand; remove it from one of them.",
    },
  ],
  "demo-host-in-production": [
    {
      given: edit("production: [pay.minimal.example]", "production: [pay.demolition-minimal.example]"),
      at: "15:20 /brands/0/hosts/production/0",
      hint: "Name production hosts without 'demo', or move the host to the demo list.",
    },
    {
      given: edit("production: [pay.minimal.example]", "production: [pay-staging.minimal.example]"),
      at: "15:20 /brands/0/hosts/production/0",
      hint: "use the brand's public production host; a host for trying the store goes under hosts.demo, with 'demo' in its name",
    },
  ],
  "demo-origin-in-production": [
    {
      given: edit("primary: https://api.minimal.example", "primary: https://api-demo.nimbus-games.com"),
      at: "18:18 /brands/0/api/production/primary",
      hint: "Use the platform's production origin; a demo or test platform belongs under api.demo.",
    },
  ],
  "loopback-host-in-production": [
    {
      given: edit("production: [pay.minimal.example]", "production: [localhost]"),
      at: "15:20 /brands/0/hosts/production/0",
      hint: "use the brand's public host; minimal.localhost is already served for local preview",
    },
    {
      given: edit("primary: https://api.minimal.example", "primary: https://10.0.0.5"),
      at: "18:18 /brands/0/api/production/primary",
      hint: "use the platform's public origin; on the preview hosts the storefront calls the sandbox by itself",
    },
  ],
  "shared-production-origin": [
    {
      given: twoBrands(minimal, second().replace("tracking: https://track.second.example", "tracking: https://track.minimal.example")),
      at: "48:68 /brands/1/api/production/tracking",
      hint: "if the two brands share this platform on purpose, add 'minimal' to api.sharedWith; otherwise use this brand's own origin",
    },
  ],
  "insecure-origin": [
    {
      given: edit("primary: https://api.minimal.example", "primary: http://api.minimal.example"),
      at: "18:18 /brands/0/api/production/primary",
      hint: "use 'https://api.minimal.example': browsers block http calls from a store served over HTTPS",
    },
  ],
  "game-area-not-in-brand": [
    {
      given: fixture("invalid/game-area-not-in-brand.yaml"),
      at: "37:15 /brands/0/games/alpha/area",
      hint: "add area 'kr' to the brand's areas, or use one of 'sea'",
    },
  ],
  "default-language-not-in-area": [
    {
      given: fixture("invalid/default-language-not-in-area.yaml"),
      at: "26:26 /brands/0/areas/sea/defaultLanguage",
      hint: "add 'ja' to languages or pick one of 'en', 'th'",
    },
  ],
  "missing-locale": [
    {
      given: fixture("invalid/missing-locale.yaml"),
      at: "25:25 /brands/0/areas/sea/languages/1",
      hint: "add locales/th.json (copy locales/en.json and translate it)",
      options: { localesDir: join(fixtures, "locales-en-only") },
    },
  ],
  "duplicate-client-id": [
    {
      given: fixture("invalid/duplicate-client-id.yaml"),
      at: "40:45 /brands/0/games/beta/clientIdMap/ios",
      hint: "Client ids identify a game to the platform; each game needs its own.",
    },
  ],
  "duplicate-login-client-id": [
    {
      given: twoBrands(minimal, second().replace("loginClientId: second-login", "loginClientId: min-login")),
      at: "51:82 /brands/1/areas/sea/loginClientId",
      hint: "Each brand signs players in with its own login client id in each area.",
    },
  ],
  "quoted-value-spans-keys": [
    {
      given: edit("title: Minimal Store", 'title: "Minimal Store\n    icon: brands/minimal.svg"'),
      at: "6:12 /brands/0/title",
      hint: 'close the quote on line 6: title: "Minimal Store"',
    },
  ],
  "layout-rule-unknown-region": [
    {
      given: fixture("invalid/layout-rule-unknown-region.yaml"),
      at: "41:21 /brands/0/layout/newLayoutRules/0/regions/0",
      hint: "expected one of 'sea'",
    },
  ],
  "layout-rule-unknown-game": [
    {
      given: fixture("invalid/layout-rule-unknown-game.yaml"),
      at: "41:19 /brands/0/layout/newLayoutRules/0/games/0",
      hint: "did you mean 'alpha'?",
    },
  ],
  "unknown-default-game": [
    { given: fixture("invalid/unknown-default-game.yaml"), at: "38:18 /brands/0/defaultGame", hint: "did you mean 'alpha'?" },
  ],
  "short-link-unknown-region": [
    { given: fixture("invalid/short-link-unknown-region.yaml"), at: "41:17 /brands/0/shortLinks/go/region", hint: "expected one of 'sea'" },
  ],
  "short-link-unknown-client-id": [
    {
      given: edit(
        "    defaultGame: alpha",
        '    defaultGame: alpha\n    shortLinks:\n      go: { region: sea, clientIdMap: { android: "999", ios: "902", web: "903" } }',
      ),
      at: "40:50 /brands/0/shortLinks/go/clientIdMap/android",
      hint: "use the android client id of one of the brand's games: alpha (901)",
    },
  ],
  "short-link-foreign-client-id": [
    {
      given: twoBrands(
        edit(
          "    defaultGame: alpha",
          '    defaultGame: alpha\n    shortLinks:\n      go: { region: sea, clientIdMap: { android: "801", ios: "902", web: "903" } }',
        ),
      ),
      at: "40:50 /brands/0/shortLinks/go/clientIdMap/android",
      hint: "use the android client id of one of this brand's games: alpha (901)",
    },
  ],
  "legal-unknown-game": [
    {
      given: fixture("invalid/legal-unknown-game.yaml"),
      at: "42:9 /brands/0/legal/commercialTransactions/gamma",
      hint: "expected one of 'alpha'",
    },
  ],
  "ja-legal-missing": [
    {
      given: withJapan(),
      at: "29:7 /brands/0/areas/ja",
      hint: "add legal.commercialTransactions.omega (seller, address, contact, price, payment, delivery, returns)",
    },
  ],
  "support-hours-order": [
    {
      given: edit("    defaultGame: alpha", '    defaultGame: alpha\n    legal:\n      supportHours: ["19:00-10:00"]'),
      at: "40:22 /brands/0/legal/supportHours/0",
      hint: "write '10:00-19:00' if that is meant, or split a range across midnight into two (…-23:59 and 00:00-…)",
    },
    {
      given: edit("    defaultGame: alpha", '    defaultGame: alpha\n    legal:\n      supportHours: ["10:00-13:00", "12:00-19:00"]'),
      at: "40:37 /brands/0/legal/supportHours/1",
      hint: "Write each range as start-end on the same day, in order, without overlaps.",
    },
  ],
  "bidi-control": [
    {
      given: edit("name: Minimal Games", 'name: "Minimal\u202eGames"'),
      at: "5:11 /brands/0/name",
      hint: "Delete the invisible characters (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C); the storefront isolates text direction itself.",
    },
  ],
  "missing-icon": [
    { given: fixture("invalid/missing-icon.yaml"), at: "8:11 /brands/0/icon", hint: "Paths are relative to the folder of brands.yaml." },
  ],
  "icon-not-image": [
    {
      given: edit("currency: USD", "currency: USD\n    icon: text.svg"),
      files: { "text.svg": "just some text, renamed\n" },
      at: "8:11 /brands/0/icon",
      hint: "Export the icon again as SVG (and check it opens in a browser).",
    },
  ],
  "low-contrast": [
    {
      given: edit("currency: USD", 'currency: USD\n    themeColor: "#5b3df5"\n    themeTextColor: "#7b68ee"'),
      at: "9:21 /brands/0/themeTextColor",
      hint: "The build uses #ffffff (6.12:1) instead; set that, or remove themeTextColor to let the generator derive it.",
    },
  ],
  "low-contrast-theme": [
    {
      given: edit("currency: USD", 'currency: USD\n    themeColor: "#f0f0f0"'),
      at: "8:17 /brands/0/themeColor",
      hint: "pick a darker or more saturated brand colour",
    },
  ],
  "brand-module-too-large": [
    {
      given: edit(
        "    defaultGame: alpha",
        `    defaultGame: alpha\n    legal:\n      inquiry: "${Array.from({ length: 4000 }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919) % 20000))).join("")}"`,
      ),
      at: "4:9 /brands/0/id",
      hint: "Move long texts (legal notices, footers) to pages the config links to.",
    },
  ],
  // ——— gen validate --strict ———
  "todo-marker": [
    {
      given: edit(
        "privacy: https://minimal.example/privacy",
        "privacy: https://minimal-games.com/privacy  # TODO: the publisher's real value",
      ),
      at: "10:51 /brands/0/links/privacy",
      hint: "Replace the value with the publisher's real one and delete the TODO comment.",
      options: strict,
    },
  ],
  "placeholder-value": [
    { given: minimal, at: "10:16 /brands/0/links/privacy", hint: EXAMPLE_HOST, options: strict },
    {
      given: edit(
        "privacy: https://minimal.example/privacy",
        "privacy: https://minimal.example/privacy  # TODO: the publisher's real value",
      ),
      at: "10:16 /brands/0/links/privacy",
      hint: `${EXAMPLE_HOST}; then delete the TODO comment`,
      options: strict,
    },
    {
      given: edit('huaweiClientId: "900"', 'huaweiClientId: "000000000"'),
      at: "2:17 /huaweiClientId",
      hint: "use the id the provider (or the platform) issued for this brand",
      options: strict,
    },
    {
      given: edit(
        "    login: {}",
        "    login:\n      google: { clientId: 1-minimal.apps.googleusercontent.com, package: com.example.minimal }",
      ),
      at: "30:74 /brands/0/login/google/package",
      hint: "use the package or bundle id the app is published under",
      options: strict,
    },
    {
      given: withJapan(`\n    legal:\n      commercialTransactions:\n        omega: ${JA_NOTICE}`),
      at: "51:44 /brands/0/legal/commercialTransactions/omega/address",
      hint: "write the seller's postal code and full address, as the law requires",
      options: strict,
    },
  ],
};

describe("every hint the catalogue can give, on a fixture", () => {
  it("covers every diagnostic name", () => {
    expect(Object.keys(HINTS).sort()).toEqual(Object.keys(catalogue).sort());
  });

  for (const [name, cases] of Object.entries(HINTS)) {
    cases.forEach((hintCase, i) => {
      it(`${name}${cases.length > 1 ? ` (${i + 1})` : ""}`, async () => {
        const dir = mkdtempSync(join(tmpdir(), "sf-hints-"));
        for (const [path, content] of Object.entries(hintCase.files ?? {})) writeFileSync(join(dir, path), content);
        const file = join(dir, "fixture.yaml");
        writeFileSync(file, hintCase.given);
        const found = (await validateFile(file, hintCase.options)).diagnostics.filter((d) => d.name === name);
        const at = found.map((d) => `${d.line}:${d.column}${d.pointer ? ` ${d.pointer}` : ""}`);
        expect(at).toContain(hintCase.at);
        expect(found[at.indexOf(hintCase.at)]?.hint).toBe(hintCase.hint);
      });
    });
  }

  it("schema-violation cannot be reached: the schema uses only keywords with messages of their own", () => {
    const named = new Set([
      "$schema",
      "$id",
      "$ref",
      "$defs",
      "title",
      "description",
      "examples",
      "default",
      "type",
      "properties",
      "required",
      "additionalProperties",
      "items",
      "enum",
      "pattern",
      "propertyNames",
      "minItems",
      "maxItems",
      "minLength",
      "maxLength",
      "minProperties",
      "uniqueItems",
    ]);
    const used = new Set<string>();
    const walk = (node: unknown, key?: string): void => {
      if (Array.isArray(node)) for (const item of node) walk(item);
      else if (node && typeof node === "object") {
        const map = node as Record<string, unknown>;
        // The names under properties, $defs and examples are the config's keys, not keywords.
        const container = key === "properties" || key === "$defs";
        for (const [k, v] of Object.entries(map)) {
          if (!container && key !== "examples" && key !== "default") used.add(k);
          if (k !== "examples" && k !== "default" && k !== "enum") walk(v, container ? undefined : k);
        }
      }
    };
    walk(JSON.parse(readFileSync(join(import.meta.dirname, "..", "schema", "brands.schema.json"), "utf8")));
    expect([...used].filter((k) => !named.has(k))).toEqual([]);
  });

  it("the demo config needs no hint at all", async () => {
    expect((await validateFile(DEMO_CONFIG)).diagnostics).toEqual([]);
  });
});
