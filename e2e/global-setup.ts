// Starts the sandbox platform with the built dist/ for the whole e2e run (port in SF_PORT).
import type { FullConfig } from "@playwright/test";
import { startSandbox } from "./sandbox-server.ts";

export default async function globalSetup(_config: FullConfig) {
  // Delivery follows payment 8 s later, so My page can be seen saying 'paid' and then 'delivered'.
  const sandbox = await startSandbox({ deliveryDelayMs: 8000 });
  process.env.SF_PORT = String(sandbox.port);
  return sandbox.close;
}
