// The sandbox catalogue's data files: the shipped ones load, a broken one stops the start with the
// file and the problem, and a catalogue is the same for the same config.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildCatalog } from "../../server/catalog/catalog.ts";
import { CATALOG_DIR, CatalogDataError, loadCatalogData } from "../../server/catalog/data.ts";
import { demoConfig } from "../demo-config.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the data files (those `keep` keeps), removed after the test. */
function copy(keep: (path: string) => boolean = () => true): string {
  const dir = mkdtempSync(join(tmpdir(), "sf-catalog-"));
  dirs.push(dir);
  cpSync(CATALOG_DIR, dir, { recursive: true, filter: (path) => !path.endsWith(".ts") && keep(path) });
  return dir;
}

/** A copy of the data files with one of them changed. */
function broken<T>(file: string, change: (data: T) => void): string {
  const dir = copy();
  const data = JSON.parse(readFileSync(join(dir, file), "utf8"));
  change(data);
  writeFileSync(join(dir, file), JSON.stringify(data));
  return dir;
}

describe("catalogue data files", () => {
  it("load, with the schemas' defaults filled in", () => {
    const data = loadCatalogData();
    expect(data.goods.goods.length).toBeGreaterThan(0);
    const paypal = data.channels.lists.global?.find((c) => c.channelId === "paypal");
    expect(paypal).toMatchObject({ minUsd: 0, maxUsd: 0, openCoupon: true });
  });

  it("stop the start with the file, the place and the problem", () => {
    const goods = broken<{ goods: { usd: unknown }[] }>("goods.json", (d) => {
      d.goods.forEach((g, i) => {
        if (i === 1) g.usd = "4.99";
      });
    });
    expect(() => loadCatalogData(goods)).toThrow(CatalogDataError);
    expect(() => loadCatalogData(goods)).toThrow(/goods\.json is invalid: \/goods\/1\/usd must be number/);
  });

  it("refuse names that point at nothing", () => {
    const channels = broken<{ regions: Record<string, string> }>("channels.json", (d) => {
      d.regions.JP = "nowhere";
    });
    expect(() => loadCatalogData(channels)).toThrow("channels.json: region JP names no list 'nowhere'");
    const vip = broken<{ levels: { level: number; points: number }[] }>("vip.json", (d) => {
      for (const l of d.levels) if (l.level === 2) l.points = 10;
    });
    expect(() => loadCatalogData(vip)).toThrow("vip.json: level 2 needs no more points than level 1");
    const marks = broken<{ channels: Record<string, unknown> }>("payment-marks.json", (d) => {
      d.channels["99999-x"] = { colours: ["#000000", "#ffffff"], pictogram: "card", wordmark: "X" };
    });
    expect(() => loadCatalogData(marks)).toThrow("payment-marks.json: 99999-x names no payment method of schema/payment-methods.json");
  });

  it("have every text in every storefront language, and stop the start when one is missing", () => {
    const { translations } = loadCatalogData();
    expect([...translations.keys()].sort()).toEqual(
      ["ar", "de", "es", "fr", "id", "it", "ja", "ko", "ms", "pl", "pt", "ru", "th", "tr", "vi", "zh-cn", "zh-tw"].sort(),
    );
    const ids = (lang: string) => Object.keys(translations.get(lang) ?? {}).sort();
    for (const lang of translations.keys()) expect(ids(lang), lang).toEqual(ids("ja"));
    expect(translations.get("ja")?.["goods.gems.60.display"]).toBe("60ジェム");

    const untranslated = broken<{ goods: { id: string; display: string; description: string }[] }>("goods.json", (d) => {
      d.goods.push({ ...(d.goods[0] as { id: string; display: string; description: string }), id: "gems.90", display: "90 Gems" });
    });
    expect(() => loadCatalogData(untranslated)).toThrow(
      /i18n\/ar\.json has no text for goods\.gems\.90\.display, goods\.gems\.90\.description \(English: '90 Gems'\)/,
    );
    const stray = broken<Record<string, string>>(join("i18n", "de.json"), (d) => {
      d["goods.gems.61.display"] = "61 Edelsteine";
    });
    expect(() => loadCatalogData(stray)).toThrow(/i18n\/de\.json has texts for ids the catalogue does not have: goods\.gems\.61\.display/);
    const empty = broken<Record<string, string>>(join("i18n", "ja.json"), (d) => {
      d["vip.level.0.name"] = "";
    });
    expect(() => loadCatalogData(empty)).toThrow(/i18n\/ja\.json is invalid: \/vip\.level\.0\.name must NOT have fewer than 1 characters/);
    expect(() => loadCatalogData(copy((path) => !path.endsWith("th.json")))).toThrow(/i18n has no file for th/);
  });

  it("give the same catalogue for the same config", async () => {
    const config = await demoConfig();
    const ids = (c: ReturnType<typeof buildCatalog>) => c.games.map((g) => [g.gpId, g.clientIds.web, g.goods.map((x) => x.productId)]);
    expect(ids(buildCatalog(config))).toEqual(ids(buildCatalog(config)));
  });
});
