// The platform as the rules that must hold across processes meet it: with DATABASE_URL, two
// `cli/api-only.ts` processes on one fresh PostgreSQL database (as behind a load balancer), requests
// alternating between them; without it, one in-process platform on PGlite listening on a port.
// Every process serves the tests' own fixture config, never the operator's brands.yaml.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { expect } from "vitest";
import { apiCalls } from "../../core/browser/generated/api-calls.ts";
import type { CallName } from "../../core/browser/generated/api-types.ts";
import { openDb, type Queryable } from "../../server/db.ts";
import { signNotification } from "../../server/domain/checkout.ts";
import { DEMO_CONFIG } from "../demo-config.ts";
import { freshDatabase, startHarness } from "./harness.ts";

export interface Envelope {
  code: number;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field by each test
  content: any;
}

export interface Side {
  name: string;
  base: string;
  /** The process serving this side (undefined in process). */
  pid?: number | undefined;
}

export interface Sides {
  onPostgres: boolean;
  sides: [Side, Side];
  /** The database both sides share, for checks behind the API. */
  db: Queryable;
  /** A call of the contract on side `i % 2`; `ip` is sent as X-Forwarded-For (the sides trust loopback). */
  call(i: number, name: CallName, params: Record<string, unknown>, opts?: CallOptions): Promise<Envelope>;
  /** A provider's signed notification that the order was paid, as the sandbox checkout sends it. */
  approve(i: number, order: { billing_no: string; amount: number; currency: string }): Promise<Envelope>;
  /** The platform's clock, to within the time a process takes to start (card_info carries a time). */
  now(): Date;
  close(): Promise<void>;
}

export interface CallOptions {
  path?: string;
  key?: string;
  /** The client address the platform sees (through X-Forwarded-For from loopback). */
  ip?: string;
  /** The Host header. */
  host?: string;
}

export interface SidesOptions {
  secret: string;
  /** The platform clock's start (SANDBOX_CLOCK for the processes; a clock from there in process). */
  clock?: string;
}

const API_ONLY = join(import.meta.dirname, "..", "..", "cli", "api-only.ts");

/**
 * `cli/api-only.ts` in its own process on the PostgreSQL `url` (in-memory PGlite without one):
 * resolves with its address once it listens.
 */
export function startProcess(name: string, url: string | undefined, options: SidesOptions, procs: ChildProcess[]): Promise<Side> {
  const proc = spawn(process.execPath, ["--import", "tsx", API_ONLY, "--config", DEMO_CONFIG], {
    env: {
      ...process.env,
      DATABASE_URL: url ?? "",
      SANDBOX_SECRET: options.secret,
      TRUST_PROXY: "loopback",
      PORT: "0",
      ...(options.clock ? { SANDBOX_CLOCK: options.clock } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  procs.push(proc);
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`platform ${name} did not start within 90 s: ${out}`)), 90_000);
    proc.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const base = /listening (http:\/\/\S+)/.exec(out)?.[1];
      if (base) {
        clearTimeout(timer);
        resolve({ name, base, pid: proc.pid });
      }
    });
    proc.stderr?.on("data", (d: Buffer) => (out += d.toString()));
    proc.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`platform ${name} exited (${code ?? signal}): ${out}`));
    });
  });
}

export async function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = once(proc, "exit");
  proc.kill("SIGTERM");
  await exited;
}

export async function startSides(options: SidesOptions): Promise<Sides> {
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const offset = options.clock ? Date.parse(options.clock) - Date.now() : 0;
  const now = () => new Date(Date.now() + offset);
  let sides: [Side, Side];
  let db: Queryable;
  let close: () => Promise<void>;
  if (onPostgres) {
    const procs: ChildProcess[] = [];
    const database = await freshDatabase(process.env.DATABASE_URL ?? "");
    const [a, b] = await Promise.all([startProcess("A", database.url, options, procs), startProcess("B", database.url, options, procs)]);
    sides = [a, b];
    const reader = await openDb({ url: database.url });
    db = reader;
    close = async () => {
      await Promise.all(procs.map(stopProcess));
      await reader.close();
      await database.drop();
    };
  } else {
    const h = await startHarness({ secret: options.secret, now, trustProxy: "loopback" });
    await h.app.listen({ host: "127.0.0.1", port: 0 });
    const base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    sides = [
      { name: "A", base },
      { name: "B", base },
    ];
    db = h.db;
    close = () => h.close();
  }

  const call: Sides["call"] = async (i, name, params, opts = {}) => {
    const side = sides[i % 2] as Side;
    const spec = apiCalls[name];
    const url = new URL(opts.path ?? spec.paths[0] ?? "/", side.base);
    const headers: Record<string, string> = {
      ...(opts.key ? { "idempotency-key": opts.key } : {}),
      ...(opts.ip ? { "x-forwarded-for": opts.ip } : {}),
      ...(opts.host ? { host: opts.host } : {}),
    };
    let res: Response;
    if (spec.method === "GET") {
      for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v));
      res = await fetch(url, { headers });
    } else {
      res = await fetch(url, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(params) });
    }
    expect(res.status, `${side.name} ${name}`).toBeLessThan(500);
    return (await res.json()) as Envelope;
  };

  const approve: Sides["approve"] = async (i, order) => {
    const body = JSON.stringify({ event_id: randomUUID(), outcome: "approved", provider: "10201", ...order });
    const res = await fetch(new URL("/sandbox/notify", (sides[i % 2] as Side).base), {
      method: "POST",
      headers: { "content-type": "application/json", "x-sandbox-signature": signNotification(options.secret, body) },
      body,
    });
    return (await res.json()) as Envelope;
  };

  return { onPostgres, sides, db, call, approve, now, close };
}
