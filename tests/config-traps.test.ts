// Configs that are valid YAML, and once were valid against the schema too, but are wrong for a real
// store: each must be reported under its own name, at the value's line, column and JSON pointer. The
// table (given → want) holds the cases found when operators' mistakes were tried one by one; the
// test keeps the number accepted at zero.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ErrorCode } from "yaml";
import { codeFrame } from "../core/node/config/diagnostics.ts";
import { formatValidation, validateFile, validateText } from "../core/node/config/validate.ts";
import { yamlDiagnosticName } from "../core/node/config/yaml-errors.ts";
import { edit, JA_NOTICE, minimal, second, twoBrands } from "./config-edits.ts";

interface Trap {
  given: string;
  /** The diagnostic it must produce: `name line:column pointer` (no pointer: the file as a whole). */
  want: string;
  strict?: boolean;
}

const TRAPS: Record<string, Trap> = {
  "a production host containing 'demo'": {
    given: edit("production: [pay.minimal.example]", "production: [pay.demolition-minimal.example]"),
    want: "demo-host-in-production 15:20 /brands/0/hosts/production/0",
  },
  "localhost as a production host": {
    given: edit("production: [pay.minimal.example]", "production: [localhost]"),
    want: "loopback-host-in-production 15:20 /brands/0/hosts/production/0",
  },
  "a loopback address as a production host": {
    given: edit("production: [pay.minimal.example]", "production: [127.0.0.1]"),
    want: "loopback-host-in-production 15:20 /brands/0/hosts/production/0",
  },
  "localhost.localdomain as a production host": {
    given: edit("production: [pay.minimal.example]", "production: [localhost.localdomain]"),
    want: "loopback-host-in-production 15:20 /brands/0/hosts/production/0",
  },
  "a production API origin on a loopback address": {
    given: edit("primary: https://api.minimal.example", "primary: https://127.0.0.1"),
    want: "loopback-host-in-production 18:18 /brands/0/api/production/primary",
  },
  "a production tracking origin on localhost": {
    given: edit("tracking: https://track.minimal.example", "tracking: https://localhost:8443"),
    want: "loopback-host-in-production 19:19 /brands/0/api/production/tracking",
  },
  "an empty file": { given: "", want: "empty-config 1:1" },
  "a whitespace-only file": { given: "  \n\n\t\n", want: "empty-config 1:1" },
  "a byte-order mark alone": { given: "\ufeff", want: "empty-config 1:1" },
  "a lone CR": { given: "\r", want: "empty-config 1:1" },
  "1e400 as a client id": {
    given: edit('web: "903"', "web: 1e400"),
    want: "number-for-string 36:57 /brands/0/games/alpha/clientIdMap/web",
  },
  "a 5,000-digit number as the tracking event id": {
    given: edit('eventId: "18"', `eventId: ${"9".repeat(5000)}`),
    want: "number-for-string 32:16 /brands/0/tracking/eventId",
  },
  "a login client id shared by two brands": {
    given: twoBrands(minimal, second().replace("loginClientId: second-login", "loginClientId: min-login")),
    want: "duplicate-login-client-id 51:82 /brands/1/areas/sea/loginClientId",
  },
  "a short link with a client id no game has": {
    given: edit(
      "    defaultGame: alpha",
      '    defaultGame: alpha\n    shortLinks:\n      go: { region: sea, clientIdMap: { android: "999", ios: "902", web: "903" } }',
    ),
    want: "short-link-unknown-client-id 40:50 /brands/0/shortLinks/go/clientIdMap/android",
  },
  "a short link with another brand's client id": {
    given: twoBrands(
      edit(
        "    defaultGame: alpha",
        '    defaultGame: alpha\n    shortLinks:\n      go: { region: sea, clientIdMap: { android: "801", ios: "902", web: "903" } }',
      ),
    ),
    want: "short-link-foreign-client-id 40:50 /brands/0/shortLinks/go/clientIdMap/android",
  },
  "a production API origin on a demo platform": {
    given: edit("primary: https://api.minimal.example", "primary: https://api-demo.nimbus-games.com"),
    want: "demo-origin-in-production 18:18 /brands/0/api/production/primary",
  },
  "a production API origin on a sandbox": {
    given: edit("primary: https://api.minimal.example", "primary: https://sandbox.nimbus-games.com"),
    want: "demo-origin-in-production 18:18 /brands/0/api/production/primary",
  },
  "a production API origin on staging": {
    given: edit("primary: https://api.minimal.example", "primary: https://staging-api.nimbus-games.com"),
    want: "demo-origin-in-production 18:18 /brands/0/api/production/primary",
  },
  "a production API origin on a test label": {
    given: edit("primary: https://api.minimal.example", "primary: https://api.test2.nimbus-games.com"),
    want: "demo-origin-in-production 18:18 /brands/0/api/production/primary",
  },
  "a production API origin equal to the brand's demo origin": {
    given: edit("primary: https://api.minimal.example", "primary: https://pay-api.minimal.example").replace(
      "primary: https://api-demo.minimal.example",
      "primary: https://pay-api.minimal.example",
    ),
    want: "demo-origin-in-production 18:18 /brands/0/api/production/primary",
  },
  "a production API origin equal to another brand's demo origin": {
    given: twoBrands(minimal, second().replace("primary: https://api.second.example", "primary: https://api-b.minimal.example")).replace(
      "primary: https://api-demo.minimal.example",
      "primary: https://api-b.minimal.example",
    ),
    want: "demo-origin-in-production 48:30 /brands/1/api/production/primary",
  },
  "a demo backup origin in production": {
    given: edit(
      "primary: https://api.minimal.example",
      "primary: https://api.minimal.example\n        backup: [https://api-b1.minimal.example, https://api-demo2.minimal.example]",
    ),
    want: "demo-origin-in-production 19:50 /brands/0/api/production/backup/1",
  },
  "a demo tracking origin in production": {
    given: edit("tracking: https://track.minimal.example", "tracking: https://track-demo.minimal.example"),
    want: "demo-origin-in-production 19:19 /brands/0/api/production/tracking",
  },
  "a production API origin on a private address": {
    given: edit("primary: https://api.minimal.example", "primary: https://10.0.0.5"),
    want: "loopback-host-in-production 18:18 /brands/0/api/production/primary",
  },
  "a production tracking origin on a private name": {
    given: edit("tracking: https://track.minimal.example", "tracking: https://track.corp.internal"),
    want: "loopback-host-in-production 19:19 /brands/0/api/production/tracking",
  },
  "a private address as a production host": {
    given: edit("production: [pay.minimal.example]", "production: [192.168.1.20]"),
    want: "loopback-host-in-production 15:20 /brands/0/hosts/production/0",
  },
  "a staging production host": {
    given: edit("production: [pay.minimal.example]", "production: [pay-staging.minimal.example]"),
    want: "demo-host-in-production 15:20 /brands/0/hosts/production/0",
  },
  "a production origin shared with another brand (a warning)": {
    given: twoBrands(minimal, second().replace("tracking: https://track.second.example", "tracking: https://track.minimal.example")),
    want: "shared-production-origin 48:68 /brands/1/api/production/tracking",
  },
  "an http production API origin": {
    given: edit("primary: https://api.minimal.example", "primary: http://api.minimal.example"),
    want: "insecure-origin 18:18 /brands/0/api/production/primary",
  },
  "an http backup origin": {
    given: edit(
      "primary: https://api.minimal.example",
      "primary: https://api.minimal.example\n        backup: [http://api2.minimal.example]",
    ),
    want: "insecure-origin 19:18 /brands/0/api/production/backup/0",
  },
  "an http tracking origin": {
    given: edit("tracking: https://track.minimal.example", "tracking: http://track.minimal.example"),
    want: "insecure-origin 19:19 /brands/0/api/production/tracking",
  },
  "a ja area without its legal block": {
    given: edit(
      "    login: {}",
      "      ja:\n        currency: JPY\n        languages: [ja]\n        defaultLanguage: ja\n        regions: [JP]\n        loginClientId: min-login-ja\n    login: {}",
    ).replace(
      "    defaultGame: alpha",
      '      omega:\n        name: Omega\n        clientIdMap: { android: "904", ios: "905", web: "906" }\n        area: ja\n    defaultGame: alpha',
    ),
    want: "ja-legal-missing 29:7 /brands/0/areas/ja",
  },
  "a login client id shared by two areas of one brand": {
    given: edit(
      "    login: {}",
      "      ja:\n        currency: JPY\n        languages: [ja]\n        defaultLanguage: ja\n        regions: [JP]\n        loginClientId: min-login\n    login: {}",
    ),
    want: "duplicate-login-client-id 34:24 /brands/0/areas/ja/loginClientId",
  },
  "a double quote never closed, which swallows the keys up to the next quote": {
    given: edit("title: Minimal Store", 'title: "Minimal Store\n    icon: brands/minimal.svg"'),
    want: "quoted-value-spans-keys 6:12 /brands/0/title",
  },
  "a single quote never closed": {
    given: edit("title: Minimal Store", "title: 'Minimal Store\n    icon: brands/minimal.svg'"),
    want: "quoted-value-spans-keys 6:12 /brands/0/title",
  },
  "a currency that is not ISO 4217": { given: edit("currency: USD", "currency: ABC"), want: "unknown-value 7:15 /brands/0/currency" },
  "RMB for the yuan": { given: edit("currency: USD", "currency: RMB"), want: "unknown-value 7:15 /brands/0/currency" },
  "a payment region outside ISO 3166-1, GLOBAL and MMK": {
    given: edit("regions: [TH]", "regions: [TH, ZZ]"),
    want: "unknown-value 27:23 /brands/0/areas/sea/regions/1",
  },
  "a theme colour with no contrast against the page": {
    given: edit("currency: USD", 'currency: USD\n    themeColor: "#f0f0f0"'),
    want: "low-contrast-theme 8:17 /brands/0/themeColor",
  },
  "support hours reversed": {
    given: edit("    defaultGame: alpha", '    defaultGame: alpha\n    legal:\n      supportHours: ["19:00-10:00"]'),
    want: "support-hours-order 40:22 /brands/0/legal/supportHours/0",
  },
  "support hours that overlap": {
    given: edit("    defaultGame: alpha", '    defaultGame: alpha\n    legal:\n      supportHours: ["10:00-13:00", "12:00-19:00"]'),
    want: "support-hours-order 40:37 /brands/0/legal/supportHours/1",
  },
  "a bidi control character in the brand name": {
    given: edit("name: Minimal Games", 'name: "Minimal\u202eGames"'),
    want: "bidi-control 5:11 /brands/0/name",
  },
  "an alias bomb": {
    given: [
      "a: &a [x, x, x, x, x, x, x, x, x, x]",
      ...["b", "c", "d", "e", "f", "g"].map((k, i) => `${k}: &${k} [${Array(10).fill(`*${"abcdef"[i]}`).join(", ")}]`),
      "brands: []",
    ].join("\n"),
    want: "alias-amplification 4:16 /d/2",
  },
  "a brand module over its 3 KB budget": {
    given: edit(
      "    defaultGame: alpha",
      `    defaultGame: alpha\n    legal:\n      inquiry: "${Array.from({ length: 4000 }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919) % 20000))).join("")}"`,
    ),
    want: "brand-module-too-large 4:9 /brands/0/id",
  },
  "a TODO left by gen new-brand (strict)": {
    given: edit(
      "privacy: https://minimal.example/privacy",
      "privacy: https://minimal-games.com/privacy  # TODO: the publisher's real value",
    ),
    want: "todo-marker 10:51 /brands/0/links/privacy",
    strict: true,
  },
  "a TODO on a flow map, at the map (strict)": {
    given: edit(
      'clientIdMap: { android: "901", ios: "902", web: "903" }',
      'clientIdMap: { android: "901", ios: "902", web: "903" } # TODO',
    ),
    want: "todo-marker 36:65 /brands/0/games/alpha/clientIdMap",
    strict: true,
  },
  "a TODO on a line of its own, at what follows (strict)": {
    given: edit("    defaultGame: alpha", "    # TODO: pick the game visitors land on\n    defaultGame: alpha"),
    want: "todo-marker 38:5 /brands/0/defaultGame",
    strict: true,
  },
  "a .example host (strict)": { given: minimal, want: "placeholder-value 10:16 /brands/0/links/privacy", strict: true },
  "gen new-brand's huaweiClientId (strict)": {
    given: edit('huaweiClientId: "900"', 'huaweiClientId: "000000000"'),
    want: "placeholder-value 2:17 /huaweiClientId",
    strict: true,
  },
  "a Google client id on a reserved name (strict)": {
    given: edit(
      "    login: {}",
      "    login:\n      google: { clientId: 1-minimal.apps.googleusercontent.example, package: com.minimal.app }",
    ),
    want: "placeholder-value 30:27 /brands/0/login/google/clientId",
    strict: true,
  },
  "an Android package of example.com (strict)": {
    given: edit(
      "    login: {}",
      "    login:\n      google: { clientId: 1-minimal.apps.googleusercontent.com, package: com.example.minimal }",
    ),
    want: "placeholder-value 30:74 /brands/0/login/google/package",
    strict: true,
  },
  "an Apple bundle id of example.com (strict)": {
    given: edit("    login: {}", "    login:\n      apple: { bundleId: com.example.minimal.signin }"),
    want: "placeholder-value 30:26 /brands/0/login/apple/bundleId",
    strict: true,
  },
  "a Facebook app id of zeros (strict)": {
    given: edit("    login: {}", '    login:\n      facebook: { appId: "00000" }'),
    want: "placeholder-value 30:26 /brands/0/login/facebook/appId",
    strict: true,
  },
  "a game client id that says it is a placeholder (strict)": {
    given: edit('web: "903"', "web: your-client-id"),
    want: "placeholder-value 36:57 /brands/0/games/alpha/clientIdMap/web",
    strict: true,
  },
  "a tracking event id left as TODO (strict)": {
    given: edit('eventId: "18"', "eventId: TODO"),
    want: "placeholder-value 32:16 /brands/0/tracking/eventId",
    strict: true,
  },
  "gen new-brand's tracking app id (strict)": {
    given: edit("appId: minimal-web", "appId: minimal-web-placeholder"),
    want: "placeholder-value 31:14 /brands/0/tracking/appId",
    strict: true,
  },
  "gen new-brand's address in the Japanese notice (strict)": {
    given: edit("    defaultGame: alpha", `    defaultGame: alpha\n    legal:\n      commercialTransactions:\n        alpha: ${JA_NOTICE}`),
    want: "placeholder-value 41:44 /brands/0/legal/commercialTransactions/alpha/address",
    strict: true,
  },
  "a contact address on a reserved name in the Japanese notice (strict)": {
    given: edit("    defaultGame: alpha", `    defaultGame: alpha\n    legal:\n      commercialTransactions:\n        alpha: ${JA_NOTICE}`),
    want: "placeholder-value 41:70 /brands/0/legal/commercialTransactions/alpha/contact",
    strict: true,
  },
};

describe("traps of a real store are reported by name", () => {
  for (const [what, trap] of Object.entries(TRAPS)) {
    it(what, () => {
      const result = validateText("fixture.yaml", trap.given, { strict: Boolean(trap.strict) });
      expect(result.diagnostics.map((d) => `${d.name} ${d.line}:${d.column} ${d.pointer}`.trim())).toContain(trap.want);
    });
  }

  it("every trap's diagnostic says what to do", () => {
    for (const [what, trap] of Object.entries(TRAPS)) {
      const found = validateText("fixture.yaml", trap.given, { strict: Boolean(trap.strict) }).diagnostics.find(
        (d) => `${d.name} ${d.line}:${d.column} ${d.pointer}`.trim() === trap.want,
      );
      expect(found?.hint, what).toBeTruthy();
    }
  });

  it("a production origin passes when its labels only contain the words: contest, demolition, testing", () => {
    for (const origin of [
      "https://contest.nimbus-games.com",
      "https://demolition-api.nimbus-games.com",
      "https://api.testing.nimbus-games.com",
    ]) {
      const text = edit("primary: https://api.minimal.example", `primary: ${origin}`);
      expect(validateText("fixture.yaml", text).diagnostics, origin).toEqual([]);
    }
  });

  it("a production origin shared on purpose (api.sharedWith) is no warning", () => {
    const shared = twoBrands(
      minimal,
      second().replace("tracking: https://track.second.example", "tracking: https://track.minimal.example"),
    );
    const meant = shared.replace(
      "    api:\n      production: { primary: https://api.second",
      "    api:\n      sharedWith: [minimal]\n      production: { primary: https://api.second",
    );
    expect(meant).not.toBe(shared);
    expect(validateText("fixture.yaml", meant).diagnostics).toEqual([]);
  });

  it("a TODO on a placeholder's line is one diagnostic: the placeholder's, saying to delete the mark", () => {
    const text = edit(
      "privacy: https://minimal.example/privacy",
      "privacy: https://minimal.example/privacy  # TODO: the publisher's real value",
    );
    const onLine = validateText("fixture.yaml", text, { strict: true }).diagnostics.filter((d) => d.line === 10);
    expect(onLine.map((d) => [d.name, d.column, d.hint])).toEqual([
      ["placeholder-value", 16, "use the publisher's real value; .example, .test and .invalid never resolve; then delete the TODO comment"],
    ]);
  });

  it("a file that passes them all is fine: the minimal config reports nothing", () => {
    expect(validateText("fixture.yaml", minimal).diagnostics).toEqual([]);
  });

  it("an icon that does not decode as an image is reported; a real one is not", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sf-icon-"));
    writeFileSync(join(dir, "text.svg"), "just some text, renamed\n");
    writeFileSync(join(dir, "blank.svg"), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"></svg>');
    writeFileSync(
      join(dir, "real.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#123"/></svg>',
    );
    // An SVG saved as .png, and text saved as .png (the schema wants .svg; the icon is checked all the same).
    writeFileSync(join(dir, "svg.png"), readFileSync(join(dir, "real.svg")));
    writeFileSync(join(dir, "text.png"), "just some text, renamed\n");
    for (const [icon, want] of [
      ["text.svg", "icon file 'text.svg' does not decode as an SVG image"],
      ["blank.svg", "draws nothing"],
      ["real.svg", undefined],
      ["svg.png", "icon file 'svg.png' is an SVG image, not PNG"],
      ["text.png", "icon file 'text.png' does not decode as a PNG image"],
    ] as const) {
      const file = join(dir, `${icon}.yaml`);
      writeFileSync(file, edit("currency: USD", `currency: USD\n    icon: ${icon}`));
      const found = (await validateFile(file)).diagnostics.find((d) => d.name === "icon-not-image");
      if (want) expect(found?.message, icon).toContain(want);
      else expect(found, icon).toBeUndefined();
    }
  });
});

/** The YAML parser's own errors: each under its own name, at its place, with a hint for that error. */
const YAML_ERRORS: Record<string, { given: string; want: string; hint: RegExp }> = {
  "a plain value starting with @": {
    given: edit("name: Minimal Games", "name: @minimal games"),
    want: "yaml-reserved-indicator 5:11",
    hint: /write it in quotes: "@minimal games"/,
  },
  "a plain value starting with a backtick": {
    given: edit("name: Minimal Games", "name: `Minimal` Games"),
    want: "yaml-reserved-indicator 5:11",
    hint: /write it in quotes: "`Minimal` Games"/,
  },
  "an !!int tag on a text": {
    given: edit('huaweiClientId: "900"', "huaweiClientId: !!int nine"),
    want: "yaml-bad-tag 2:17",
    hint: /remove the tag '!!int'/,
  },
  "a tag YAML does not know": {
    given: edit("currency: USD", "currency: !currency USD"),
    want: "yaml-bad-tag 7:15",
    hint: /remove the tag '!currency'/,
  },
  "two anchors on one value": {
    given: edit("currency: USD", "currency: &a &b USD"),
    want: "yaml-multiple-anchors 7:18",
    hint: /one anchor/,
  },
  "two tags on one value": {
    given: edit("currency: USD", "currency: !!str !!str USD"),
    want: "yaml-multiple-tags 7:21",
    hint: /one tag/,
  },
  "a second document": {
    given: `${minimal}---\nbrands: []\n`,
    want: "yaml-multiple-documents 39:1",
    hint: /remove the '---'/,
  },
  "an alias to no anchor": {
    given: edit("currency: USD", "currency: *usd"),
    want: "yaml-bad-alias 7:15",
    hint: /'&usd'/,
  },
  "a NUL byte": {
    given: edit("name: Minimal Games", "name: Minimal\u0000Games"),
    want: "yaml-control-character 5:18",
    hint: /<U\+0000>/,
  },
  "a bell character": {
    given: edit("name: Minimal Games", "name: Minimal\u0007Games"),
    want: "yaml-control-character 5:18",
    hint: /<U\+0007>/,
  },
  "a directive for another YAML version": {
    given: `%YAML 2.0\n---\n${minimal}`,
    want: "yaml-bad-directive 1:7",
    hint: /delete the line starting with '%'/i,
  },
  "an anchor before the ? indicator": {
    given: edit('huaweiClientId: "900"', '&a ? huaweiClientId\n: "900"'),
    want: "yaml-property-order 2:4",
    hint: /after the indicator/,
  },
  "a block list inside a flow list": {
    given: edit("regions: [TH]", "regions: [\n          - TH]"),
    want: "yaml-block-in-flow 28:11",
    hint: /close the bracket/i,
  },
};

describe("the YAML parser's errors each have a name and a hint of their own", () => {
  it("every error code of the parser has a name of its own", () => {
    // The yaml package's ErrorCode, in full: the type checker fails this list when a code is added.
    // IMPOSSIBLE (a parser bug) and NON_STRING_KEY (an option not set) cannot reach an operator.
    const codes: Record<Exclude<ErrorCode, "IMPOSSIBLE" | "NON_STRING_KEY">, true> = {
      ALIAS_PROPS: true,
      BAD_ALIAS: true,
      BAD_DIRECTIVE: true,
      BAD_DQ_ESCAPE: true,
      BAD_INDENT: true,
      BAD_PROP_ORDER: true,
      BAD_SCALAR_START: true,
      BLOCK_AS_IMPLICIT_KEY: true,
      BLOCK_IN_FLOW: true,
      DUPLICATE_KEY: true,
      KEY_OVER_1024_CHARS: true,
      MISSING_CHAR: true,
      MULTILINE_IMPLICIT_KEY: true,
      MULTIPLE_ANCHORS: true,
      MULTIPLE_DOCS: true,
      MULTIPLE_TAGS: true,
      RESOURCE_EXHAUSTION: true,
      TAB_AS_INDENT: true,
      TAG_RESOLVE_FAILED: true,
      UNEXPECTED_TOKEN: true,
      BAD_COLLECTION_TYPE: true,
    };
    for (const code of Object.keys(codes)) expect(yamlDiagnosticName(code), code).not.toBe("yaml-syntax");
  });

  for (const [what, { given, want, hint }] of Object.entries(YAML_ERRORS)) {
    it(what, () => {
      const result = validateText("fixture.yaml", given);
      const found = result.diagnostics.map((d) => `${d.name} ${d.line}:${d.column}`);
      expect(found).toContain(want);
      const d = result.diagnostics[found.indexOf(want)];
      expect(d?.hint).toMatch(hint);
      // Written for an operator: no advice addressed to a programmer of the YAML library.
      expect(d?.message).not.toMatch(/YAML\.|parseAllDocuments|tag:yaml\.org/);
    });
  }
});

describe("diagnostics are located and sized for people", () => {
  it("a NUL byte is located at its line and column, not its offset", () => {
    const d = validateText("b.yaml", edit("name: Minimal Games", "name: Minimal\u0000Games")).diagnostics[0];
    expect([d?.name, d?.line, d?.column]).toEqual(["yaml-control-character", 5, 18]);
  });

  it("a file with lone-CR line ends is located line by line", () => {
    const d = validateText("b.yaml", edit("currency: USD", "currency: usd").replace(/\n/g, "\r")).diagnostics.find(
      (x) => x.name === "unknown-value",
    );
    expect([d?.line, d?.column]).toEqual([7, 15]);
  });

  it("a code frame shows control and direction characters as <U+…>, never raw", () => {
    const result = validateText("b.yaml", edit("name: Minimal Games", 'name: "Minimal\u202eGames"\n    title: "Minimal\u0000Store"'));
    const out = formatValidation(result, "text");
    expect(out).toContain('    5 |     name: "Minimal<U+202E>Games"\n');
    expect(out).toContain('  > 6 |     title: "Minimal<U+0000>Store"\n');
    expect(out.includes("\u0000") || out.includes("\u202e")).toBe(false);
  });

  it("a code frame puts its carets under the value by display width (CJK and emoji are two columns)", () => {
    const text = 'title: "日本語\u202eストア🎮" xyz\n';
    const column = text.indexOf("xyz") + 1;
    // title: " (8) 日本語 (6) <U+202E> (8) ストア (6) 🎮 (2) " and a space (2): 32 columns before xyz.
    expect(codeFrame(text, 1, column, column + 3)).toBe(`> 1 | title: "日本語<U+202E>ストア🎮" xyz\n    | ${" ".repeat(32)}^^^\n  2 | \n`);
    // Under a wide value, one caret per column it takes.
    expect(codeFrame("name: 日本語", 1, 7, 10)).toBe("> 1 | name: 日本語\n    |       ^^^^^^\n");
  });

  it("a code frame keeps a tab in the caret line, so the caret stays under the value", () => {
    expect(codeFrame("a:\tb", 1, 4, 5)).toBe("> 1 | a:\tb\n    |   \t^\n");
  });

  it("a huge value is cut in the message, not echoed", () => {
    const big = "x".repeat(5_000_000);
    const result = validateText("b.yaml", edit("currency: USD", `currency: ${big}`));
    const message = result.diagnostics.find((d) => d.pointer === "/brands/0/currency")?.message ?? "";
    expect(message.length).toBeLessThan(200);
    expect(message).toContain("more characters");
  });

  it("aliases may repeat a block a few times, not multiply the file: the limit is a multiple of its size", () => {
    // A 2,000-character block anchored once and repeated: 8 times stays under 10 times the file, 12 times does not.
    const file = (repeats: number) =>
      [`block: &block "${"x".repeat(2000)}"`, `copies: [${Array(repeats).fill("*block").join(", ")}]`, "brands: []"].join("\n");
    const names = (text: string) => validateText("b.yaml", text).diagnostics.map((d) => d.name);
    expect(names(file(8))).not.toContain("alias-amplification");
    const over = validateText("b.yaml", file(12)).diagnostics;
    expect(over.map((d) => `${d.name} ${d.line}:${d.column} ${d.pointer}`)).toEqual(["alias-amplification 2:82 /copies/9"]);
    expect(over[0]?.message).toMatch(/beyond 21 KB of data \(10 times its 2.1 KB, at least 16 KB\): '\*block' here takes it over/);
  });

  it("a client id that is no text is one error: its short links are not also 'unknown'", () => {
    const text = edit('web: "903"', "web: 1e400").replace(
      "    defaultGame: alpha",
      '    defaultGame: alpha\n    shortLinks:\n      go: { region: sea, clientIdMap: { android: "901", ios: "902", web: "903" } }',
    );
    expect(validateText("b.yaml", text).diagnostics.map((d) => d.name)).toEqual(["number-for-string"]);
  });

  it("a refused value is one error: its brand's module size is not also reported", () => {
    const text = edit("currency: USD", `currency: ${"x".repeat(5_000_000)}`);
    expect(validateText("b.yaml", text).diagnostics.map((d) => d.name)).toEqual(["unknown-value"]);
  });

  it("[::1] as a production host is one error", () => {
    const text = edit("production: [pay.minimal.example]", 'production: ["[::1]"]');
    expect(validateText("b.yaml", text).diagnostics.map((d) => `${d.name} ${d.line}:${d.column}`)).toEqual(["bad-format 15:20"]);
  });

  it("a tab used to indent is one error: the lines after it are not also 'badly indented'", () => {
    for (const tabbed of ["\t- id: minimal", "  \t- id: minimal", "\tname: Minimal Games"]) {
      const line = tabbed.includes("id:") ? "  - id: minimal" : "    name: Minimal Games";
      const names = validateText("b.yaml", edit(line, tabbed)).diagnostics.map((d) => `${d.name} ${d.line}`);
      expect(names, JSON.stringify(tabbed)).toEqual([`yaml-tab-indent ${tabbed.includes("id:") ? 4 : 5}`]);
    }
  });

  it("a misspelt area key is one error: no follow-on errors with misleading hints", () => {
    const text = edit("      sea:\n", "      seaa:\n").replace(
      "    defaultGame: alpha",
      '    defaultGame: alpha\n    shortLinks:\n      go: { region: sea, clientIdMap: { android: "901", ios: "902", web: "903" } }',
    );
    const result = validateText("b.yaml", text);
    expect(result.diagnostics.map((d) => [d.name, d.hint])).toEqual([["unknown-value", "did you mean 'sea'?"]]);
  });
});

describe("gen validate --strict passes a store that is ready", () => {
  // The minimal config with the values a publisher would really have: nothing left to replace.
  const ready = minimal
    .replace(/minimal\.example/g, "minimal-games.com")
    .replace("appId: minimal-web", "appId: mg-storefront")
    .replace(
      "    login: {}",
      '    login:\n      google: { clientId: 1234-abcd.apps.googleusercontent.com, package: com.minimalgames.app }\n      facebook: { appId: "1029384756" }',
    )
    .replace(
      "    defaultGame: alpha",
      '    defaultGame: alpha\n    legal:\n      commercialTransactions:\n        alpha: { seller: Minimal KK, address: "〒150-0002 東京都渋谷区渋谷2-1-1", contact: support@minimal-games.com, price: 表示価格, payment: 購入時, delivery: 直ちに, returns: 不可 }',
    );

  it("reports nothing on real-looking values", () => {
    expect(validateText("fixture.yaml", ready, { strict: true }).diagnostics).toEqual([]);
  });

  it("a '# TODO' inside a quoted value is text, not a marker", () => {
    const text = ready.replace("name: Alpha", 'name: "Alpha # TODO edition"');
    expect(validateText("fixture.yaml", text, { strict: true }).diagnostics).toEqual([]);
  });
});
