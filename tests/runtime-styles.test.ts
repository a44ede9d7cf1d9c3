// The storefront's stylesheets stay small and with their owners (docs/architecture.md, "Inside each
// program"): a feature's sheet is imported by that feature alone, app/'s by app/ alone, and
// runtime/ui/ and runtime/shared/ hold what several share. dependency-cruiser already refuses a
// feature importing another feature's sheet (tests/architecture.test.ts); app/ may import a
// feature's code, so its reaching for a feature's sheet is caught here.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const RUNTIME = join(ROOT, "runtime");
const MAX_LINES = 300;

/** Every hand-written file under runtime/ (generated/ is the generator's). */
function runtimeFiles(dir = RUNTIME): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(RUNTIME, "generated") ? [] : runtimeFiles(path);
    return [relative(ROOT, path)];
  });
}

interface StyleImport {
  /** The importing module or stylesheet, from the repository root. */
  from: string;
  /** The stylesheet it imports, from the repository root. */
  to: string;
}

/** Who a runtime path belongs to: one feature, app/, or the layers everyone may use (ui/, shared/…). */
function owner(path: string): string {
  const feature = /^runtime\/features\/([^/]+)\//.exec(path);
  if (feature) return `feature ${feature[1]}`;
  return path.startsWith("runtime/app/") ? "app" : "common";
}

/** The imports of a stylesheet by someone other than its owner. */
function foreignStyleImports(imports: StyleImport[]): string[] {
  return imports.filter(({ from, to }) => owner(to) !== "common" && owner(to) !== owner(from)).map(({ from, to }) => `${from} → ${to}`);
}

/** The stylesheets that modules import (an `import` of a .css file) and that stylesheets import (`@import`). */
function styleImports(files: string[]): StyleImport[] {
  return files.flatMap((from) => {
    if (!/\.(tsx?|css)$/.test(from)) return [];
    const text = readFileSync(join(ROOT, from), "utf8");
    const pattern = from.endsWith(".css") ? /@import\s+"([^"]+\.css)"/g : /^import\s+"([^"]+\.css)";/gm;
    return [...text.matchAll(pattern)].map((m) => ({ from, to: relative(ROOT, resolve(ROOT, dirname(from), m[1] ?? "")) }));
  });
}

const files = runtimeFiles();
const sheets = files.filter((f) => f.endsWith(".css"));
const imports = styleImports(files);

describe("the storefront's stylesheets", () => {
  it(`are each at most ${MAX_LINES} lines`, () => {
    expect(sheets.length).toBeGreaterThan(10);
    const long = sheets
      .map((file) => ({ file, lines: readFileSync(join(ROOT, file), "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it("are imported by their owners only: a feature's by that feature, app/'s by app/", () => {
    expect(imports.length).toBeGreaterThan(10);
    expect(foreignStyleImports(imports)).toEqual([]);
  });

  it("tell a foreign import from an owner's (the check above can fail)", () => {
    const planted: StyleImport[] = [
      { from: "runtime/app/pages/ReplenishGoods.tsx", to: "runtime/features/loyalty/loyalty.css" },
      { from: "runtime/features/replenish/ReplenishPage.tsx", to: "runtime/features/loyalty/loyalty.css" },
      { from: "runtime/features/login/LoginDialog.tsx", to: "runtime/app/layouts/layout.css" },
      { from: "runtime/features/loyalty/MyPage.tsx", to: "runtime/features/loyalty/my.css" },
      { from: "runtime/features/recharge/RechargePanel.tsx", to: "runtime/shared/payment/pay-bar.css" },
      { from: "runtime/main.tsx", to: "runtime/ui/styles.css" },
    ];
    expect(foreignStyleImports(planted)).toEqual([
      "runtime/app/pages/ReplenishGoods.tsx → runtime/features/loyalty/loyalty.css",
      "runtime/features/replenish/ReplenishPage.tsx → runtime/features/loyalty/loyalty.css",
      "runtime/features/login/LoginDialog.tsx → runtime/app/layouts/layout.css",
    ]);
  });

  it("are each imported by some module or sheet: none is dead", () => {
    const imported = new Set(imports.map((i) => i.to));
    expect(sheets.filter((sheet) => !imported.has(sheet))).toEqual([]);
  });
});
