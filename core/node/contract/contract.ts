// The API contract (schema/api/*.json): loaded once, used to register and validate every route, and
// handed to the emitters of its types and docs (./contract-model.ts is its shape).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CallSpec, Contract } from "./contract-model.ts";

export * from "./contract-model.ts";

export const apiDir = fileURLToPath(new URL("../../../schema/api", import.meta.url));

const NOT_CALL_FILES = new Set(["common.json", "errors.json", "calls.schema.json"]);

let cached: Contract | undefined;

export function loadContract(): Contract {
  if (cached) return cached;
  const read = (f: string) => JSON.parse(readFileSync(join(apiDir, f), "utf8"));
  const calls: CallSpec[] = [];
  const descriptions: Record<string, string> = {};
  for (const file of readdirSync(apiDir)
    .filter((f) => f.endsWith(".json") && !NOT_CALL_FILES.has(f))
    .sort()) {
    const doc = read(file) as { description?: string; calls: Record<string, Omit<CallSpec, "name" | "file">> };
    descriptions[file] = String(doc.description ?? file);
    for (const [name, call] of Object.entries(doc.calls)) calls.push({ name, file, ...call });
  }
  cached = { common: read("common.json"), errors: read("errors.json").codes, calls, descriptions };
  return cached;
}

/** message of an error code from errors.json */
export function messageOf(code: number): string {
  return loadContract().errors[String(code)]?.message ?? "error";
}
