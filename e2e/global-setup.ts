// Starts the sandbox platform with the built dist/ on 127.0.0.1, port 0, for the whole e2e run.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FullConfig } from "@playwright/test";
import { validateFile } from "../generator/validate.ts";
import { buildApp } from "../server/app.ts";
import { openDb } from "../server/db.ts";
import { createPlatform } from "../server/platform/index.ts";

export default async function globalSetup(_config: FullConfig) {
  const distDir = join(import.meta.dirname, "..", "dist");
  if (!existsSync(join(distDir, "hosts.json"))) throw new Error("dist/ is missing: run `npm run build` before the e2e tests");
  const { config } = await validateFile(join(import.meta.dirname, "..", "brands.yaml"));
  if (!config) throw new Error("brands.yaml is invalid");
  const db = await openDb();
  // Delivery follows payment 8 s later, so My page can be seen saying 'paid' and then 'delivered'.
  const platform = await createPlatform({ db, config, deliveryDelayMs: 8000 });
  const app = await buildApp({ db, platform, distDir });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("server did not listen");
  process.env.SF_PORT = String(address.port);
  return async () => {
    await app.close();
    await db.close();
  };
}
