// gen docs: the committed references match the schemas, cover every field and call, and drift is caught.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { main } from "../cli/main.ts";
import { loadContract } from "../core/node/contract/contract.ts";
import type { SchemaNode } from "../generator/emit/docs-brands.ts";

const root = join(import.meta.dirname, "..");
const schema = JSON.parse(readFileSync(join(root, "schema", "brands.schema.json"), "utf8")) as SchemaNode;
const defs = schema.$defs ?? {};
const reference = readFileSync(join(root, "docs", "brands-reference.md"), "utf8");
const api = readFileSync(join(root, "docs", "api.md"), "utf8");

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(["node", "gen", "docs", ...args], { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join(""), err: err.join("") };
}

const KEYS: Record<string, string> = { areas: "<area>", games: "<game>", shortLinks: "<code>", commercialTransactions: "<game>" };
const deref = (n: SchemaNode): SchemaNode => (n.$ref ? { ...deref(defs[n.$ref.replace("#/$defs/", "")] ?? {}), ...n, $ref: undefined } : n);

/** Every field of the schema: its documented path and its own node. Written apart from the emitter on purpose. */
function fields(node: SchemaNode, path = ""): { path: string; node: SchemaNode }[] {
  const n = deref(node);
  const own = Object.entries(n.properties ?? {}).flatMap(([name, child]) => {
    const p = path ? `${path}.${name}` : name;
    return [{ path: p, node: child }, ...fields(child, p)];
  });
  const items = n.items ? fields(n.items, `${path}[]`) : [];
  const last =
    path
      .split(/[.[\]]/)
      .filter(Boolean)
      .pop() ?? "";
  const values = typeof n.additionalProperties === "object" ? fields(n.additionalProperties, `${path}.${KEYS[last] ?? "<key>"}`) : [];
  return [...own, ...items, ...values];
}
const all = fields(schema);

describe("docs/brands-reference.md", () => {
  it("is what gen docs writes (gen docs --check passes on the committed files)", async () => {
    const r = await run("--check");
    expect(r.out).toMatch(/docs\/brands-reference\.md, .*docs\/api\.md, .*docs\/diagnostics\.md: up to date/);
    expect(r.code).toBe(0);
  });

  it("lists every field of the schema with its path and description", () => {
    expect(all.length).toBeGreaterThan(90);
    for (const f of all) {
      const row = reference.split("\n").find((l) => l.startsWith(`| \`${f.path}\``));
      expect(row, f.path).toBeDefined();
      const description = (f.node.description ?? deref(f.node).description ?? "").replace(/</g, "&lt;").replace(/>/g, "&gt;");
      expect(row, f.path).toContain(description.replace(/\|/g, "\\|"));
    }
  });

  it("shows defaults, allowed values and examples", () => {
    const row = (path: string) => reference.split("\n").find((l) => l.startsWith(`| \`${path}\``)) ?? "";
    expect(row("brands[].themeColor")).toContain('`"#00bbff"`');
    expect(row("brands[].layout.default")).toMatch(/\| `"old"` \| `old`, `new` \|/);
    expect(row("brands[].areas.<area>.languages")).toContain("`ar`, `de`, `en`");
    expect(row("brands[].id")).toContain("**required**");
    expect(row("brands[].hosts.demo")).toContain("pattern `demo`");
    expect(row("brands[].tracking.eventId")).toContain('`"18"`');
  });
});

describe("schema/brands.schema.json documents itself", () => {
  it("gives every field a description", () => {
    const missing = all.filter((f) => !(f.node.description ?? deref(f.node).description)).map((f) => f.path);
    expect(missing).toEqual([]);
  });

  it("gives every text field and list of values an example, and every example is valid", () => {
    const ajv = new Ajv2020({ strict: false });
    const noExample: string[] = [];
    for (const f of all) {
      const n = deref(f.node);
      const examples = f.node.examples ?? n.examples;
      const item = n.items ? deref(n.items) : undefined;
      const valueOrValues = n.type === "string" || n.type === "integer" || (n.type === "array" && item?.type === "string");
      if (valueOrValues && !n.enum && !examples) noExample.push(f.path);
      for (const example of examples ?? []) {
        const validate = ajv.compile({ ...f.node, $defs: defs });
        expect(validate(example), `${f.path}: ${JSON.stringify(example)} ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    }
    expect(noExample).toEqual([]);
  });
});

describe("docs/api.md", () => {
  const contract = loadContract();

  it("documents every call: method, every path, login need, every parameter and answer field", () => {
    for (const call of contract.calls) {
      const start = api.indexOf(`### ${call.name}\n`);
      expect(start, call.name).toBeGreaterThan(0);
      const section = api.slice(start, api.indexOf("\n### ", start + 1));
      expect(section).toContain(`**${call.method}**`);
      for (const path of call.paths) expect(section, call.name).toContain(`\`${path}\``);
      expect(section).toContain("**Login**");
      const params = Object.keys((call.request as { properties?: object }).properties ?? {});
      for (const p of params) expect(section, `${call.name} ${p}`).toContain(`| \`${p}\` |`);
      const answer = call.response as { properties?: object; $ref?: string };
      for (const field of Object.keys(answer.properties ?? {})) expect(section, `${call.name} → ${field}`).toMatch(`| \`${field}`);
      if (answer.$ref) expect(section).toMatch(/A \[\w+\]\(#type-\w+\)\./);
      if (call.auth === "required") expect(section).toContain("`-600` notLoggedIn");
    }
  });

  it("describes every parameter, answer field and shared type (the contract has a description for each)", () => {
    const undescribed = api.split("\n").filter((l) => l.startsWith("| `") && l.endsWith("|  |"));
    expect(undescribed).toEqual([]);
    for (const [name, def] of Object.entries(contract.common.$defs as Record<string, { type?: string; description?: string }>)) {
      expect(def.description, name).toBeTruthy();
    }
  });

  it("lists every error code with its name and message", () => {
    for (const [code, e] of Object.entries(contract.errors)) expect(api).toContain(`| \`${code}\` | ${e.name} | ${e.message} |`);
  });
});

describe("gen docs --check", () => {
  it("exits 1 when a committed file differs or is missing, naming the file and the line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gen-docs-"));
    try {
      expect((await run("--out", dir)).code).toBe(0);
      expect((await run("--check", "--out", dir)).code).toBe(0);

      const file = join(dir, "brands-reference.md");
      const lines = readFileSync(file, "utf8").split("\n");
      lines[9] = "An edit by hand.";
      writeFileSync(file, lines.join("\n"));
      const drift = await run("--check", "--out", dir);
      expect(drift.code).toBe(1);
      expect(drift.out).toMatch(
        /brands-reference\.md:10: error\[docs-out-of-date\]: .* differs from schema\/brands\.schema\.json from line 10; run `npx gen docs`/,
      );

      rmSync(join(dir, "api.md"));
      const gh = await run("--check", "--out", dir, "--format", "github");
      expect(gh.code).toBe(1);
      expect(gh.out.trim().split("\n")).toHaveLength(2);
      expect(gh.out).toMatch(/^::error file=.*api\.md,line=1,title=docs-out-of-date::.*api\.md is missing; run `npx gen docs`$/m);

      // Writing repairs both; a second run changes nothing.
      expect((await run("--out", dir)).out).toMatch(/written/);
      expect((await run("--out", dir)).out).not.toMatch(/written/);
      expect((await run("--check", "--out", dir)).code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("docs/diagnostics.md", () => {
  it("says what generates it, and gen docs --help names it", async () => {
    const diagnostics = readFileSync(join(root, "docs", "diagnostics.md"), "utf8");
    expect(diagnostics.split("\n")[0]).toBe(
      "<!-- generated by `gen docs` from core/node/config/catalogue.ts — do not edit: change the catalogue in core/node/config/catalogue.ts and run `npx gen docs` -->",
    );
    const help = await run("--help");
    expect(help.code).toBe(0);
    expect(help.out).toContain("docs/diagnostics.md");
    expect(help.out).toContain("core/node/config/catalogue.ts");
  });
});
