// `npm start`: the sandbox platform on PGlite in .data/ (or DATABASE_URL), serving dist/ on 127.0.0.1.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { validateFile } from "../generator/validate.ts";
import { buildApp } from "./app.ts";
import { openDb } from "./db.ts";
import { createPlatform } from "./platform/index.ts";
import { loadHostMap } from "./sites.ts";
import { trustProxyOrExit } from "./trust-proxy.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

export async function main(): Promise<void> {
  const distDir = join(root, "dist");
  if (!existsSync(join(distDir, "hosts.json"))) {
    console.error("dist/ is missing: run `npx gen build` first (npm start does both).");
    process.exit(1);
  }
  const trustProxy = trustProxyOrExit(process.env.TRUST_PROXY);
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? "127.0.0.1";
  const db = await openDb({ url: process.env.DATABASE_URL, dataDir: join(root, ".data", "pglite") });
  const { config } = await validateFile(join(root, "brands.yaml"));
  if (!config) {
    console.error("brands.yaml is invalid: run `npx gen validate`.");
    process.exit(1);
  }
  const platform = await createPlatform({ db, config });
  const app = await buildApp({
    db,
    platform,
    distDir,
    logger: process.env.LOG === "1",
    trustProxy,
  });
  const address = await app.listen({ port, host });
  const actualPort = new URL(address).port;

  const byBrand = new Map<string, string[]>();
  for (const [h, entry] of Object.entries(loadHostMap(distDir))) {
    if (!h.endsWith(".localhost")) continue;
    const url = `http://${h}:${actualPort}/`;
    const list = byBrand.get(entry.brand) ?? [];
    // Production preview first, then demo.
    byBrand.set(entry.brand, entry.mode === "production" ? [url, ...list] : [...list, url]);
  }
  console.log(`Sandbox platform (${db.kind === "pglite" ? "embedded PGlite in .data/" : "PostgreSQL"}) on ${address}`);
  for (const [brand, urls] of [...byBrand].sort()) console.log(`  ${brand.padEnd(12)} ${urls.join("   ")}`);

  const stop = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
