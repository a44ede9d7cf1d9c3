// `npm start` (after `gen build`) and `npm run serve`: the sandbox platform on PGlite in .data/ (or
// DATABASE_URL) on 127.0.0.1, serving the built storefronts in dist/ when there are any. Without a
// build it answers the platform's calls alone and says how to get the storefronts.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { validateFile } from "../core/node/config/validate.ts";
import { corePaths } from "../core/node/paths.ts";
import { loadHostMap } from "../server/sites.ts";
import { trustProxyOrExit } from "../server/trust-proxy.ts";
import { checkStartEnvOrExit, DEFAULT_DATA_DIR, openSandboxDb, startSandbox } from "./sandbox.ts";
import { brandUrls, untilStopped } from "./serve-shared.ts";

export async function main(): Promise<void> {
  const configFile = join(corePaths.root, "brands.yaml");
  const distDir = join(corePaths.root, "dist");
  const built = existsSync(join(distDir, "hosts.json"));
  const trustProxy = trustProxyOrExit(process.env.TRUST_PROXY);
  checkStartEnvOrExit();
  const { config } = await validateFile(configFile);
  if (!config) {
    console.error("brands.yaml is invalid: run `npx gen validate`.");
    process.exit(1);
  }
  const { db, label } = await openSandboxDb({ url: process.env.DATABASE_URL, dataDir: DEFAULT_DATA_DIR });
  const sandbox = await startSandbox(config, {
    db,
    ...(built ? { distDir } : {}),
    logger: process.env.LOG === "1",
    trustProxy,
    host: process.env.HOST ?? "127.0.0.1",
    port: Number(process.env.PORT ?? 8080),
  });
  console.log(`Sandbox platform (${label}) on ${sandbox.address}`);
  if (built) {
    // Each brand's production preview URL, then its demo one.
    for (const b of brandUrls(loadHostMap(distDir), sandbox.port))
      console.log(`  ${b.brand.padEnd(12)} ${[...b.production, ...b.demo].join("   ")}`);
  } else console.log("  dist/ is not built: the platform's calls only. `npm run build` (or `npm start`) builds the storefronts.");

  await untilStopped();
  await sandbox.close();
  await db.close();
  process.exit(0);
}
