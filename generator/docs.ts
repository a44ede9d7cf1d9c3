// `gen docs`: writes docs/brands-reference.md (from the brands JSON Schema), docs/api.md (from the API
// contract) and docs/diagnostics.md (from the diagnostic catalogue), or with --check fails when the
// committed files differ from what their sources give.
import { mkdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { type Format, githubAnnotation } from "../core/node/config/diagnostics.ts";
import { loadContract } from "../core/node/contract/contract.ts";
import { emitApiReference } from "./emit/docs-api.ts";
import { emitBrandsReference, type SchemaNode } from "./emit/docs-brands.ts";
import { emitDiagnosticsReference } from "./emit/docs-diagnostics.ts";
import type { Io } from "./io.ts";
import { paths } from "./paths.ts";
import { style } from "./terminal.ts";
import { writeFileAtomic } from "./writer.ts";

export interface DocFile {
  /** Relative to the docs folder. */
  path: string;
  contents: string;
  source: string;
}

export async function generateDocs(): Promise<DocFile[]> {
  const schema = JSON.parse(await readFile(paths.brandsSchema, "utf8")) as SchemaNode;
  return [
    { path: "brands-reference.md", contents: emitBrandsReference(schema), source: "schema/brands.schema.json" },
    { path: "api.md", contents: emitApiReference(loadContract()), source: "schema/api/" },
    { path: "diagnostics.md", contents: emitDiagnosticsReference(), source: "core/node/config/catalogue.ts" },
  ];
}

export interface DocsOptions {
  check?: boolean;
  out?: string;
  format?: Format;
}

/** First line where two texts differ (1-based), for a useful drift message. */
function firstDifference(a: string, b: string): number {
  const x = a.split("\n");
  const y = b.split("\n");
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i + 1;
}

export async function runDocs(opts: DocsOptions, io: Io): Promise<number> {
  const dir = opts.out ?? join(paths.root, "docs");
  const show = (file: string) => relative(process.cwd(), file) || file;
  const s = style(io.color ?? false);
  const files = await generateDocs();
  if (!opts.check) {
    await mkdir(dir, { recursive: true });
    for (const f of files) {
      const target = join(dir, f.path);
      const old = await readFile(target, "utf8").catch(() => undefined);
      if (old === f.contents) {
        io.out(`  ${show(target)} unchanged\n`);
        continue;
      }
      await writeFileAtomic(target, f.contents);
      io.out(`  ${show(target)} ${s.green("written")} from ${f.source}\n`);
    }
    return 0;
  }

  const drift: { file: string; line: number; source: string; missing: boolean }[] = [];
  for (const f of files) {
    const target = join(dir, f.path);
    const old = await readFile(target, "utf8").catch(() => undefined);
    if (old !== f.contents) {
      drift.push({
        file: show(target),
        line: old === undefined ? 1 : firstDifference(old, f.contents),
        source: f.source,
        missing: old === undefined,
      });
    }
  }
  const format = opts.format ?? "text";
  const what = (d: (typeof drift)[number]) =>
    d.missing
      ? `${d.file} is missing; run \`npx gen docs\``
      : `${d.file} differs from ${d.source} from line ${d.line}; run \`npx gen docs\` and commit it`;
  if (format === "json")
    io.out(
      `${JSON.stringify(
        drift.map((d) => ({ ...d, message: what(d) })),
        null,
        2,
      )}\n`,
    );
  else if (format === "github") {
    for (const d of drift) io.out(githubAnnotation("error", { file: d.file, line: d.line, title: "docs-out-of-date" }, what(d)));
  } else if (drift.length === 0) io.out(`${files.map((f) => show(join(dir, f.path))).join(", ")}: up to date\n`);
  else for (const d of drift) io.out(`${d.file}:${d.line}: ${s.red("error")}[docs-out-of-date]: ${what(d)}\n`);
  return drift.length ? 1 : 0;
}
