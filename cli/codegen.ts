// The schemas' generated types on demand: written by the install hook (`npm install`), before the
// tests, and here by the entry points when they are missing, so a fresh clone runs any program or
// test without a build (never an ERR_MODULE_NOT_FOUND for a generated file).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { corePaths } from "../core/node/paths.ts";

/** The files core/browser/generated/ must hold for the programs to load. */
const REQUIRED = ["api-calls.ts", "api-errors.ts", "api-types.ts", "config-types.ts", "payment-types.ts"];

export const coreGeneratedPresent = () => REQUIRED.every((f) => existsSync(join(corePaths.coreGenerated, f)));

/** Writes the config-free generated files (core/browser/generated/ and runtime/generated/'s tables). */
export async function generateSchemaFiles(): Promise<string> {
  const { describeCodegen, writeGenerated } = await import("../generator/codegen.ts");
  return describeCodegen(await writeGenerated());
}

/** Generates them only when missing (the entry points' check: a no-op after the install hook). */
export async function ensureGenerated(): Promise<void> {
  if (!coreGeneratedPresent()) await generateSchemaFiles();
}
