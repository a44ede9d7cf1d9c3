// The layer rules of docs/architecture.md fire: each forbidden import, in a small tree laid out like
// this repository, is reported by `npm run lint`'s dependency-cruiser configuration under its name.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const config = require("../.dependency-cruiser.cjs") as { forbidden: unknown[]; options: Record<string, unknown> };

/** One file per path; its text imports what the test needs. */
const TREE: Record<string, string> = {
  "core/money.ts": 'import { dev } from "../cli/dev.ts";\nexport const m = dev;\n',
  "core/browser/config/types.ts": "export type Brand = { id: string };\n",
  "generator/build.ts": 'import { app } from "../server/app.ts";\nexport const b = app;\n',
  "server/app.ts": 'import { b } from "../generator/emit.ts";\nexport const app = b;\n',
  "generator/emit.ts": "export const b = 1;\n",
  "server/sites.ts": 'import type { Brand } from "../runtime/lib/brand.ts";\nexport type S = Brand;\n',
  "runtime/lib/brand.ts": 'import type { Brand } from "../../core/browser/config/types.ts";\nexport type { Brand };\n',
  "cli/dev.ts": 'import { b } from "../generator/emit.ts";\nexport const dev = b;\n',
  // The platform's rules know no HTTP: neither Fastify (a package, as installed) nor a route.
  "server/domain/orders.ts":
    'import type { FastifyInstance } from "fastify";\nimport { ok } from "../routes/envelope.ts";\nexport type App = FastifyInstance;\nexport const o = ok;\n',
  "server/routes/envelope.ts": "export const ok = 1;\n",
  "server/routes/payment.ts": 'import { o } from "../domain/orders.ts";\nexport const p = o;\n',
  "node_modules/fastify/package.json": '{ "name": "fastify", "main": "fastify.js" }\n',
  "node_modules/fastify/fastify.js": "module.exports = {};\n",
  // A feature importing another feature's code, or its stylesheet (dependency-cruiser sees CSS imports too).
  "runtime/features/login/LoginDialog.tsx":
    'import "../purchase/buy-bar.css";\nimport { useCart } from "../purchase/cart.ts";\nimport { go } from "../../app/navigation.ts";\nexport const Login = () => <p>{String(useCart() + go)}</p>;\n',
  "runtime/features/purchase/cart.ts": "export const useCart = () => 1;\n",
  "runtime/features/purchase/buy-bar.css": ".sf-buy-bar { display: flex; }\n",
  "runtime/app/navigation.ts": 'import { ok } from "../../server/routes/envelope.ts";\nexport const go = ok;\n',
  "runtime/shared/session.ts": 'import { Login } from "../features/login/LoginDialog.tsx";\nexport const s = Login;\n',
  "runtime/ui/dialog.tsx": 'import { s } from "../shared/session.ts";\nexport const d = s;\n',
  // The browser's half of core reaching for Node: its own Node half, a built-in, a Node-only package.
  "core/browser/money/format.ts":
    'import { readFileSync } from "node:fs";\nimport sharp from "sharp";\nimport { load } from "../../node/config/load.ts";\nexport const f = [readFileSync, sharp, load];\n',
  "core/node/config/load.ts": "export const load = 1;\n",
  "node_modules/sharp/package.json": '{ "name": "sharp", "main": "sharp.js" }\n',
  "node_modules/sharp/sharp.js": "module.exports = {};\n",
  // The storefront importing the Node half, and a built-in.
  "runtime/lib/config.ts":
    'import { load } from "../../core/node/config/load.ts";\nimport { createHash } from "node:crypto";\nexport const c = [load, createHash];\n',
  // A cycle made of type-only imports.
  "runtime/features/recharge/RechargePanel.tsx": 'import type { CardProps } from "./CardMode.tsx";\nexport type Paid = CardProps;\n',
  "runtime/features/recharge/CardMode.tsx": 'import type { Paid } from "./RechargePanel.tsx";\nexport type CardProps = { paid?: Paid };\n',
};

let dir: string;
let result: ICruiseResult;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sf-layers-"));
  for (const [path, text] of Object.entries(TREE)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    const reported = await cruise(["core", "generator", "server", "runtime", "cli"], {
      ...config.options,
      ruleSet: { forbidden: config.forbidden },
      validate: true,
    } as never);
    result = reported.output as ICruiseResult;
  } finally {
    process.chdir(cwd);
  }
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const violations = (rule: string) => result.summary.violations.filter((v) => v.rule.name === rule).map((v) => `${v.from} → ${v.to}`);

describe("npm run lint's layer rules", () => {
  it("core imports no program", () => {
    expect(violations("core-imports-no-program")).toEqual(["core/money.ts → cli/dev.ts"]);
  });

  it("the generator and the platform never import each other", () => {
    expect(violations("generator-not-platform")).toEqual(["generator/build.ts → server/app.ts"]);
    expect(violations("platform-not-generator")).toEqual(["server/app.ts → generator/emit.ts"]);
  });

  it("nothing outside runtime/ imports it, type-only imports included", () => {
    expect(violations("only-the-runtime-imports-the-runtime")).toEqual(["server/sites.ts → runtime/lib/brand.ts"]);
  });

  it("the storefront imports no other program", () => {
    expect(violations("runtime-imports-no-program")).toEqual(["runtime/app/navigation.ts → server/routes/envelope.ts"]);
  });

  it("the storefront imports only the browser's half of core, and what it runs needs no Node", () => {
    expect(violations("runtime-imports-the-browser-core-only")).toEqual(["runtime/lib/config.ts → core/node/config/load.ts"]);
    expect(violations("browser-core-imports-no-node-core")).toEqual(["core/browser/money/format.ts → core/node/config/load.ts"]);
    expect(violations("browser-code-needs-no-node")).toEqual(["core/browser/money/format.ts → node_modules/sharp/sharp.js"]);
    expect(violations("browser-code-needs-no-node-builtins").sort()).toEqual([
      "core/browser/money/format.ts → fs",
      "runtime/lib/config.ts → crypto",
    ]);
  });

  it("no program imports the composition root", () => {
    expect(violations("only-the-command-line-assembles")).toEqual(["core/money.ts → cli/dev.ts"]);
  });

  it("the platform's domain knows no HTTP: no Fastify, no routes; the routes may call the domain", () => {
    expect(violations("domain-knows-no-http").sort()).toEqual([
      "server/domain/orders.ts → node_modules/fastify/fastify.js",
      "server/domain/orders.ts → server/routes/envelope.ts",
    ]);
  });

  it("a feature imports no other feature (its code or its stylesheet) and not app/; shared, lib and ui import nothing above them", () => {
    expect(violations("feature-imports-no-feature").sort()).toEqual([
      "runtime/features/login/LoginDialog.tsx → runtime/features/purchase/buy-bar.css",
      "runtime/features/login/LoginDialog.tsx → runtime/features/purchase/cart.ts",
    ]);
    expect(violations("feature-imports-no-app")).toEqual(["runtime/features/login/LoginDialog.tsx → runtime/app/navigation.ts"]);
    expect(violations("shared-imports-no-feature-or-app")).toEqual(["runtime/shared/session.ts → runtime/features/login/LoginDialog.tsx"]);
    expect(violations("lib-and-ui-are-the-bottom")).toEqual(["runtime/ui/dialog.tsx → runtime/shared/session.ts"]);
  });

  it("any import cycle fails, one made of type-only imports too", () => {
    const cycles = result.summary.violations.filter((v) => v.rule.name === "no-cycle");
    expect(cycles).toHaveLength(1);
    const files = [cycles[0]?.from, ...(cycles[0]?.cycle ?? []).map((step) => step.name)];
    expect(new Set(files)).toEqual(new Set(["runtime/features/recharge/CardMode.tsx", "runtime/features/recharge/RechargePanel.tsx"]));
  });
});
