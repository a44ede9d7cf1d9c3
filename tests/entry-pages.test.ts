// The entry pages (core/browser/entry-pages.ts): which HTML each path a player can open is served, and the
// shell it paints. A group of paths shares one page only where their first screens look the same.
import { describe, expect, it } from "vitest";
import { ENTRY_PAGES, ENTRY_PATHS, entryFile, entryShell, isEntryFile, pathsWithShell } from "../core/browser/entry-pages.ts";
import { type Feature, layoutRoutes, type RouteEntry } from "../core/browser/routes.ts";

const FEATURES: Feature[] = ["vip", "events", "replenish", "realName"];
/** Every combination of the brand's feature switches. */
const everyFeatureSet = Array.from(
  { length: 2 ** FEATURES.length },
  (_, bits) => Object.fromEntries(FEATURES.map((f, i) => [f, Boolean(bits & (1 << i))])) as Record<Feature, boolean>,
);
const all = Object.fromEntries(FEATURES.map((f) => [f, true])) as Record<Feature, boolean>;

const routePaths = (manifest: readonly RouteEntry[]): string[] =>
  manifest.flatMap((e) => [...(e.children ? routePaths(e.children) : [e.path])]);

describe("entry pages", () => {
  it("draw every path of a group alike in both layouts, whatever the brand's features", () => {
    for (const features of everyFeatureSet)
      for (const page of ENTRY_PAGES)
        for (const layout of ["old", "new"] as const) {
          const first = entryShell(layoutRoutes[layout], page.paths[0], features);
          expect(pathsWithShell(layoutRoutes[layout], first, features), `${page.file} (${layout}, ${JSON.stringify(features)})`).toEqual(
            expect.arrayContaining([...page.paths]),
          );
        }
  });

  it("cover every path of both layouts' routes but the catch-alls", () => {
    const named = new Set([...routePaths(layoutRoutes.old), ...routePaths(layoutRoutes.new)].filter((p) => p !== "*" && p !== "/@*"));
    expect([...named].filter((p) => !ENTRY_PATHS.includes(p))).toEqual([]);
    expect(new Set(ENTRY_PATHS).size).toBe(ENTRY_PATHS.length);
  });

  it("follow each layout's redirects to the screen a player sees, with its step, title and navigation", () => {
    expect(entryShell(layoutRoutes.old, "/", all)).toEqual({ screen: "SelectGame", step: 1 });
    expect(entryShell(layoutRoutes.new, "/", all)).toEqual({ screen: "SelectGoods", titleKey: "header.topup", nav: true });
    expect(entryShell(layoutRoutes.new, "/result", all)).toEqual(entryShell(layoutRoutes.new, "/selectGoods", all));
    expect(entryShell(layoutRoutes.old, "/result", all)).toEqual({ screen: "Result", step: 4 });
    expect(entryShell(layoutRoutes.old, "/my", all)).toEqual({ screen: "My", titleKey: "header.my" });
    // The new layout has no recharge step; a switched-off feature's page is the 404.
    expect(entryShell(layoutRoutes.new, "/recharge", all)).toEqual({ screen: "NotFound" });
    expect(entryShell(layoutRoutes.new, "/activity", { ...all, events: false })).toEqual({ screen: "NotFound" });
  });

  it("serve any other path the top-up's index.html, and name the files that are pages", () => {
    expect(entryFile("/my")).toBe("entry/my.html");
    expect(entryFile("/")).toBe("entry/start.html");
    for (const path of ["/selectGoods", "/@code", "/nowhere", "/my/"]) expect(entryFile(path), path).toBe("index.html");
    expect(isEntryFile("entry/my.html")).toBe(true);
    expect(isEntryFile("twitterRedirect.html")).toBe(false);
  });

  it("name the paths a page's shell was drawn for, so a page served elsewhere can tell", () => {
    const topUp = entryShell(layoutRoutes.new, "/selectGoods", all);
    expect(pathsWithShell(layoutRoutes.new, topUp, all)).toEqual(["/selectGoods", "/", "/selectGame", "/result"]);
    expect(pathsWithShell(layoutRoutes.old, entryShell(layoutRoutes.old, "/selectGoods", all), all)).toEqual(["/selectGoods"]);
  });
});
