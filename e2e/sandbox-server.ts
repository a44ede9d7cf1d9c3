// Starts the sandbox platform serving the built dist/ on 127.0.0.1, port 0, with an in-memory database.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { validateFile } from "../generator/validate.ts";
import { buildApp } from "../server/app.ts";
import { openDb } from "../server/db.ts";
import { createPlatform } from "../server/platform/index.ts";

export const ROOT = join(import.meta.dirname, "..");

export async function startSandbox(options: { deliveryDelayMs?: number } = {}): Promise<{ port: number; close: () => Promise<void> }> {
  const distDir = join(ROOT, "dist");
  if (!existsSync(join(distDir, "hosts.json"))) throw new Error("dist/ is missing: run `npm run build` first");
  const { config } = await validateFile(join(ROOT, "brands.yaml"));
  if (!config) throw new Error("brands.yaml is invalid: run `npm run gen validate`");
  const db = await openDb();
  const platform = await createPlatform({ db, config, ...options });
  const app = await buildApp({ db, platform, distDir });
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
