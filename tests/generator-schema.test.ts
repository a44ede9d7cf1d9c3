// The config contract itself: every property documented, and the writer touches only changed files.
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
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
  for (const file of ["brands.schema.json", "payment-methods.schema.json"]) {
    it(`${file}: every property has a description`, () => {
      const schema = JSON.parse(readFileSync(join(root, "schema", file), "utf8")) as Node;
      expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(undocumented(schema, schema, "", [])).toEqual([]);
    });
  }
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
