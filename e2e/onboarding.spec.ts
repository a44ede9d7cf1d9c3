// The onboarding proof: a brand that exists nowhere else is added to a copy of the demo config, by text,
// built into its own dist/ and sold in Chromium, with no code change, its first load within every
// brand's JavaScript budget. And the operator's safety net:
// a dozen typical mistakes, each reported by `gen validate --format github` at the right file, line
// and column with the right message.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { chunkName, INITIAL_JS_BUDGET, LANGUAGE_CHUNK, scriptList, topUpInitialJs } from "./initial-js.ts";
import {
  chooseChannel,
  chooseGoods,
  chooseRole,
  decide,
  expectResult,
  logIn,
  openRecharge,
  payByRedirect,
  REDIRECT_CHANNEL,
} from "./journey.ts";
import { NIMBUS, withNimbus } from "./nimbus.ts";
import { startSandbox } from "./sandbox-server.ts";
import { type TempProject, tempProject } from "./temp-project.ts";

let project: TempProject;
let config: string;

test.beforeAll(async () => {
  project = await tempProject("onboarding");
  config = withNimbus(await project.readConfig());
});

test.afterAll(async () => {
  await project?.remove();
});

test("a new brand added to the config is built and sells goods in the browser, with no code change", async ({ page }) => {
  test.setTimeout(240_000);
  await project.writeConfig(config);
  const build = project.gen(["build", project.config, "--out", "dist-nimbus"]);
  expect(await build.exited, `${build.out}\n${build.err}`).toBe(0);
  expect(build.out).toMatch(/validate +6 brands valid/);

  const dist = join(project.dir, "dist-nimbus");
  const sandbox = await startSandbox({ configFile: project.config, distDir: dist });
  try {
    // Its player's first load, in its language, is within the budget every brand has (e2e/budgets.spec.ts).
    const url = `http://${NIMBUS.id}.localhost:${sandbox.port}/?spec_lang=${NIMBUS.language}&domain_area=${NIMBUS.area}`;
    const loaded = await topUpInitialJs(page, url, join(dist, "app", "assets"));
    expect(loaded.scripts.map((s) => chunkName(s.path)).filter((name) => LANGUAGE_CHUNK.test(name))).toEqual([NIMBUS.language]);
    expect(loaded.bytes, scriptList(loaded)).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
    await expect(page).toHaveTitle(NIMBUS.title);
    await expect(page.locator("html")).toHaveAttribute("data-brand", NIMBUS.id);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", NIMBUS.themeColor);
    await expect(page.getByTestId("goods-grid")).toBeVisible();

    await logIn(page, `${NIMBUS.id}_player`);
    const role = await chooseRole(page, 1);
    await chooseGoods(page, "Gems", 0);
    await openRecharge(page);
    await expect(page.getByTestId("order-role")).toHaveText(role);
    await chooseChannel(page, REDIRECT_CHANNEL);
    const checkout = await payByRedirect(page);
    await expectResult(page, "pending");
    await decide(checkout, "Approve payment");
    await expectResult(page, "success");
    await expect(page.getByTestId("result")).toContainText(`${NIMBUS.id}_player`);
    await expect(page.getByTestId("result")).toContainText(role);
  } finally {
    await sandbox.close();
  }
});

interface Expected {
  /** The line holding this text (its nth occurrence in the broken file)… */
  line: string;
  /** …and the column where this text starts in it. */
  at: string;
  nth?: number;
  title: string;
  message: string;
}

interface Broken {
  name: string;
  from: string;
  to: string;
  expected: Expected[];
}

/**
 * Each a small edit of the config with Nimbus, and every annotation it must produce; in a message,
 * {first} stands for file:line:column of the first occurrence (what a duplicate is a duplicate of).
 */
const BROKEN: Broken[] = [
  {
    name: "wrong type",
    from: "        languages: [en, id, th, vi]",
    to: "        languages: en",
    expected: [
      {
        line: "languages: en",
        at: "en",
        title: "wrong-type at /brands/0/areas/sea/languages",
        message: 'expected array, got string ("en") (hint: for example ["en","de","fr"])',
      },
    ],
  },
  {
    name: "unknown key",
    from: '    themeColor: "#0d7c66"\n',
    to: '    themeColor: "#0d7c66"\n    colour: "#0d7c66"\n',
    expected: [
      {
        line: "colour:",
        at: "colour",
        title: "unknown-property at /brands/0/colour",
        message:
          "unknown property 'colour' (hint: expected one of 'id', 'name', 'title', 'icon', 'themeColor', 'themeTextColor', 'currency', 'copyright', 'links', 'support', 'hosts', 'api', …)",
      },
    ],
  },
  {
    name: "duplicate host",
    from: "      production: [pay.nimbus.example]",
    to: "      production: [pay.nimbus.example, shop.aurora.example]",
    expected: [
      {
        line: "shop.aurora.example",
        at: "shop.aurora.example",
        nth: 2,
        title: "duplicate-host at /brands/1/hosts/production/1",
        message:
          "host 'shop.aurora.example' is already used by brand 'nimbus' at {first} (hint: A host can serve only one brand; remove it from one of them.)",
      },
    ],
  },
  {
    name: "duplicate client id",
    from: 'web: "9102003"',
    to: 'web: "5001003"',
    expected: [
      {
        line: 'web: "5001003"',
        at: '"5001003"',
        nth: 2,
        title: "duplicate-client-id at /brands/5/games/frostline/clientIdMap/web",
        message:
          "client id '5001003' is already used by game 'tidebound' of brand 'nimbus' at {first} (hint: Client ids identify a game to the platform; each game needs its own.)",
      },
    ],
  },
  {
    name: "bad colour",
    from: 'themeColor: "#0d7c66"',
    to: 'themeColor: "#0d7c6g"',
    expected: [
      {
        line: 'themeColor: "#0d7c6g"',
        at: '"#0d7c6g"',
        title: "bad-format at /brands/0/themeColor",
        message:
          "'#0d7c6g' is not a valid value (the brand colour (#rrggbb) used for accents, buttons and the browser theme colour) (hint: for example \"#00bbff\")",
      },
    ],
  },
  {
    name: "unknown language",
    from: "        languages: [en, id, th, vi]",
    to: "        languages: [en, id, th, xx]",
    expected: [
      {
        line: "languages: [en, id, th, xx]",
        at: "xx",
        title: "unknown-value at /brands/0/areas/sea/languages/3",
        message:
          "'xx' is not a language (hint: expected one of 'ar', 'de', 'en', 'es', 'fr', 'id', 'it', 'ja', 'ko', 'ms', 'pl', 'pt', 'ru', 'th', 'tr', 'vi', 'zh-cn', 'zh-tw')",
      },
    ],
  },
  {
    // The config names no payment methods (their catalogue is schema/payment-methods.json): what a
    // brand chooses is the payment regions of each sales area.
    name: "payment region that is not a code",
    from: "        regions: [ID, TH, VN, PH]",
    to: "        regions: [ID, TH, VN, Philippines]",
    expected: [
      {
        line: "Philippines",
        at: "Philippines",
        title: "unknown-value at /brands/0/areas/sea/regions/3",
        message:
          "'Philippines' is not a payment region (hint: a payment region is one country (ISO 3166-1 alpha-2, e.g. TH, DE, US), GLOBAL for the list without a region, or MMK)",
      },
    ],
  },
  {
    name: "unknown login provider",
    from: "    login:\n      google:",
    to: "    login:\n      gogle:",
    expected: [
      {
        line: "gogle:",
        at: "gogle",
        title: "unknown-property at /brands/0/login/gogle",
        message: "unknown property 'gogle' (hint: did you mean 'google'?)",
      },
    ],
  },
  {
    name: "YAML syntax error",
    from: "    currency: USD\n",
    to: "    currency: USD: EUR\n",
    expected: [
      {
        line: "currency: USD: EUR",
        at: "USD",
        title: "yaml-implicit-key at /",
        message:
          "Nested mappings are not allowed in compact mappings (hint: Keep a key and its ':' on one line; start a nested block on the next line, indented.)",
      },
    ],
  },
  {
    name: "missing required field",
    from: "    title: Nimbus Play Top-up\n",
    to: "",
    expected: [
      {
        line: "- id: nimbus",
        at: "id",
        title: "missing-property at /brands/0",
        message: "missing required property 'title' (hint: add 'title': the browser page title.)",
      },
    ],
  },
  {
    name: "default language outside its area",
    from: "        languages: [en, de, fr]\n        defaultLanguage: en",
    to: "        languages: [en, de, fr]\n        defaultLanguage: ja",
    expected: [
      {
        line: "defaultLanguage: ja",
        at: "ja",
        title: "default-language-not-in-area at /brands/0/areas/useuro/defaultLanguage",
        message:
          "default language 'ja' is not one of area 'useuro' languages (hint: add 'ja' to languages or pick one of 'en', 'de', 'fr')",
      },
    ],
  },
  {
    name: "misspelt default game",
    from: "    defaultGame: skyreach",
    to: "    defaultGame: skyreech",
    expected: [
      {
        line: "defaultGame: skyreech",
        at: "skyreech",
        title: "unknown-default-game at /brands/0/defaultGame",
        message: "default game 'skyreech' is not in the game table (hint: did you mean 'skyreach'?)",
      },
    ],
  },
  {
    name: "brand id used twice",
    from: "  - id: nimbus",
    to: "  - id: jade",
    expected: [
      {
        line: "- id: jade",
        at: "jade",
        nth: 2,
        title: "duplicate-brand-id at /brands/4/id",
        message: "brand id 'jade' is already used at {first} (hint: Brand ids name folders and preview hosts; give each brand its own.)",
      },
    ],
  },
  {
    name: "missing icon file",
    from: '    themeColor: "#0d7c66"\n',
    to: '    icon: brands/nimbus.svg\n    themeColor: "#0d7c66"\n',
    expected: [
      {
        line: "icon: brands/nimbus.svg",
        at: "brands/nimbus.svg",
        title: "missing-icon at /brands/0/icon",
        message: "icon file 'brands/nimbus.svg' does not exist (hint: Paths are relative to the folder of brands.yaml.)",
      },
    ],
  },
  {
    // The game sold in the misspelt area is not reported too: it is a follow-on of this one error.
    name: "misspelt sales area (and the game sold in it)",
    from: "      useuro:\n        languages",
    to: "      usero:\n        languages",
    expected: [
      {
        line: "usero:",
        at: "usero",
        title: "unknown-value at /brands/0/areas/usero",
        message: "'usero' is not a sales area (hint: did you mean 'useuro'?)",
      },
    ],
  },
];

/** 1-based line and column of `at` in the nth line containing `line`. */
function position(text: string, { line, at, nth = 1 }: Expected): { line: number; column: number } {
  const lines = text.split("\n");
  let seen = 0;
  const index = lines.findIndex((l) => l.includes(line) && ++seen === nth);
  if (index < 0) throw new Error(`no line ${nth} with '${line}'`);
  return { line: index + 1, column: (lines[index] ?? "").indexOf(at, (lines[index] ?? "").indexOf(line)) + 1 };
}

test("gen validate --format github reports each broken config at its file, line and column, and exits 1", async () => {
  test.setTimeout(120_000);
  const runs = await Promise.all(
    BROKEN.map(async (b, i) => {
      if (!config.includes(b.from)) throw new Error(`${b.name}: the config has no '${b.from}'`);
      const text = config.replace(b.from, b.to);
      const file = join(project.dir, `broken-${i}.yaml`);
      await writeFile(file, text);
      const run = project.gen(["validate", file, "--format", "github"]);
      return { b, file, text, code: await run.exited, out: run.out, err: run.err };
    }),
  );
  for (const { b, file, text, code, out, err } of runs) {
    const annotations = b.expected.map((e) => {
      const { line, column } = position(text, e);
      const first = position(text, { ...e, nth: 1 });
      const message = e.message.replace("{first}", `${file}:${first.line}:${first.column}`);
      return `::error file=${file},line=${line},col=${column},title=${e.title.replace(/:/g, "%3A").replace(/,/g, "%2C")}::${message}`;
    });
    // Each annotation also says where its span ends (GitHub underlines it): never before its start.
    const lines = out.trim().split("\n");
    for (const l of lines) {
      const [, line, col, endLine, endColumn] = /,line=(\d+),col=(\d+),endLine=(\d+),endColumn=(\d+),/.exec(l) ?? [];
      expect.soft(Number(endLine) * 1e4 + Number(endColumn), `${b.name}: ${l}`).toBeGreaterThan(Number(line) * 1e4 + Number(col));
    }
    expect
      .soft(
        lines.map((l) => l.replace(/,endLine=\d+,endColumn=\d+/, "")),
        b.name,
      )
      .toEqual(annotations);
    expect.soft(code, b.name).toBe(1);
    expect.soft(err, b.name).toBe("");
  }
});
