// The tests' databases start from a PGlite data folder already migrated, dumped once per change of
// the migrations (tests/global-setup.ts writes it): opening one then takes a third of the time of an
// empty folder plus the migrations, and each test file opens one or more. The migrations still run
// (server/db.ts), finding every one applied.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Transaction } from "@electric-sql/pglite";
import { type Db, type DbOptions, migrate, openDb } from "../server/db.ts";

const ROOT = join(import.meta.dirname, "..");
const MIGRATIONS = join(ROOT, "server", "migrations");

/** Where the dump for the current migrations and PGlite version lives. */
function snapshotFile(): string {
  const hash = createHash("sha256");
  const pglite = JSON.parse(readFileSync(join(ROOT, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8")) as {
    version: string;
  };
  hash.update(pglite.version);
  for (const file of readdirSync(MIGRATIONS).sort()) hash.update(file).update(readFileSync(join(MIGRATIONS, file)));
  return join(ROOT, ".data", "test", `pglite-migrated-${hash.digest("hex").slice(0, 16)}.tar`);
}

/** Writes the migrated dump unless it is there already (global setup, once per run). */
export async function writeMigratedSnapshot(): Promise<void> {
  const file = snapshotFile();
  if (existsSync(file)) return;
  const { PGlite } = await import("@electric-sql/pglite");
  // openDb keeps its PGlite to itself: a bare one, migrated by the same function, can be dumped.
  const pg = await PGlite.create();
  const wrap = (conn: Pick<Transaction, "query" | "exec">) => ({
    query: async <T>(sql: string, params?: unknown[]) => (await conn.query<T>(sql, params)).rows,
    exec: async (sql: string) => void (await conn.exec(sql)),
  });
  await migrate({ kind: "pglite", ...wrap(pg), transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))), close: () => pg.close() });
  const dump = await pg.dumpDataDir("none");
  await pg.close();
  mkdirSync(join(ROOT, ".data", "test"), { recursive: true });
  // Written beside, then renamed: a test never reads half a file.
  writeFileSync(`${file}.tmp`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${file}.tmp`, file);
}

let snapshot: Blob | undefined;

/** An in-memory PGlite for a test, migrated (from the dump when global setup wrote it). */
export async function testDb(options: Omit<DbOptions, "url" | "dataDir" | "loadDataDir"> = {}): Promise<Db> {
  if (!snapshot && !options.migrateUntil) {
    const file = snapshotFile();
    if (existsSync(file)) snapshot = new Blob([readFileSync(file)]);
  }
  return openDb({ ...options, ...(snapshot && !options.migrateUntil ? { loadDataDir: snapshot } : {}) });
}
