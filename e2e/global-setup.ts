// Builds the tests' demo storefronts (once per change, e2e/fixture.ts) and starts the sandbox platform
// serving them for the whole e2e run (port in SF_PORT).
import { randomBytes } from "node:crypto";
import type { FullConfig } from "@playwright/test";
import { ensureE2eDist } from "./fixture.ts";
import { startSandbox } from "./sandbox-server.ts";

export default async function globalSetup(_config: FullConfig) {
  ensureE2eDist();
  // Delivery follows payment 8 s later, so My page can be seen saying 'paid' and then 'delivered'.
  // A secret of this run, which the tests that check what is signed with it read (SF_SECRET).
  const secret = randomBytes(32).toString("hex");
  // Every browser of the run calls from 127.0.0.1: one address for all of them, so its tracking
  // limit is the run's, not a player's (the limit itself: tests/platform/seams.test.ts).
  const sandbox = await startSandbox({ deliveryDelayMs: 8000, secret, trackingLimits: { perClient: 100_000, total: 100_000 } });
  process.env.SF_PORT = String(sandbox.port);
  process.env.SF_SECRET = secret;
  return sandbox.close;
}
