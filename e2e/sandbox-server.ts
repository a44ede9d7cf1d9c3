// Starts the sandbox platform serving the built dist/ on 127.0.0.1, port 0, with an in-memory database;
// by default the project's brands.yaml and dist/, or another config and the dist/ built from it.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { validateFile } from "../generator/validate.ts";
import { buildApp } from "../server/app.ts";
import { openDb } from "../server/db.ts";
import { createPlatform } from "../server/platform/index.ts";
import type { TrustProxy } from "../server/trust-proxy.ts";

export const ROOT = join(import.meta.dirname, "..");

export interface SandboxOptions {
  deliveryDelayMs?: number;
  /** Forwarded headers the app trusts (behind nginx in test:nginx). */
  trustProxy?: TrustProxy;
  /** The config the platform's catalogue comes from (default: the project's brands.yaml). */
  configFile?: string;
  /** The dist/ built from it (default: the project's dist/). */
  distDir?: string;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<{ port: number; close: () => Promise<void> }> {
  const { configFile = join(ROOT, "brands.yaml"), distDir = join(ROOT, "dist"), trustProxy, ...platformOptions } = options;
  if (!existsSync(join(distDir, "hosts.json"))) throw new Error(`${distDir} is missing: run \`npm run build\` first`);
  const { config } = await validateFile(configFile);
  if (!config) throw new Error(`${configFile} is invalid: run \`npm run gen validate\``);
  const db = await openDb();
  const platform = await createPlatform({ db, config, ...platformOptions });
  const app = await buildApp({ db, platform, distDir, ...(trustProxy !== undefined ? { trustProxy } : {}) });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("server did not listen");
  return {
    port: address.port,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
