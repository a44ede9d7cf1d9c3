// Writes emitted files, touching only those whose content changed, and removes stale ones.
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import type { OutputFile } from "./emit/file.ts";

export interface WriteReport {
  written: number;
  unchanged: number;
  removed: number;
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const full = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await listFiles(full)));
    else out.push(full);
  }
  return out;
}

export async function writeFiles(outDir: string, files: OutputFile[], opts: { prune?: boolean } = {}): Promise<WriteReport> {
  const report: WriteReport = { written: 0, unchanged: 0, removed: 0 };
  const wanted = new Set(files.map((f) => join(outDir, f.path)));
  const dirs = new Set(files.map((f) => dirname(join(outDir, f.path))));
  await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
  await Promise.all(
    files.map(async (f) => {
      const full = join(outDir, f.path);
      const old = await readFile(full).catch(() => undefined);
      if (old?.equals(typeof f.contents === "string" ? Buffer.from(f.contents) : f.contents)) report.unchanged++;
      else {
        await writeFile(full, f.contents);
        report.written++;
      }
    }),
  );
  if (opts.prune) {
    for (const file of await listFiles(outDir)) {
      if (!wanted.has(file)) {
        await rm(file);
        report.removed++;
      }
    }
  }
  return report;
}

export const toPosix = (p: string) => p.split(sep).join("/");
export const rel = (from: string, to: string) => toPosix(relative(from, to));
