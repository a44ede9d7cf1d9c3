// The config contract itself: every property documented, and the writer touches only changed files.
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AREAS } from "../core/node/config/areas.ts";
import { CURRENCIES } from "../core/node/money/currencies.ts";
import { writeFiles } from "../generator/writer.ts";

const root = join(import.meta.dirname, "..");

type Node = Record<string, unknown>;
function undocumented(schema: Node, node: unknown, path: string, out: string[]): string[] {
  if (typeof node !== "object" || node === null) return out;
  const n = node as Node;
  for (const [name, prop] of Object.entries((n.properties as Node | undefined) ?? {})) {
    const p = prop as Node;
    const ref = typeof p.$ref === "string" ? ((schema.$defs as Node)[p.$ref.replace("#/$defs/", "")] as Node) : undefined;
    if (!p.description && !ref?.description) out.push(`${path}/${name}`);
    undocumented(schema, p, `${path}/${name}`, out);
  }
  for (const key of ["items", "additionalProperties"]) if (typeof n[key] === "object") undocumented(schema, n[key], `${path}/${key}`, out);
  for (const [name, def] of Object.entries((n.$defs as Node | undefined) ?? {})) undocumented(schema, def, `#/$defs/${name}`, out);
  return out;
}

describe("schemas", () => {
  for (const file of ["brands.schema.json", "payment-methods.schema.json", "areas.schema.json", "currencies.schema.json"]) {
    it(`${file}: every property has a description`, () => {
      const schema = JSON.parse(readFileSync(join(root, "schema", file), "utf8")) as Node;
      expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(undocumented(schema, schema, "", [])).toEqual([]);
    });
  }
});

describe("shared facts", () => {
  const brands = JSON.parse(readFileSync(join(root, "schema", "brands.schema.json"), "utf8")) as {
    $defs: Record<string, { enum: string[] }>;
  };
  const enumOf = (def: string) => [...(brands.$defs[def]?.enum ?? [])].sort();

  it("the config's currencies are the ISO 4217 list of schema/currencies.json, with each one's minor unit", () => {
    expect(enumOf("currency")).toEqual(Object.keys(CURRENCIES).sort());
    expect([CURRENCIES.JPY?.digits, CURRENCIES.KRW?.digits, CURRENCIES.USD?.digits, CURRENCIES.KWD?.digits]).toEqual([0, 0, 2, 3]);
    expect(enumOf("currency")).not.toContain("RMB");
  });

  it("the config's areas are schema/areas.json's, whose currencies, languages and regions the config accepts", () => {
    expect(enumOf("salesAreaId")).toEqual(Object.keys(AREAS).sort());
    for (const [area, facts] of Object.entries(AREAS)) {
      expect(enumOf("currency"), area).toContain(facts.currency);
      for (const lang of facts.languages) expect(enumOf("language"), area).toContain(lang);
      for (const region of facts.regions) expect(enumOf("region"), area).toContain(region);
    }
  });

  it("regions are GLOBAL, MMK and ISO 3166-1 codes: every country label the product shows is there", () => {
    for (const label of ["GLOBAL", "PH", "MY", "SG", "ID", "TH", "VN", "IN", "MMK", "TR", "BR", "US", "FR", "DE", "RU", "NL"]) {
      expect(enumOf("region")).toContain(label);
    }
    expect(enumOf("region")).not.toContain("ZZ");
  });
});

describe("writer", () => {
  it("rewrites only changed files and prunes stale ones", async () => {
    const dir = mkdtempSync(join(tmpdir(), "writer-"));
    const first = await writeFiles(dir, [
      { path: "a.ts", contents: "a" },
      { path: "sub/b.ts", contents: "b" },
    ]);
    expect(first).toEqual({ written: 2, unchanged: 0, removed: 0 });
    const before = statSync(join(dir, "a.ts")).mtimeMs;
    await new Promise((r) => setTimeout(r, 20));
    const second = await writeFiles(
      dir,
      [
        { path: "a.ts", contents: "a" },
        { path: "c.ts", contents: "c" },
      ],
      { prune: true },
    );
    expect(second).toEqual({ written: 1, unchanged: 1, removed: 1 });
    expect(statSync(join(dir, "a.ts")).mtimeMs).toBe(before);
  });
});
