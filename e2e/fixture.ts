// The e2e suite's own storefronts: the tests' demo config (tests/fixtures/demo/) built into
// .data/e2e/dist, apart from the operator's brands.yaml and dist/. Built once per change of what
// goes into a build (sources, locales, templates, the config and its icons), so the nginx smoke test
// and the journeys share one build and a second run starts at once.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { DEMO_CONFIG, demoConfig } from "../tests/demo-config.ts";
import { E2E_DIST, ROOT } from "./sandbox-server.ts";

export { DEMO_CONFIG, demoConfig, E2E_DIST, ROOT };

/** What a build reads besides node_modules: a change to any of it means a new build. */
const INPUTS = [
  "core",
  "generator",
  "runtime",
  "schema",
  "templates",
  "locales",
  "tests/fixtures/demo",
  "vite.config.ts",
  "package-lock.json",
];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((e) => !(e.isDirectory() && e.name === "generated"))
    .flatMap((e) => filesUnder(join(path, e.name)));
}

function inputsHash(): string {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap((p) => filesUnder(join(ROOT, p))).sort()) {
    hash.update(relative(ROOT, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

/** Builds the demo config into E2E_DIST unless the build there is of exactly these inputs. */
export function ensureE2eDist(): void {
  const stamp = join(E2E_DIST, ".inputs");
  const wanted = inputsHash();
  if (existsSync(join(E2E_DIST, "hosts.json")) && existsSync(stamp) && readFileSync(stamp, "utf8") === wanted) return;
  execFileSync(process.execPath, [join(ROOT, "cli", "gen.js"), "build", DEMO_CONFIG, "--out", E2E_DIST], { cwd: ROOT, stdio: "pipe" });
  writeFileSync(stamp, wanted);
}
