// The load phase's reading, for a config on disk: its text once, then each icon file its brands name
// once. Every later phase (the passes, resolve, the fingerprint) works from these bytes, so a compile
// reads each input file one time (tests/compile.test.ts counts).
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { Diagnostic } from "./diagnostics.ts";
import { loadSource, type SourceFile } from "./load.ts";
import { arr, obj, str } from "./loose.ts";

/** Icon bytes by the path as the config writes it (relative to the config's folder); undefined when the file is missing. */
export type IconBytes = ReadonlyMap<string, Uint8Array | undefined>;

export interface ConfigRead {
  source: SourceFile;
  /** The parser's own diagnostics (YAML syntax, duplicate keys, alias bombs...). */
  diagnostics: Diagnostic[];
  icons: IconBytes;
}

/** The icon paths a (not yet validated) config names, each once. */
export function iconPaths(data: unknown): string[] {
  const paths = arr(obj(data).brands).map((brand) => str(obj(brand).icon));
  return [...new Set(paths.filter((p): p is string => Boolean(p)))];
}

export async function readIcons(configFile: string, data: unknown): Promise<IconBytes> {
  const dir = dirname(resolve(configFile));
  const entries = await Promise.all(
    iconPaths(data).map(async (path) => [path, await readFile(resolve(dir, path)).catch(() => undefined)] as const),
  );
  return new Map(entries);
}

/** Reads the config file (UnreadableFileError when it cannot be read) and the icons it names. */
export async function readConfig(file: string): Promise<ConfigRead> {
  const { source, diagnostics } = await loadSource(file);
  return { source, diagnostics, icons: await readIcons(file, source.data) };
}
