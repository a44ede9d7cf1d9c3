// gen validate: a table of fixture configs, each with the exact diagnostics it must produce.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { themeTokens } from "../core/browser/config/colour.ts";
import { didYouMean } from "../core/node/config/diagnostics.ts";
import { validateFile, validateText } from "../core/node/config/validate.ts";
import { DEMO_CONFIG } from "./demo-config.ts";

const fixtures = join(import.meta.dirname, "fixtures");
const enOnly = join(fixtures, "locales-en-only");

type Want = [name: string, line: number, column: number];

const invalid: Record<string, { want: Want[]; localesDir?: string }> = {
  "yaml-syntax": { want: [["yaml-bad-indent", 4, 5]] },
  "duplicate-key": { want: [["duplicate-key", 7, 5]] },
  "not-an-object": { want: [["wrong-type", 2, 1]] },
  "unknown-property": { want: [["unknown-property", 8, 5]] },
  "missing-property": { want: [["missing-property", 4, 5]] },
  "unknown-area": { want: [["unknown-value", 24, 7]] },
  "unknown-language": { want: [["unknown-value", 25, 25]] },
  "bad-colour": { want: [["bad-format", 8, 17]] },
  "wrong-type": {
    want: [
      ["wrong-type", 14, 12],
      ["unknown-property", 15, 5],
    ],
  },
  "duplicate-host": {
    want: [
      ["duplicate-host", 15, 41],
      ["loopback-host-in-production", 15, 41],
      ["duplicate-item", 15, 60],
    ],
  },
  "two-brands-same-id": { want: [["duplicate-brand-id", 22, 5]] },
  "game-area-not-in-brand": { want: [["game-area-not-in-brand", 37, 15]] },
  "default-language-not-in-area": { want: [["default-language-not-in-area", 26, 26]] },
  "missing-locale": { want: [["missing-locale", 25, 25]], localesDir: enOnly },
  "duplicate-client-id": { want: [["duplicate-client-id", 40, 45]] },
  "layout-rule-unknown-region": { want: [["layout-rule-unknown-region", 41, 21]] },
  "layout-rule-unknown-game": { want: [["layout-rule-unknown-game", 41, 19]] },
  "unknown-default-game": { want: [["unknown-default-game", 38, 18]] },
  "short-link-unknown-region": { want: [["short-link-unknown-region", 41, 17]] },
  "legal-unknown-game": { want: [["legal-unknown-game", 42, 9]] },
  "missing-icon": { want: [["missing-icon", 8, 11]] },
  "many-at-once": {
    want: [
      ["unknown-value", 7, 15],
      ["unknown-value", 24, 7],
      ["unknown-default-game", 38, 18],
    ],
  },
};

describe("invalid configs report exactly their diagnostics", () => {
  for (const [name, { want, localesDir }] of Object.entries(invalid)) {
    it(name, async () => {
      const result = await validateFile(join(fixtures, "invalid", `${name}.yaml`), localesDir ? { localesDir } : {});
      expect(want.length).toBeGreaterThan(0);
      expect(result.diagnostics.map((d) => [d.name, d.line, d.column])).toEqual(want);
      expect(result.config).toBeUndefined();
      for (const d of result.diagnostics) expect(d.message.length).toBeGreaterThan(5);
    });
  }
});

describe("hints", () => {
  it("suggests the closest sales area, language, property and game", async () => {
    const hint = async (file: string) => (await validateFile(join(fixtures, "invalid", `${file}.yaml`))).diagnostics[0]?.hint;
    expect(await hint("unknown-area")).toBe("did you mean 'sea'?");
    expect(await hint("unknown-language")).toBe("did you mean 'th'?");
    expect(await hint("unknown-property")).toBe("did you mean 'themeColor'?");
    expect(await hint("unknown-default-game")).toBe("did you mean 'alpha'?");
    expect(await hint("bad-colour")).toBe('for example "#00bbff"');
  });

  it("suggests nothing that shares no letter with what was written, so the hint lists the values instead", () => {
    const languages = ["ar", "de", "en", "ja", "th"];
    expect(didYouMean("xx", languages)).toBeUndefined();
    // Two letters: a swap is a slip, another letter a guess ('jp' is Japan's code: the language hint says 'ja').
    expect(didYouMean("jp", languages)).toBeUndefined();
    expect(didYouMean("aj", languages)).toBe("did you mean 'ja'?");
    expect(didYouMean("EN", languages)).toBe("did you mean 'en'?");
    const text = readFileSync(DEMO_CONFIG, "utf8").replace(/languages: \[en, /, "languages: [xx, ");
    const d = validateText("fixture.yaml", text).diagnostics.find((x) => x.name === "unknown-value");
    expect(d?.hint).toBe(
      "expected one of 'ar', 'de', 'en', 'es', 'fr', 'id', 'it', 'ja', 'ko', 'ms', 'pl', 'pt', 'ru', 'th', 'tr', 'vi', 'zh-cn', 'zh-tw'",
    );
  });

  it("names the first owner of a host used by two brands", () => {
    const text = readFileSync(DEMO_CONFIG, "utf8").replace(
      "production: [pay.hanbit.example]",
      "production: [pay.hanbit.example, pay.sakura.example]",
    );
    const result = validateText(DEMO_CONFIG, text);
    const [d] = result.diagnostics;
    expect(result.diagnostics).toHaveLength(1);
    expect(d?.name).toBe("duplicate-host");
    expect(d?.pointer).toBe("/brands/2/hosts/production/1");
    expect(d?.message).toMatch(/^host 'pay\.sakura\.example' is already used by brand 'sakura' at .*\.yaml:\d+:\d+$/);
  });
});

describe("valid configs", () => {
  it("the demo fixture is valid and uses all 12 areas and 18 languages", async () => {
    const result = await validateFile(DEMO_CONFIG);
    expect(result.diagnostics).toEqual([]);
    const brands = result.config?.brands ?? [];
    expect(brands.length).toBeGreaterThanOrEqual(5);
    const areas = new Set(brands.flatMap((b) => Object.keys(b.areas)));
    const languages = new Set(brands.flatMap((b) => Object.values(b.areas).flatMap((a) => a?.languages ?? [])));
    expect(areas.size).toBe(12);
    expect(languages.size).toBe(18);
    const logins = new Set(
      brands.flatMap((b) =>
        Object.entries(b.login)
          .filter(([, v]) => v !== false)
          .map(([k]) => k),
      ),
    );
    expect([...logins].sort()).toEqual(["apple", "facebook", "google", "huawei", "twitter", "vk"]);
    const layouts = new Set(brands.map((b) => b.layout.default));
    expect(layouts).toEqual(new Set(["old", "new"]));
    expect(brands.some((b) => b.hosts.demo.length > 0 && b.api.production.backup.length > 0)).toBe(true);
  });

  it("fills schema defaults", async () => {
    const result = await validateFile(join(fixtures, "valid", "minimal.yaml"));
    const brand = result.config?.brands[0];
    expect(brand?.themeColor).toBe("#00bbff");
    expect(brand?.layout).toEqual({ default: "old", newLayoutRules: [] });
    expect(brand?.features.vip).toBe(false);
    expect(brand?.hosts.demo).toEqual([]);
  });
});

describe("parsing", () => {
  it("reads a config exactly as the position-keeping parser does", async () => {
    const { parse } = await import("yaml");
    const { parseSource } = await import("../core/node/config/load.ts");
    const text = readFileSync(DEMO_CONFIG, "utf8");
    expect(parseSource("fixture.yaml", text).source.data).toEqual(parse(text, { merge: true }));
  });

  it("survives an alias bomb with diagnostics, not a crash", () => {
    const bomb = [
      "a: &a [x, x, x, x, x, x, x, x, x, x]",
      ...["b", "c", "d", "e", "f"].map((k, i) => `${k}: &${k} [${Array(10).fill(`*${"abcde"[i]}`).join(", ")}]`),
    ].join("\n");
    const result = validateText("bomb.yaml", bomb);
    expect(result.config).toBeUndefined();
    // Refused before any pass walks the expansion (ajv would, for minutes).
    expect(result.diagnostics.map((d) => d.name)).toEqual(["alias-amplification"]);
  });
});

describe("colour contrast", () => {
  const file = DEMO_CONFIG;
  const withText = (colour: string) =>
    validateText(
      file,
      readFileSync(file, "utf8").replace('themeColor: "#5b3df5"', `themeColor: "#5b3df5"\n    themeTextColor: "${colour}"`),
    );

  it("warns, with the line and the colour the build uses, when a configured text colour cannot be read on the brand colour", () => {
    const result = withText("#7b68ee");
    expect(result.diagnostics.map((d) => [d.name, d.severity, d.line, d.column])).toEqual([["low-contrast", "warning", 19, 21]]);
    expect(result.diagnostics[0]?.message).toMatch(/contrast of 1\.\d\d:1, below the 4\.5:1/);
    expect(result.diagnostics[0]?.hint).toBe(
      "The build uses #ffffff (6.12:1) instead; set that, or remove themeTextColor to let the generator derive it.",
    );
    // A warning, not an error: the config still builds.
    expect(result.config).toBeDefined();
  });

  it("accepts a readable pair, and the build uses a configured colour only when it is readable", () => {
    expect(withText("#ffffff").diagnostics).toEqual([]);
    expect(themeTokens("#5b3df5", "#FAFAFA").onPrimary).toBe("#fafafa");
    expect(themeTokens("#5b3df5", "#7b68ee").onPrimary).toBe("#ffffff");
    expect(themeTokens("#ffd400").onPrimary).toBe("#111827");
  });
});
