// The sandbox catalogue's data files: the shipped ones load, a broken one stops the start with the
// file and the problem, and a catalogue is the same for the same config.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildCatalog } from "../../server/catalog/catalog.ts";
import { CATALOG_DIR, CatalogDataError, loadCatalogData } from "../../server/catalog/data.ts";
import { demoConfig } from "../demo-config.ts";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A copy of the data files with one of them changed. */
function broken<T>(file: string, change: (data: T) => void): string {
  dir = mkdtempSync(join(tmpdir(), "sf-catalog-"));
  cpSync(CATALOG_DIR, dir, { recursive: true, filter: (path) => !path.endsWith(".ts") });
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
    rmSync(dir ?? "", { recursive: true, force: true });
    const marks = broken<{ channels: Record<string, unknown> }>("payment-marks.json", (d) => {
      d.channels["99999-x"] = { colours: ["#000000", "#ffffff"], pictogram: "card", wordmark: "X" };
    });
    expect(() => loadCatalogData(marks)).toThrow("payment-marks.json: 99999-x names no payment method of schema/payment-methods.json");
  });

  it("give the same catalogue for the same config", async () => {
    const config = await demoConfig();
    const ids = (c: ReturnType<typeof buildCatalog>) => c.games.map((g) => [g.gpId, g.clientIds.web, g.goods.map((x) => x.productId)]);
    expect(ids(buildCatalog(config))).toEqual(ids(buildCatalog(config)));
  });
});
