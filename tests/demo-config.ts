// The test suites' own brand config (tests/fixtures/demo/): never the operator's brands.yaml, which
// is the demo `npm start` serves and theirs to change.
import { join } from "node:path";
import type { BrandsConfig } from "../core/browser/config/types.ts";
import { validateFile } from "../core/node/config/validate.ts";

export const DEMO_CONFIG = join(import.meta.dirname, "fixtures", "demo", "demo.yaml");

/** The demo fixture, validated (schema defaults filled in). */
export async function demoConfig(): Promise<BrandsConfig> {
  const { config, diagnostics } = await validateFile(DEMO_CONFIG);
  if (!config) throw new Error(`the test fixture ${DEMO_CONFIG} is invalid: ${diagnostics[0]?.message}`);
  return config;
}
