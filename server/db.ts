// One database interface over embedded PGlite (default, data in .data/) or PostgreSQL (DATABASE_URL).
// Both run the same SQL and the same migrations.
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  kind: "pglite" | "postgres";
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Marks the code a transaction runs (its awaits included), so a rule can refuse to run inside one. */
const transactionScope = new AsyncLocalStorage<true>();

/**
 * Whether the caller runs inside a database transaction of this process. Attempt counters and
 * password checks must not (docs/security.md, "Where features meet"): a refusal would roll the count
 * back, and on PGlite a slow check would hold its only connection.
 */
export const insideTransaction = (): boolean => transactionScope.getStore() === true;

export interface DbOptions {
  /** postgres://… for a real PostgreSQL; otherwise PGlite. */
  url?: string;
  /** PGlite data folder; omit for an in-memory database (tests). */
  dataDir?: string;
  /** Apply the migrations up to this file name only (tests of a migration); all of them by default. */
  migrateUntil?: string;
  /**
   * PGlite in memory only: start from this dump of a data folder (`dumpDataDir`) instead of an empty
   * one. The tests start from a dump already migrated, which is quicker than migrating each time.
   */
  loadDataDir?: Blob;
}

export async function openDb(options: DbOptions = {}): Promise<Db> {
  const db = options.url ? await openPostgres(options.url) : await openPglite(options.dataDir, options.loadDataDir);
  await migrate(db, options.migrateUntil);
  return db;
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  const { PGlite } = await import("@electric-sql/pglite");
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const pg = dataDir ? await PGlite.create(dataDir) : await PGlite.create(loadDataDir ? { loadDataDir } : {});
  type Conn = {
    query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
    exec(sql: string): Promise<unknown>;
  };
  const wrap = (conn: Conn): Queryable => ({
    query: async <T>(sql: string, params?: unknown[]) => (await conn.query<T>(sql, params)).rows,
    exec: async (sql) => void (await conn.exec(sql)),
  });
  return {
    kind: "pglite",
    ...wrap(pg),
    transaction: (fn) => transactionScope.run(true, () => pg.transaction((tx) => fn(wrap(tx)))),
    close: () => pg.close(),
  };
}

async function openPostgres(url: string): Promise<Db> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  let closing = false;
  // An idle connection the server drops (restart, failover, shutdown) must not crash the process.
  pool.on("error", (err) => {
    if (!closing) console.error(`postgres: idle connection lost: ${err.message}`);
  });
  return {
    kind: "postgres",
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    exec: async (sql) => void (await pool.query(sql)),
    transaction: (fn) => transactionScope.run(true, () => pgTransaction(fn)),
    close: async () => {
      closing = true;
      await pool.end();
    },
  };

  async function pgTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const result = await fn({
        query: async (sql, params) => (await client.query(sql, params)).rows,
        exec: async (sql) => void (await client.query(sql)),
      });
      await client.query("COMMIT");
      return result;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
}

/**
 * A Db whose calls all run in the transaction `tx` of `db`: a transaction opened through it joins
 * `tx` (no savepoint), so the whole call commits or rolls back as one. Lets a call and the record
 * of its answer commit together (the idempotency keys, server/domain/idempotency.ts).
 */
export function within(db: Db, tx: Queryable): Db {
  return {
    kind: db.kind,
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    transaction: (fn) => fn(tx),
    close: () => Promise.reject(new Error("a transaction's database is closed by the one it belongs to")),
  };
}

const migrationsDir = fileURLToPath(new URL("./migrations", import.meta.url));

/** Applies every migration not yet applied (up to `until`), each in its own transaction, in file-name order. */
export async function migrate(db: Db, until?: string): Promise<string[]> {
  // Two platform processes starting together on one PostgreSQL must not both migrate: every step,
  // the bookkeeping table included (a racing CREATE TABLE IF NOT EXISTS fails), runs under one lock.
  const lock = (tx: Queryable) => (db.kind === "postgres" ? tx.query("SELECT pg_advisory_xact_lock(727274)") : Promise.resolve([]));
  await db.transaction(async (tx) => {
    await lock(tx);
    await tx.query("CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
  });
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith(".sql") && (until === undefined || f <= until)).sort();
  const applied: string[] = [];
  for (const name of files) {
    const sql = await readFile(join(migrationsDir, name), "utf8");
    const done = await db.transaction(async (tx) => {
      await lock(tx);
      const rows = await tx.query("SELECT 1 FROM schema_migrations WHERE name = $1", [name]);
      if (rows.length) return false;
      await tx.exec(sql);
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [name]);
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}
