// The player's download does not grow with the number of brands: brand 1's page loads the same
// scripts, byte for byte, whether the config holds 1 brand or 1000. Built in a copy of the project
// (e2e/temp-project.ts), so this checkout's runtime/generated/ and dist/ are not touched.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticConfig } from "../bench/synthetic.ts";
import { type TempProject, tempProject } from "../e2e/temp-project.ts";

let project: TempProject;
beforeAll(async () => {
  project = await tempProject("sf-scaling");
}, 60_000);
afterAll(() => project?.remove());

/** Brand 1's page (its inline CSS, first script and start data) and every script it names (entry, module preloads, brand module), with their bytes. */
async function brandOneScripts(brands: number): Promise<Map<string, string>> {
  await project.writeConfig(syntheticConfig(brands));
  const out = join(project.dir, `dist-${brands}`);
  const build = project.gen(["build", project.config, "--out", out]);
  expect(await build.exited, build.err).toBe(0);
  const html = readFileSync(join(out, "brands", "brand0001", "index.html"), "utf8");
  const urls = [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map((m) => m[1] ?? "");
  return new Map([["index.html", html], ...urls.map((url): [string, string] => [url, readFileSync(join(out, "app", url), "utf8")])]);
}

describe("brand scaling", () => {
  it("brand 1's page and initial scripts are identical at 1 and 1000 brands", { timeout: 240_000 }, async () => {
    const one = await brandOneScripts(1);
    const thousand = await brandOneScripts(1000);
    expect(one.size).toBeGreaterThanOrEqual(4);
    expect(one.get("index.html")).toContain("__sfEarly");
    expect([...thousand.keys()]).toEqual([...one.keys()]);
    for (const [url, code] of one) expect(thousand.get(url) === code, url).toBe(true);
  });
});
