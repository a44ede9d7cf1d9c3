// gen new-brand: flags and prompts, the rest of the file byte-identical, refusals that leave it untouched.
import { mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import jsYaml from "js-yaml";
import { describe, expect, it } from "vitest";
import { type Io, main } from "../cli/main.ts";
import { validateFile } from "../core/node/config/validate.ts";
import { insertBrand } from "../generator/brand-skeleton.ts";
import { DEMO_CONFIG } from "./demo-config.ts";

const _root = join(import.meta.dirname, "..");

/** A copy of a config in a fresh folder, with the example icons next to it. */
function copyConfig(text = readFileSync(DEMO_CONFIG, "utf8")): string {
  const dir = mkdtempSync(join(tmpdir(), "gen-new-brand-"));
  symlinkSync(join(dirname(DEMO_CONFIG), "brands"), join(dir, "brands"));
  const file = join(dir, "fixture.yaml");
  writeFileSync(file, text);
  return file;
}

async function run(args: string[], io: Partial<Io> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(["node", "gen", ...args], { out: (s) => out.push(s), err: (s) => err.push(s), ...io });
  return { code, out: out.join(""), err: err.join("") };
}

/** Asserts `after` is `before` with one insertion and returns the inserted text. */
function insertedText(before: string, after: string): string {
  let p = 0;
  while (p < before.length && before[p] === after[p]) p++;
  const rest = before.slice(p);
  expect(after.endsWith(rest)).toBe(true);
  expect(after.slice(0, p) + rest).toBe(before);
  return after.slice(p, after.length - rest.length);
}

type Brand = Record<string, unknown> & { id: string; hosts: { production: string[] }; areas: Record<string, { languages: string[] }> };
const brandsOf = (file: string) => (jsYaml.load(readFileSync(file, "utf8")) as { brands: Brand[] }).brands;

describe("gen new-brand from flags", () => {
  it("adds a valid brand after the last one and keeps every other byte", async () => {
    const file = copyConfig();
    const before = readFileSync(file, "utf8");
    const r = await run([
      "new-brand",
      "nova",
      file,
      "--name",
      "Nova Games",
      "--colour",
      "#FF6A00",
      "--hosts",
      "pay.nova.example,shop.nova.example",
      "--areas",
      "sea,ja",
      "--languages",
      "en,th",
      "--games",
      "starfall:Starfall Legends@ja,moonrise",
      "--no-prompt",
    ]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Added brand 'nova' to .*fixture\.yaml \(lines 409–/);

    const inserted = insertedText(before, readFileSync(file, "utf8"));
    expect(inserted.startsWith("\n  # Nova Games: added by `gen new-brand`")).toBe(true);
    expect(inserted).toContain("\n  - id: nova\n    name: Nova Games\n");

    const validation = await validateFile(file);
    // Valid; the one warning is the orange given, too pale for outlines on the page.
    expect(validation.diagnostics.map((d) => d.name)).toEqual(["low-contrast-theme"]);
    const brand = validation.config?.brands.at(-1);
    expect(brand).toMatchObject({
      id: "nova",
      name: "Nova Games",
      themeColor: "#ff6a00",
      currency: "USD",
      hosts: { production: ["pay.nova.example", "shop.nova.example"], demo: ["pay-demo.nova.example"] },
      areas: {
        sea: { languages: ["en", "th"], defaultLanguage: "en" },
        ja: { currency: "JPY", languages: ["en", "th"], defaultLanguage: "en", regions: ["JP"] },
      },
      games: { starfall: { name: "Starfall Legends", area: "ja" }, moonrise: { name: "Moonrise", area: "sea" } },
      defaultGame: "starfall",
    });
    // Placeholders are marked; the hosts the operator gave are not.
    expect(inserted).toMatch(/privacy: https:\/\/nova\.example\/privacy # TODO/);
    expect(inserted).toMatch(/production: \[pay\.nova\.example, shop\.nova\.example\]\n/);
  });

  it("fills a one-flag brand from the schema and the area's usual values, with client ids nobody uses", async () => {
    const file = copyConfig();
    const r = await run(["new-brand", "kumo", file, "--areas", "kr", "--no-prompt"]);
    expect(r.code).toBe(0);
    const brand = brandsOf(file).at(-1);
    expect(brand).toMatchObject({
      id: "kumo",
      name: "Kumo",
      themeColor: "#0077cc",
      currency: "KRW",
      areas: { kr: { languages: ["ko", "en"], defaultLanguage: "ko", regions: ["KR"] } },
      games: { kumo: { name: "Kumo", area: "kr", clientIdMap: { android: "6001001", ios: "6001002", web: "6001003" } } },
    });
    expect((await validateFile(file)).config?.brands).toHaveLength(6);
  });

  it("follows the file's own indentation and keeps comments that end the last brand with it", async () => {
    const text = [
      "# top comment",
      "huaweiClientId: '1'   # odd spacing kept",
      "brands:",
      "    -   id: solo",
      "        name: Solo",
      "        title: Solo",
      "        currency: USD",
      "        copyright: '© Solo'",
      "        links:",
      "            privacy: https://solo.example/p",
      "            terms: https://solo.example/t",
      "        support: { url: https://solo.example/s }",
      "        hosts:",
      "            production: [pay.solo.example]",
      "        api:",
      "            production: { primary: https://api.solo.example, tracking: https://t.solo.example }",
      "            demo: { primary: https://api-demo.solo.example, tracking: https://t-demo.solo.example }",
      "        areas:",
      "            sea: { languages: [en], defaultLanguage: en, regions: [TH], loginClientId: solo-sea }",
      "        login: {}",
      "        tracking: { appId: solo, eventId: '1' }",
      "        games:",
      "            one: { name: One, clientIdMap: { android: '1', ios: '2', web: '3' }, area: sea }",
      "        defaultGame: one",
      "        # features: to come (this comment belongs to solo)",
      "",
      "# the end of the file",
    ].join("\n");
    const file = copyConfig(text);
    const r = await run(["new-brand", "duo", file, "--no-prompt"]);
    expect(r.code).toBe(0);
    const after = readFileSync(file, "utf8");
    const inserted = insertedText(text, after);
    expect(after.indexOf("belongs to solo")).toBeLessThan(after.indexOf("id: duo"));
    expect(after.endsWith("\n\n# the end of the file")).toBe(true);
    expect(inserted).toContain("    -   id: duo\n        name: Duo\n");
    expect(inserted).toContain("\n        links:\n            privacy: https://duo.example/privacy");
    expect((await validateFile(file)).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("inserts before the next top-level key and into a file without a final newline", () => {
    const text = "brands:\n  - id: a\n    x: 1\nother: 2";
    const entry = () => "  - id: b\n";
    expect(insertBrand(text, entry).text).toBe("brands:\n  - id: a\n    x: 1\n\n  - id: b\nother: 2");
    expect(insertBrand("brands:\n- id: a", () => "- id: b\n").text).toBe("brands:\n- id: a\n\n- id: b\n");
    expect(insertBrand("brands:\r\n  - id: a\r\n# end\r\n", () => "  - id: b\n  x: 1\n").text).toBe(
      "brands:\r\n  - id: a\r\n\r\n  - id: b\r\n  x: 1\r\n# end\r\n",
    );
  });

  it("prints the entry with --dry-run and writes nothing", async () => {
    const file = copyConfig();
    const before = readFileSync(file, "utf8");
    const r = await run(["new-brand", "nova", file, "--no-prompt", "--dry-run"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^ {2}# Nova: added by/);
    expect(r.out).toContain("  - id: nova\n");
    expect(r.err).toMatch(/dry run; the entry would start at .*fixture\.yaml:409/);
    expect(readFileSync(file, "utf8")).toBe(before);
  });
});

describe("gen new-brand writes what validate --strict passes once the TODO values are real", () => {
  it("writes no YAML anchors or aliases: two areas given the same languages each have their own list", async () => {
    const file = copyConfig();
    const before = readFileSync(file, "utf8");
    const r = await run(["new-brand", "nova", file, "--areas", "sea,ja", "--languages", "en,th", "--no-prompt"]);
    expect(r.code).toBe(0);
    const inserted = insertedText(before, readFileSync(file, "utf8"));
    expect(inserted).not.toMatch(/[&*][A-Za-z]\w*/);
    expect(inserted.match(/languages: \[en, th\]/g)).toHaveLength(2);
  });

  it("its default colour passes its own checks", async () => {
    const file = copyConfig();
    expect((await run(["new-brand", "nova", file, "--no-prompt"])).code).toBe(0);
    const found = (await validateFile(file)).diagnostics.filter((d) => d.pointer.startsWith("/brands/5/"));
    expect(found).toEqual([]);
  });

  it("then validate --strict --brand reports only its # TODO lines, each once", async () => {
    const file = copyConfig();
    const before = readFileSync(file, "utf8");
    const r = await run(["new-brand", "nova", file, "--areas", "sea,ja", "--hosts", "pay.nova-games.com", "--no-prompt"]);
    expect(r.code).toBe(0);
    const after = readFileSync(file, "utf8");
    const start = after.split("\n").length - insertedText(before, after).split("\n").length + 1;
    const todoLines = after.split("\n").flatMap((line, i) => (i + 1 >= start && /# TODO/.test(line) ? [i + 1] : []));
    expect(todoLines.length).toBeGreaterThan(10);
    const strict = await run(["validate", file, "--strict", "--brand", "nova", "--format", "json"]);
    expect(strict.code).toBe(1);
    const lines = (JSON.parse(strict.out) as { diagnostics: { start: { line: number } }[] }).diagnostics.map((d) => d.start.line);
    expect(lines).toEqual(todoLines);
  });
});

describe("gen new-brand refuses and leaves the file untouched", () => {
  const untouched = (file: string) => {
    const text = readFileSync(file, "utf8");
    const mtime = statSync(file).mtimeMs;
    return () => {
      expect(readFileSync(file, "utf8")).toBe(text);
      expect(statSync(file).mtimeMs).toBe(mtime);
    };
  };

  it("an id that exists: exit 1 with the duplicate-brand-id diagnostic only", async () => {
    const file = copyConfig();
    const check = untouched(file);
    const r = await run(["new-brand", "aurora", file, "--no-prompt"]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/error\[duplicate-brand-id\]: brand id 'aurora' is already used at .*fixture\.yaml:14:9/);
    expect(r.out).not.toContain("duplicate-host");
    expect(r.err).toMatch(/brand 'aurora' was not added: 1 problem .*is unchanged\.\n$/);
    check();
  });

  it("a host another brand serves: exit 1, in JSON with --format json", async () => {
    const file = copyConfig();
    const check = untouched(file);
    const r = await run(["new-brand", "nova", file, "--hosts", "pay.aurora.example", "--no-prompt", "--format", "json"]);
    expect(r.code).toBe(1);
    const list = (JSON.parse(r.out) as { diagnostics: { name: string; message: string; pointer: string }[] }).diagnostics;
    expect(list).toEqual([
      expect.objectContaining({
        name: "duplicate-host",
        pointer: "/brands/5/hosts/production/0",
        message: expect.stringMatching(/host 'pay.aurora.example' is already used by brand 'aurora'/),
      }),
    ]);
    check();
  });

  it("a preview host of another brand (nova-demo.localhost is nova's): exit 1", async () => {
    const file = copyConfig();
    const check = untouched(file);
    const r = await run(["new-brand", "aurora-demo", file, "--no-prompt", "--format", "github"]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^::error file=.*,title=duplicate-host at \/brands\/5\/id::host 'aurora-demo\.localhost'/);
    check();
  });

  it("a config with errors already: exit 1 without adding", async () => {
    const file = copyConfig(readFileSync(DEMO_CONFIG, "utf8").replace("defaultGame: starfall", "defaultGame: nothing"));
    const check = untouched(file);
    const r = await run(["new-brand", "nova", file, "--no-prompt"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("error[unknown-default-game]");
    expect(r.err).toMatch(/has 1 error already \(fix them first/);
    check();
  });

  it("bad values: exit 2 with the flag, the reason and a hint", async () => {
    const file = copyConfig();
    const check = untouched(file);
    const cases: [string[], RegExp][] = [
      [["Nova"], /<id>: 'Nova' is not a valid brand id\n {2}hint: use 3 to 40 lower-case/],
      [["nova", file, "--colour", "red"], /--colour: 'red' is not a colour\n {2}hint: write it as #rrggbb/],
      [["nova", file, "--areas", "seaa"], /--areas: 'seaa' is not a sales area\n {2}hint: did you mean 'sea'\?/],
      [
        ["nova", file, "--languages", "en,jp"],
        /--languages: 'jp' is not a language but the country code JP \(Japan\)\n {2}hint: did you mean 'ja' \(Japanese\)\?/,
      ],
      [
        ["nova", file, "--languages", "en,nl"],
        /--languages: 'nl' \(Dutch\) is a language the storefront does not ship\n {2}hint: it ships ar, de/,
      ],
      [["nova", file, "--hosts", "https://pay.nova.example"], /--hosts: 'https:\/\/pay.nova.example' is not a host name/],
      [["nova", file, "--demo-hosts", "beta.nova.example"], /--demo-hosts: demo host 'beta.nova.example' does not contain 'demo'/],
      [["nova", file, "--games", "Star Fall"], /--games: 'Star Fall' is not a valid game key/],
      [["nova", file, "--games", "a,a"], /--games: game 'a' is listed twice/],
      [["nova", file, "--currency", "dollars"], /--currency: 'dollars' is not an ISO 4217 currency/],
      [["nova", file, "--currency", "RMB"], /--currency: 'RMB' is not an ISO 4217 currency\n {2}hint: ISO 4217 writes it CNY/],
    ];
    for (const [args, message] of cases) {
      const r = await run(["new-brand", ...args, "--no-prompt"]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toMatch(message);
    }
    check();
  });

  it("no id and no terminal: exit 2; an unreadable file: exit 2", async () => {
    const notTty = Object.assign(new PassThrough(), { isTTY: false });
    const r = await run(["new-brand"], { input: notTty });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/missing brand id/);
    const missing = await run(["new-brand", "nova", "/nonexistent/fixture.yaml", "--no-prompt"]);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe("gen: cannot read /nonexistent/fixture.yaml (ENOENT)\n");
  });
});

describe("gen new-brand starts a config", () => {
  it("creates a file that does not exist yet: the schema line, the product setting and the brand", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gen-new-file-"));
    const file = join(dir, "fixture.yaml");
    const r = await run(["new-brand", "first", file, "--no-prompt"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const text = readFileSync(file, "utf8");
    expect(text.split("\n")[0]).toMatch(/^# yaml-language-server: \$schema=.*schema\/brands\.schema\.json$/);
    expect(text).toMatch(/huaweiClientId: "000000000" +# TODO/);
    expect(brandsOf(file).map((b) => (b as { id: string }).id)).toEqual(["first"]);
    expect((await validateFile(file)).config).toBeDefined();
    // Not ready for a deploy, and strict mode says so.
    expect((await validateFile(file, { strict: true })).diagnostics.map((d) => d.name)).toContain("todo-marker");
  });

  it("leaves nothing strict mode lets through: every placeholder is reported at its value", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gen-new-strict-"));
    const file = join(dir, "fixture.yaml");
    expect((await run(["new-brand", "first", file, "--areas", "ja", "--no-prompt"])).code).toBe(0);
    // Without the TODO comments the values themselves still fail, each at its pointer.
    writeFileSync(file, readFileSync(file, "utf8").replace(/ *# TODO.*$/gm, ""));
    const found = (await validateFile(file, { strict: true })).diagnostics.map((d) => `${d.name} ${d.pointer}`);
    expect(found).not.toContain("todo-marker /huaweiClientId");
    for (const pointer of [
      "/huaweiClientId",
      "/brands/0/areas/ja/loginClientId",
      "/brands/0/tracking/appId",
      "/brands/0/links/privacy",
      "/brands/0/api/production/primary",
      "/brands/0/legal/commercialTransactions/first/address",
      "/brands/0/legal/commercialTransactions/first/contact",
    ])
      expect(found).toContain(`placeholder-value ${pointer}`);
  });

  it("each of its TODO lines is reported once, at its value", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gen-new-todo-"));
    const file = join(dir, "fixture.yaml");
    expect((await run(["new-brand", "first", file, "--no-prompt"])).code).toBe(0);
    const todoLines = readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) => (/# TODO/.test(line) ? [i + 1] : []));
    expect(todoLines.length).toBeGreaterThan(10);
    const found = (await validateFile(file, { strict: true })).diagnostics;
    expect(found.map((d) => d.line)).toEqual(todoLines);
    expect(found.filter((d) => d.pointer === "")).toEqual([]);
    expect(found.map((d) => d.pointer)).toEqual(
      expect.arrayContaining(["/huaweiClientId", "/brands/0/links/privacy", "/brands/0/games/first/clientIdMap"]),
    );
    // A placeholder marked TODO is the placeholder's diagnostic, which says to delete the mark too.
    const privacy = found.find((d) => d.pointer === "/brands/0/links/privacy");
    expect([privacy?.name, privacy?.hint]).toEqual(["placeholder-value", expect.stringMatching(/then delete the TODO comment$/)]);
  });

  it("adds the first brand to a file whose brands: list is still empty ([] or nothing), which validate calls empty", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gen-new-empty-list-"));
    const file = join(dir, "fixture.yaml");
    for (const empty of ["brands: []", "brands:"]) {
      writeFileSync(file, `huaweiClientId: "104857600"\n${empty}\n# the end\n`);
      const refused = await run(["validate", file]);
      expect(refused.out, empty).toMatch(/error\[empty-config\]: the file has no brands: its brands: list is empty/);
      const r = await run(["new-brand", "first", file, "--no-prompt"]);
      expect(r.code, empty).toBe(0);
      const text = readFileSync(file, "utf8");
      expect(text.startsWith('huaweiClientId: "104857600"\nbrands:\n')).toBe(true);
      expect(text.endsWith("# the end\n")).toBe(true);
      expect(brandsOf(file).map((b) => (b as { id: string }).id)).toEqual(["first"]);
    }
  });

  it("starts a file that has no brands yet: empty, whitespace only, a byte-order mark, a lone CR, or comments", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gen-new-empty-"));
    for (const text of ["", "  \n\n", "\ufeff", "\r", "# brands of the Nova account\n"]) {
      const file = join(dir, "fixture.yaml");
      writeFileSync(file, text);
      const r = await run(["new-brand", "first", file, "--no-prompt"]);
      expect(r.err, JSON.stringify(text)).toBe("");
      expect(r.code, JSON.stringify(text)).toBe(0);
      expect(r.out).toMatch(/Added brand 'first'/);
      const after = readFileSync(file, "utf8");
      // The empty-config hint said to start it with gen new-brand: it now has the schema line and the brand.
      expect(after).toMatch(/^(# brands of the Nova account\n\n)?# yaml-language-server: \$schema=/);
      expect(brandsOf(file).map((b) => b.id)).toEqual(["first"]);
      expect((await validateFile(file)).config).toBeDefined();
    }
  });
});

describe("gen new-brand prompts on a terminal", () => {
  const terminal = (answers: string[], end = true) => {
    const input = Object.assign(new PassThrough(), { isTTY: true });
    input.write(answers.map((a) => `${a}\n`).join(""));
    if (end) input.end();
    return input;
  };

  it("asks for what the flags leave out, re-asks after a bad answer, and takes defaults on Enter", async () => {
    const file = copyConfig();
    const input = terminal([
      "orbit", // id
      "", // name: default from the id
      "", // title: default from the name
      "red", // colour: refused
      "#123456",
      "jaa,kr", // an area misspelt: refused with a suggestion
      "ja,kr",
      "", // currency: the first area's
      "", // languages: each area's usual ones
      "pay.demolition-orbit.com", // production hosts as validate would refuse them: asked again
      "localhost",
      "shop.orbit.example",
      "pay.orbit.games, pay2.orbit.games",
      "beta.orbit.example", // a demo host without 'demo': refused
      "", // demo hosts: the placeholder
      "", // games: one per area
    ]);
    const r = await run(["new-brand", file], { input });
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toContain("Brand id (lower-case letters, digits, dashes): ");
    expect(r.out).toContain("Display name [Orbit]: ");
    expect(r.out).toContain("Page title [Orbit Top-up Center]: ");
    expect(r.out).toContain("  'red' is not a colour\n  hint: write it as #rrggbb");
    expect(r.out).toContain("  'jaa' is not a sales area\n  hint: did you mean 'ja'?\n");
    expect(r.out).toContain("Default currency (ISO 4217; an area with another keeps its own) [JPY]: ");
    expect(r.out).toContain("  production host 'pay.demolition-orbit.com' contains 'demo': the storefront would run it as a demo store\n");
    expect(r.out).toContain(
      "  production host 'localhost' is the player's own device, never the store\n  hint: use the brand's public host; orbit.localhost is already served for local preview\n",
    );
    expect(r.out).toContain(
      "  production host 'shop.orbit.example' is on a reserved name, which never resolves\n  hint: type the brand's real host, or press Enter to keep the placeholder pay.orbit.example (marked TODO)\n",
    );
    expect(r.out).toContain("  demo host 'beta.orbit.example' does not contain 'demo'");
    expect(r.out).toContain("Demo hosts, comma-separated, each containing 'demo' [pay-demo.orbit.example]: ");
    expect(r.out).toMatch(/Added brand 'orbit'/);
    expect(brandsOf(file).at(-1)).toMatchObject({
      id: "orbit",
      name: "Orbit",
      themeColor: "#123456",
      currency: "JPY",
      hosts: { production: ["pay.orbit.games", "pay2.orbit.games"] },
      areas: { ja: { languages: ["ja", "en"] }, kr: { currency: "KRW", languages: ["ko", "en"] } },
      games: { "orbit-ja": { area: "ja" }, "orbit-kr": { area: "kr" } },
    });
    expect((await validateFile(file)).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("asks only for what the flags leave out", async () => {
    const file = copyConfig();
    const input = terminal(["", "", "", "", "", ""]);
    const r = await run(["new-brand", "lumen", file, "--name", "Lumen", "--colour", "#222222", "--areas", "universal"], { input });
    expect(r.code).toBe(0);
    expect(r.out).not.toContain("Display name");
    expect(r.out).not.toContain("Brand colour");
    expect(r.out).toContain("Languages, first = default [en]: ");
    expect(r.out).toContain("Production hosts, comma-separated [pay.lumen.example]: ");
    // The offered host was taken as is: still a placeholder to replace.
    expect(readFileSync(file, "utf8")).toMatch(/production: \[pay\.lumen\.example\] # TODO/);
  });

  it("input that ends before the last answer: exit 2, nothing written", async () => {
    const file = copyConfig();
    const before = readFileSync(file, "utf8");
    const r = await run(["new-brand", file], { input: terminal(["nova", "Nova"]) });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/input ended before every question was answered; nothing was written/);
    expect(readFileSync(file, "utf8")).toBe(before);
  });

  it("--no-prompt on a terminal takes the defaults without asking", async () => {
    const file = copyConfig();
    const r = await run(["new-brand", "quiet", file, "--no-prompt"], { input: terminal([], false) });
    expect(r.code).toBe(0);
    // No question was asked.
    expect(r.out).not.toMatch(/press Enter|Display name|Brand colour|Sales areas|Production hosts/);
  });
});
