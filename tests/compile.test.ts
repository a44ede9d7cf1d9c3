// The generator's one pipeline (generator/compile.ts): every input file read once per compile, the
// sites and codegen from one resolved model, a `--brand` build that leaves the other brands' modules
// alone, and emitters that do no I/O and keep no state.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEMO_CONFIG } from "./demo-config.ts";

/** Every file read through node:fs or node:fs/promises while the mock is on, by absolute path. */
const reads = vi.hoisted(() => {
  const state = {
    on: false,
    paths: [] as string[],
    record(path: unknown) {
      if (state.on && typeof path === "string") state.paths.push(path);
    },
  };
  return state;
});
vi.mock("node:fs/promises", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs/promises")>();
  const readFile = ((path: Parameters<typeof fs.readFile>[0], ...rest: unknown[]) => {
    reads.record(path);
    return (fs.readFile as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof fs.readFile;
  return { ...fs, readFile, default: { ...fs, readFile } };
});
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const readFileSync = ((path: Parameters<typeof fs.readFileSync>[0], ...rest: unknown[]) => {
    reads.record(path);
    return (fs.readFileSync as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof fs.readFileSync;
  return { ...fs, readFileSync, default: { ...fs, readFileSync } };
});

const { compile } = await import("../generator/compile.ts");
const { paths } = await import("../generator/paths.ts");

const bundle = { entry: "/assets/main-test.js", preloads: [], css: ".sf-app{display:flex}" };

afterEach(() => {
  reads.on = false;
  reads.paths = [];
});

describe("compile()", () => {
  it("reads each input file once: the config, its icons, the templates and the locales", async () => {
    reads.on = true;
    const compiled = await compile(DEMO_CONFIG, { site: { bundle: async () => bundle, iconCache: false } });
    reads.on = false;
    expect(compiled.resolved?.brands.length).toBe(5);
    expect(compiled.site.some((f) => f.path === "brands/aurora/index.html")).toBe(true);
    const counts = new Map<string, number>();
    for (const path of reads.paths.map((p) => resolve(p))) counts.set(path, (counts.get(path) ?? 0) + 1);
    const twice = [...counts].filter(([, n]) => n > 1).map(([path, n]) => `${relative(paths.root, path)} ×${n}`);
    expect(twice).toEqual([]);
    // The inputs were read through this pipeline, not elsewhere: the config, each icon, a template, a locale.
    const read = (path: string) => counts.get(resolve(path)) === 1;
    expect(read(DEMO_CONFIG)).toBe(true);
    expect(read(join(DEMO_CONFIG, "..", "brands", "aurora.svg"))).toBe(true);
    expect(read(join(paths.templates, "index.html.hbs"))).toBe(true);
    expect(read(join(paths.locales, "ja.json"))).toBe(true);
  });

  it("resolves once for every consumer: the sites, the build's record and codegen share the model's fingerprint and hosts", async () => {
    const compiled = await compile(DEMO_CONFIG, { brand: "jade", site: { bundle: async () => bundle, iconCache: false } });
    const resolved = compiled.resolved;
    if (!resolved) throw new Error("the demo fixture is invalid");
    const info = JSON.parse(String(compiled.site.find((f) => f.path === "build-info.json")?.contents));
    expect(info).toEqual({ fingerprint: resolved.fingerprint, brands: ["jade"] });
    const hostsJson = JSON.parse(String(compiled.site.find((f) => f.path === "hosts.json")?.contents));
    expect(Object.values(hostsJson).every((h) => (h as { brand: string }).brand === "jade")).toBe(true);
    // Codegen always has every brand, whatever --brand names.
    expect(compiled.generated.filter((f) => /^brands\/[a-z]+\.ts$/.test(f.path)).map((f) => f.path)).toHaveLength(5);
    expect(compiled.site.filter((f) => /^brands\/[^/]+\/index\.html$/.test(f.path)).map((f) => f.path)).toEqual(["brands/jade/index.html"]);
  });

  it("an invalid config stops after validation: nothing resolved, emitted or written", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sf-compile-"));
    const bad = join(dir, "bad.yaml");
    cpSync(
      join(paths.root, "tests", "fixtures", "invalid", readdirSync(join(paths.root, "tests", "fixtures", "invalid"))[0] as string),
      bad,
    );
    const compiled = await compile(bad, { codegen: true, site: { bundle: async () => bundle }, out: join(dir, "dist") });
    expect(compiled.validation.config).toBeUndefined();
    expect(compiled.resolved).toBeUndefined();
    expect(compiled.generated).toEqual([]);
    expect(compiled.site).toEqual([]);
    expect(existsSync(join(dir, "dist"))).toBe(false);
  });
});

describe("the emitters (generator/emit/)", () => {
  it("keep no module-level state: no top-level let or var, no top-level Map, Set or array being filled", () => {
    const dir = join(paths.root, "generator", "emit");
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith(".ts"))
      .flatMap((f) =>
        readFileSync(join(dir, f), "utf8")
          .split("\n")
          .map((line, i) => ({ line, at: `${f}:${i + 1}` }))
          .filter(({ line }) =>
            /^(export )?(let|var) |^(export )?const \w+(: [^=]+)? = new (Map|Set|WeakMap|WeakSet)\b|^(export )?const \w+(: [^=]+)? = \[\];/.test(
              line,
            ),
          )
          .map(({ at, line }) => `${at}: ${line}`),
      );
    expect(offenders).toEqual([]);
  });
});
