// The platform under load for bench/api.ts: its own process on 127.0.0.1 (PGlite on disk in a fresh
// folder, like `npm start`, unless DATABASE_URL points at PostgreSQL), a JSON helper, a signed-in
// player, and one autocannon scenario reduced to a table row.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import autocannon from "autocannon";

const root = join(import.meta.dirname, "..");
export const seconds = Number(process.env.BENCH_SECONDS ?? 10);

export interface Row {
  scenario: string;
  target: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export function startServer(dataDir: string): Promise<{ proc: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ["--import", "tsx", join(root, "cli", "api-only.ts"), dataDir], {
      stdio: ["ignore", "pipe", "inherit"],
      // Loopback is trusted to name the client's address: the login load comes from many addresses.
      env: { ...process.env, TRUST_PROXY: "loopback" },
    });
    let out = "";
    proc.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening (http:\/\/[^\s]+)/.exec(out);
      if (m?.[1]) resolve({ proc, base: m[1] });
    });
    proc.on("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
}

export async function json(url: string, init?: RequestInit) {
  return (await (await fetch(url, init)).json()) as { code: number; content: Record<string, unknown> };
}

export const postJson = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** A sandbox player signed in with a provider code, and their characters. */
export async function signedIn(base: string, clientId: string, code: string) {
  const login = await json(`${base}/util/login/google_auth`, postJson({ authorization_code: code, client_id: clientId }));
  const token = String(login.content.oauth_token);
  const roles = (await json(`${base}/api/system/allRoleList?client_id=${clientId}&oauth_token=${token}`)).content.roles as {
    role_id: string;
    server_id: string;
  }[];
  return { token, roles };
}

/** A finished autocannon run as a table row. */
export function rowOf(scenario: string, target: string, result: autocannon.Result): Row {
  return {
    scenario,
    target,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function run(scenario: string, opts: autocannon.Options, target: string): Promise<Row> {
  return rowOf(scenario, target, await autocannon({ connections: 20, pipelining: 1, duration: seconds, ...opts }));
}

/** Lets a crowd started in the background open its connections before the measured scenario. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));
