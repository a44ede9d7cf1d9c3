// `gen diff` (generator/diff/): each kind of change between a base config and an edited copy, which
// of them are risky, a change that alters nothing a player sees, the three formats, the exit codes,
// and a base taken from a git revision. The config is tests/fixtures/diff/shop.yaml; each case edits
// a line of it. The runtime's bundle is a stand-in: it does not depend on the config.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type Compilation, compile } from "../generator/compile.ts";
import type { Change, DiffReport } from "../generator/diff/changes.ts";
import { compareCompilations } from "../generator/diff/compare.ts";
import { renderDiff } from "../generator/diff/render.ts";
import type { BundleInfo } from "../generator/model.ts";

const FIXTURE = join(import.meta.dirname, "fixtures", "diff");
const SHOP = join(FIXTURE, "shop.yaml");
const TEXT = readFileSync(SHOP, "utf8");

const BUNDLE: BundleInfo = { entry: "/assets/main-test.js", preloads: [], css: ".sf-app{display:flex}", locales: {}, early: "window.x=1;" };
const site = { bundle: async () => BUNDLE, iconCache: false as const };

/** The fixture with one edit, in a folder of its own (its icon beside it). */
function variant(edit: (text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), "gen-diff-test-"));
  cpSync(join(FIXTURE, "brands"), join(dir, "brands"), { recursive: true });
  const edited = edit(TEXT);
  if (edited === TEXT) throw new Error("the edit changed nothing: the fixture's line moved?");
  writeFileSync(join(dir, "shop.yaml"), edited);
  return join(dir, "shop.yaml");
}

/** `from` replaced by `to`, exactly once. */
const swap = (from: string, to: string) => (text: string) => {
  if (text.split(from).length !== 2) throw new Error(`'${from}' is not once in the fixture`);
  return text.replace(from, to);
};

let base: Compilation;
beforeAll(async () => {
  base = await compile(SHOP, { site });
});

async function diffWith(edit: (text: string) => string): Promise<DiffReport> {
  const head = await compile(variant(edit), { site });
  if (!head.resolved) throw new Error(`the edited fixture is invalid: ${head.validation.diagnostics.map((d) => d.message).join("; ")}`);
  return compareCompilations({ label: "base", compilation: base }, { label: "head", compilation: head });
}

const facts = (changes: Change[]) => changes.map(({ brand, kind, subject, risky }) => ({ brand, kind, subject, risky }));

const CASES: { name: string; edit: (text: string) => string; want: Partial<Change>[] }[] = [
  {
    name: "a production host removed (risky)",
    edit: swap("production: [pay.north.example, shop.north.example]", "production: [pay.north.example]"),
    want: [{ brand: "north", kind: "host-removed", subject: "shop.north.example (production)", risky: true }],
  },
  {
    name: "a demo host added",
    edit: swap("demo: [pay-demo.north.example]", "demo: [pay-demo.north.example, qa-demo.north.example]"),
    want: [{ brand: "north", kind: "host-added", subject: "qa-demo.north.example (demo)", risky: false }],
  },
  {
    name: "a production host moved to another brand (risky)",
    edit: (t) =>
      swap(
        "production: [pay.north.example, shop.north.example]",
        "production: [pay.north.example]",
      )(swap("production: [pay.south.example]", "production: [pay.south.example, shop.north.example]")(t)),
    want: [{ brand: "south", kind: "host-moved", subject: "shop.north.example (production)", risky: true }],
  },
  {
    name: "a production backup origin added (not risky: the failover widens), and the pages' CSP with it",
    edit: swap("backup: [https://api-b1.north.example]", "backup: [https://api-b1.north.example, https://api-b2.north.example]"),
    want: [
      { brand: "north", kind: "origin-changed", subject: "production backup", risky: false },
      { brand: "north", kind: "csp-changed", subject: expect.stringContaining("connect-src +https://api-b2.north.example"), risky: false },
    ],
  },
  {
    name: "a production primary origin changed (risky)",
    edit: swap("primary: https://api.north.example", "primary: https://api-new.north.example"),
    want: [{ brand: "north", kind: "origin-changed", subject: "production primary", risky: true }],
  },
  {
    name: "a demo tracking origin changed (not risky: testers, not players)",
    edit: swap("tracking: https://track-demo.south.example", "tracking: https://log-demo.south.example"),
    want: [{ brand: "south", kind: "origin-changed", subject: "demo tracking", risky: false }],
  },
  {
    name: "a language removed (risky) and one added",
    edit: swap("languages: [en, de, fr]", "languages: [en, de, es]"),
    want: [
      { brand: "north", kind: "language-added", subject: "es in area universal", risky: false },
      { brand: "north", kind: "language-removed", subject: "fr in area universal", risky: true },
    ],
  },
  {
    name: "a currency changed (risky)",
    edit: swap("currency: EUR", "currency: GBP"),
    want: [{ brand: "south", kind: "currency-changed", subject: "area eru", risky: true }],
  },
  {
    name: "a payment region removed (risky)",
    edit: swap("regions: [TH, PH]", "regions: [TH]"),
    want: [{ brand: "north", kind: "region-removed", subject: "PH in area sea", risky: true }],
  },
  {
    name: "a game removed (risky)",
    edit: swap(
      '      tundra:\n        name: Tundra\n        clientIdMap: { android: "711", ios: "712", web: "713" }\n        area: sea\n',
      "",
    ),
    want: [{ brand: "north", kind: "game-removed", subject: "tundra (Tundra)", risky: true }],
  },
  {
    name: "a client id changed (risky: the game's links name the old one)",
    edit: swap('web: "803"', 'web: "804"'),
    want: [{ brand: "south", kind: "client-id-changed", subject: "game sirocco web", risky: true }],
  },
  {
    name: "an area added",
    edit: swap(
      "    login: {}\n    tracking:\n      appId: south-web",
      "      mea:\n        languages: [ar, en]\n        defaultLanguage: ar\n        regions: [GLOBAL]\n        loginClientId: south-login-mea\n    login: {}\n    tracking:\n      appId: south-web",
    ),
    want: [{ brand: "south", kind: "area-added", subject: "mea (ar, en; EUR)", risky: false }],
  },
  {
    name: "the layout rules changed",
    edit: swap("        - regions: [sea]\n", "        - regions: [sea]\n        - games: [polaris]\n"),
    want: [{ brand: "north", kind: "layout-changed", risky: false }],
  },
  {
    name: "a feature switched off: its routes removed (risky)",
    edit: swap("      events: true", "      events: false"),
    want: [
      { brand: "north", kind: "route-removed", subject: "/activity (new layout)", risky: true },
      { brand: "north", kind: "setting-changed", subject: "features.events", risky: false },
    ],
  },
  {
    name: "a brand removed (risky)",
    edit: (t) => t.slice(0, t.indexOf("\n  - id: south")),
    want: [{ brand: "south", kind: "brand-removed", subject: "south on pay.south.example, pay-demo.south.example", risky: true }],
  },
  {
    name: "the brand's name, a setting of its own",
    edit: swap("name: South Play", "name: South Play Ltd"),
    want: [{ brand: "south", kind: "setting-changed", subject: "name", risky: false }],
  },
];

describe("gen diff: each kind of change", () => {
  for (const { name, edit, want } of CASES) {
    it(name, async () => {
      const report = await diffWith(edit);
      expect(facts(report.changes)).toEqual(expect.arrayContaining(want.map((w) => expect.objectContaining(w))));
      expect(report.risky).toBe(report.changes.filter((c) => c.risky).length);
      expect(report.nothingPlayersSee).toBe(false);
      // Nothing risky is reported unless the case says so.
      expect(report.changes.filter((c) => c.risky).map((c) => c.kind)).toEqual(
        expect.arrayContaining(want.filter((w) => w.risky).map((w) => w.kind)),
      );
      if (!want.some((w) => w.risky)) expect(report.risky, JSON.stringify(report.changes)).toBe(0);
      // A size is reported only when it changed (a module renamed by its hash can keep its gzip size).
      for (const size of report.changes.filter((c) => c.kind === "size-changed")) expect(size.before).not.toBe(size.after);
    });
  }

  it("a new brand: its hosts, and its module's and largest page's bytes as players will download them", async () => {
    const nova = TEXT.slice(TEXT.indexOf("  - id: south")).replaceAll("south", "nova").replaceAll('"80', '"90');
    const report = await diffWith((t) => `${t.trimEnd()}\n\n${nova}`);
    expect(report.brands).toEqual({ changed: [], added: ["nova"], removed: [] });
    expect(facts(report.changes)).toEqual([
      { brand: "nova", kind: "brand-added", subject: "nova on pay.nova.example, pay-demo.nova.example", risky: false },
      { brand: "nova", kind: "size-changed", subject: "brand module", risky: false },
      {
        brand: "nova",
        kind: "size-changed",
        subject: expect.stringMatching(/^largest page with its inline CSS \(.+\.html\)$/),
        risky: false,
      },
    ]);
    expect(report.changes[1]?.after).toMatch(/^[\d,]+ B$/);
  });

  it("a theme colour: the setting, the page's style hash in its CSP, and the pages' bytes", async () => {
    const report = await diffWith(swap('themeColor: "#b45309"', 'themeColor: "#b45310"'));
    const kinds = facts(report.changes).map((c) => c.kind);
    expect(kinds).toEqual(expect.arrayContaining(["setting-changed", "csp-changed", "size-changed", "files-changed"]));
    const csp = report.changes.find((c) => c.kind === "csp-changed");
    expect(csp?.subject).toMatch(/^every page \(8\): style-src \+'sha256-[^']+' −'sha256-[^']+'$/);
    expect(report.risky).toBe(0);
  });
});

describe("gen diff: a change that alters nothing a player sees", () => {
  it("says so when only a comment changed, and lists no change", async () => {
    const report = await diffWith(swap("    name: North Games\n", "    # renamed later, maybe\n    name: North Games\n"));
    expect(report.changes).toEqual([]);
    expect(report.nothingPlayersSee).toBe(true);
    expect(report.sourceChanged).toBe(true);
    expect(renderDiff(report, "text")).toContain(
      "This changes nothing a player sees: only the config's comments, order or formatting differ.",
    );
  });

  it("and not when the only change is to the demo platform (its testers see it)", async () => {
    const report = await diffWith(swap("primary: https://api-demo.south.example", "primary: https://api-demo2.south.example"));
    expect(report.nothingPlayersSee).toBe(false);
    expect(report.risky).toBe(0);
  });
});
