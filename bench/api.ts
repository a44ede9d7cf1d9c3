// `npm run bench:api`: the platform in its own process on 127.0.0.1, loaded by autocannon after a
// warm-up: game list, payment list, order polling (reads) and order creation (bench/api-orders.ts),
// and password hashing under load (bench/api-hashing.ts). Prints a Markdown table.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cardTimes, healthDuringHashing, serverListDuringSignIns } from "./api-hashing.ts";
import { readsAndOrders } from "./api-orders.ts";
import { seconds, startServer } from "./api-platform.ts";

const root = join(import.meta.dirname, "..");
// On disk, like `npm start` (PGlite in a data folder), unless DATABASE_URL points at PostgreSQL.
const dataDir = mkdtempSync(join(tmpdir(), "sf-bench-"));

const { proc, base } = await startServer(dataDir);
try {
  const rows = [...(await readsAndOrders(base)), ...(await healthDuringHashing(base)), ...(await serverListDuringSignIns(base))];
  const cards = await cardTimes(base);
  const db = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (on disk)";
  console.log(`\nPlatform API on ${db}, ${seconds} s per scenario, 20 connections (10 for max), after a 2 s warm-up\n`);
  console.log("| scenario | load | requests/s | p50 | p99 | errors | non-2xx |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) console.log(`| ${r.scenario} | ${r.target} | ${r.rps} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${r.non2xx} |`);
  console.log(
    `\nA wrong card password, median of 40 checks: a real card ${cards.realMs} ms, an unknown card ${cards.unknownMs} ms (interleaved).`,
  );
  mkdirSync(join(root, "bench", ".tmp"), { recursive: true });
  writeFileSync(
    join(root, "bench", ".tmp", `api-${process.env.DATABASE_URL ? "postgres" : "pglite"}.json`),
    `${JSON.stringify({ db, seconds, rows, cardTimes: cards }, null, 2)}\n`,
  );
} finally {
  proc.kill("SIGTERM");
  await new Promise((r) => proc.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
