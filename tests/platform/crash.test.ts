// Durability: the platform killed with SIGKILL during a burst of orders keeps every order it acknowledged.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDb } from "../../server/db.ts";
import { DEMO_CONFIG } from "../demo-config.ts";

const dataDir = mkdtempSync(join(tmpdir(), "sf-crash-"));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

function start(): Promise<{ proc: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ["--import", "tsx", join(import.meta.dirname, "..", "..", "cli", "api-only.ts"), "--config", DEMO_CONFIG, dataDir],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 90_000);
    proc.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening (http:\/\/[^\s]+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ proc, base: m[1] });
      }
    });
    proc.stderr?.on("data", (d: Buffer) => (out += d.toString()));
    proc.on("exit", (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

async function post(base: string, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; content: Record<string, unknown> };
}

describe("crash safety", () => {
  it("keeps every acknowledged order after SIGKILL in the middle of a burst", async () => {
    const { proc, base } = await start();
    child = proc;
    const clientId = "1001003";
    // Twenty accounts with two roles each: forty distinct role × goods pairs per product.
    const buyers: { token: string; roles: { role_id: string; server_id: string }[] }[] = [];
    for (let i = 0; i < 20; i++) {
      const login = await post(base, "/util/login/google_auth", { authorization_code: `sbx_crash${i}`, client_id: clientId });
      const token = String(login.content.oauth_token);
      const res = await fetch(`${base}/api/system/allRoleList?client_id=${clientId}&oauth_token=${token}`);
      const roles = ((await res.json()) as { content: { roles: { role_id: string; server_id: string }[] } }).content.roles;
      buyers.push({ token, roles });
    }
    const products = [
      "starfall.gems.60",
      "starfall.gems.300",
      "starfall.gems.680",
      "starfall.gems.1280",
      "starfall.gems.3280",
      "starfall.gems.6480",
    ];
    const jobs = buyers.flatMap((b) => b.roles.flatMap((r) => products.map((p) => ({ token: b.token, role: r, product: p }))));
    const acknowledged: string[] = [];
    let killed = false;
    await Promise.all(
      jobs.map(async (job, i) => {
        await new Promise((r) => setTimeout(r, i * 3));
        if (killed) return;
        try {
          const res = await post(base, "/api/pay/paypal_pay", {
            client_id: clientId,
            oauth_token: job.token,
            platform: "web",
            country: "US",
            server_id: job.role.server_id,
            role_id: job.role.role_id,
            product_id: job.product,
            payway_id: 10201,
            channel_id: "paypal",
          });
          if (res.code === 1) acknowledged.push(String(res.content.billing_no));
          if (acknowledged.length === 60 && !killed) {
            killed = true;
            proc.kill("SIGKILL");
          }
        } catch {
          // Requests in flight when the process died: never acknowledged, so nothing to check.
        }
      }),
    );
    expect(killed).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
    if (proc.exitCode === null && proc.signalCode === null) await once(proc, "exit");

    const db = await openDb({ dataDir });
    try {
      const rows = await db.query<{ billing_no: string }>("SELECT billing_no FROM orders WHERE billing_no = ANY($1)", [acknowledged]);
      expect(rows.length).toBe(acknowledged.length);
    } finally {
      await db.close();
    }
  }, 180_000);
});
