// The one place the sandbox is assembled: database + config + platform + HTTP app. `npm start`,
// `npm run serve`, the API-only process, `gen preview`, `gen dev`, the e2e server and the platform
// tests all start it here, so they cannot drift apart.
import { isAbsolute, join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import type { BrandsConfig } from "../core/browser/config/types.ts";
import { corePaths } from "../core/node/paths.ts";
import { buildApp } from "../server/app.ts";
import { type Db, openDb } from "../server/db.ts";
import { checkStartEnv, createPlatform, type Platform, PlatformConfigError, type PlatformOptions } from "../server/platform.ts";
import type { TrustProxy } from "../server/trust-proxy.ts";

/** The project's own PGlite data folder (`npm start`, `gen dev`, `gen preview`). */
export const DEFAULT_DATA_DIR = join(corePaths.root, ".data", "pglite");

export interface DatabaseChoice {
  /** postgres://… for a real PostgreSQL (DATABASE_URL); wins over the data folder. */
  url?: string | undefined;
  /** PGlite data folder; absent (and no url): an in-memory database. */
  dataDir?: string | undefined;
}

/**
 * The environment's platform settings checked before anything is opened: a production start
 * without its secret (or an unknown PLATFORM_MODE) stops here with exit code 2, said plainly.
 */
export function checkStartEnvOrExit(): void {
  try {
    checkStartEnv();
  } catch (err) {
    if (!(err instanceof PlatformConfigError)) throw err;
    process.stderr.write(`platform: ${err.message}\n`);
    process.exit(2);
  }
}

/** Opens (and migrates) the sandbox's database; `label` says which, for the start-up line. */
export async function openSandboxDb(choice: DatabaseChoice): Promise<{ db: Db; label: string }> {
  const url = choice.url || undefined;
  const dir = choice.dataDir ? (isAbsolute(choice.dataDir) ? choice.dataDir : resolve(choice.dataDir)) : undefined;
  const db = await openDb({ ...(url ? { url } : {}), ...(!url && dir ? { dataDir: dir } : {}) });
  const label = db.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : dir ? `embedded PGlite in ${dir}` : "embedded PGlite in memory";
  return { db, label };
}

export interface AppOptions extends Omit<PlatformOptions, "db" | "config"> {
  /** A built dist/ to serve by Host; without it only the platform answers. */
  distDir?: string | undefined;
  /** Fastify's request log (LOG=1). */
  logger?: boolean;
  trustProxy?: TrustProxy;
}

/** A platform for `config` on `db` and the HTTP app serving it (and `distDir`), not yet listening. */
export async function assembleApp(
  db: Db,
  config: BrandsConfig,
  options: AppOptions = {},
): Promise<{ app: FastifyInstance; platform: Platform }> {
  const { distDir, logger, trustProxy, ...platformOptions } = options;
  const platform = await createPlatform({ db, config, ...platformOptions });
  const app = await buildApp({
    db,
    platform,
    ...(distDir ? { distDir } : {}),
    ...(logger ? { logger } : {}),
    ...(trustProxy !== undefined ? { trustProxy } : {}),
  });
  return { app, platform };
}

export interface Sandbox {
  app: FastifyInstance;
  platform: Platform;
  db: Db;
  /** The address it listens on, e.g. http://127.0.0.1:8080. */
  address: string;
  port: number;
  close(): Promise<void>;
}

/** Opens the database, assembles the app and listens: the whole sandbox in one call. */
export async function startSandbox(
  config: BrandsConfig,
  options: AppOptions & { database?: DatabaseChoice; db?: Db; host?: string; port?: number },
): Promise<Sandbox> {
  const { database = {}, host = "127.0.0.1", port = 0, db: given, ...appOptions } = options;
  const db = given ?? (await openSandboxDb(database)).db;
  try {
    const { app, platform } = await assembleApp(db, config, appOptions);
    const address = await app.listen({ host, port });
    return {
      app,
      platform,
      db,
      address,
      port: Number(new URL(address).port),
      close: async () => {
        await app.close();
        if (!given) await db.close();
      },
    };
  } catch (err) {
    if (!given) await db.close().catch(() => undefined);
    throw err;
  }
}
