// Reading a build's record back (./emit/build-info.ts writes it): `gen preview` compares its
// fingerprint with the config's.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { BUILD_INFO_FILE, type BuildInfo } from "./emit/build-info.ts";

export type { BuildInfo };

/** The build's record, or undefined when dist/ has none (built before it existed) or it is unreadable. */
export async function readBuildInfo(dist: string): Promise<BuildInfo | undefined> {
  try {
    const info = JSON.parse(await readFile(join(dist, BUILD_INFO_FILE), "utf8")) as Partial<BuildInfo>;
    return typeof info.fingerprint === "string" && Array.isArray(info.brands) ? (info as BuildInfo) : undefined;
  } catch {
    return undefined;
  }
}
