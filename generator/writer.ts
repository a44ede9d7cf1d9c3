// Writes emitted files, touching only those whose content changed, and removes stale ones.
import { randomBytes } from "node:crypto";
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, sep } from "node:path";
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

/**
 * Writes next to the target and renames over it, keeping an existing file's permissions: readers
 * (nginx, an editor, a concurrent gen) see the old file or the new one, never half of it.
 */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await writeFile(temp, text, { flag: "wx" });
    const mode = await stat(file).then(
      (s) => s.mode & 0o7777,
      () => undefined,
    );
    if (mode !== undefined) await chmod(temp, mode);
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
