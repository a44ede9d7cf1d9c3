// Builds the tests' demo storefronts (once per change, e2e/fixture.ts) and starts the sandbox platform
// serving them for the whole e2e run (port in SF_PORT).
import type { FullConfig } from "@playwright/test";
import { ensureE2eDist } from "./fixture.ts";
import { startSandbox } from "./sandbox-server.ts";

export default async function globalSetup(_config: FullConfig) {
  ensureE2eDist();
  // Delivery follows payment 8 s later, so My page can be seen saying 'paid' and then 'delivered'.
  const sandbox = await startSandbox({ deliveryDelayMs: 8000 });
  process.env.SF_PORT = String(sandbox.port);
  return sandbox.close;
}
