// Starts the sandbox platform serving a built dist/ on 127.0.0.1, port 0, with an in-memory database:
// by default the tests' demo config (tests/fixtures/demo/) and the dist/ the e2e setup built from it.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { startSandbox as start } from "../cli/sandbox.ts";
import { validateFile } from "../core/node/config/validate.ts";
import type { TrustProxy } from "../server/trust-proxy.ts";
import { DEMO_CONFIG } from "../tests/demo-config.ts";

export const ROOT = join(import.meta.dirname, "..");

/** Where the e2e setup builds the demo config (e2e/global-setup.ts); apart from the operator's dist/. */
export const E2E_DIST = join(ROOT, ".data", "e2e", "dist");

export interface SandboxOptions {
  deliveryDelayMs?: number;
  /** Tracking events one client may store a minute, and all together (every browser of an e2e run is 127.0.0.1). */
  trackingLimits?: { perClient: number; total: number };
  /** Signs notifications and links; a random one per start when not given. */
  secret?: string;
  /** Forwarded headers the app trusts (behind nginx in test:nginx). */
  trustProxy?: TrustProxy;
  /** The config the platform's catalogue comes from (default: the tests' demo config). */
  configFile?: string;
  /** The dist/ built from it (default: the e2e build of the demo config). */
  distDir?: string;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<{ port: number; close: () => Promise<void> }> {
  const { configFile = DEMO_CONFIG, distDir = E2E_DIST, trustProxy, ...platformOptions } = options;
  if (!existsSync(join(distDir, "hosts.json"))) throw new Error(`${distDir} is missing: run the e2e setup (npm run test:e2e) first`);
  const { config } = await validateFile(configFile);
  if (!config) throw new Error(`${configFile} is invalid: run \`npm run gen validate ${configFile}\``);
  const sandbox = await start(config, { distDir, ...platformOptions, ...(trustProxy !== undefined ? { trustProxy } : {}) });
  return { port: sandbox.port, close: sandbox.close };
}
