// Security finding 1 (docs/security.md): an unauthenticated flood of made-up Host headers once
// grew the platform's memory by ~660 KB per Host until it died. The platform runs in a process of
// its own and its resident memory is read from outside, before and after 50,000 requests, each
// with a Host never seen before; then the same through a trusted proxy's X-Forwarded-Host
// (docs/security.md, S5).
// (Behind nginx: e2e/nginx.smoke.ts.)
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Side, startProcess, stopProcess } from "./sides.ts";

const procs: ChildProcess[] = [];
let side: Side;
beforeAll(async () => {
  side = await startProcess("flood", undefined, { secret: "flood-secret-of-thirty-two-characters" }, procs);
}, 120_000);
afterAll(async () => {
  await Promise.all(procs.map(stopProcess));
});

/** The resident memory of the platform's process, in bytes. */
function rss(): number {
  const status = readFileSync(`/proc/${side.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

/**
 * `amount` requests for the payment list, each with a Host of its own: one in five a known host
 * with a made-up port (the list was once cached per origin), the rest hosts that are not the platform's.
 * With `header` X-Forwarded-Host, which the platform believes from loopback (TRUST_PROXY=loopback),
 * one in five is also a host that is not a host at all (`127.0.0.1:1@evil<n>.example`).
 */
async function flood(
  amount: number,
  from: number,
  header: "host" | "x-forwarded-host" = "host",
): Promise<{ total: number; statuses: Set<number> }> {
  let n = from;
  const statuses = new Set<number>();
  const result = await autocannon({
    url: side.base,
    connections: 32,
    amount,
    requests: [
      {
        method: "GET",
        path: "/api/pay/getCountryList?client_id=1001003&product_id=starfall.gems.60&platform=web",
        setupRequest: (request) => {
          const i = n++;
          const host =
            i % 5 === 0
              ? `aurora.localhost:${10_000 + (i % 55_000)}`
              : header === "x-forwarded-host" && i % 5 === 1
                ? `127.0.0.1:1@evil${i}.example`
                : `h${i}.flood.example`;
          return { ...request, headers: { ...request.headers, [header]: host } };
        },
        onResponse: (status) => {
          statuses.add(status);
        },
      },
    ],
  });
  return { total: result.requests.total, statuses };
}

describe("1. an unauthenticated flood of made-up Host headers", () => {
  it("50,000 requests with distinct Host headers leave the platform's memory within 50 MB", async () => {
    await flood(5000, 1_000_000);
    const before = rss();
    const { total, statuses } = await flood(50_000, 0);
    const grown = rss() - before;
    expect(total).toBe(50_000);
    // Known hosts answered, the others refused: nothing else (no 5xx).
    expect([...statuses].sort()).toEqual([200, 421]);
    expect(grown, `the platform grew ${Math.round(grown / 1e6)} MB`).toBeLessThan(50 * 1024 * 1024);
  }, 120_000);

  it("50,000 distinct X-Forwarded-Host values from a trusted proxy leave the platform's memory within 50 MB", async () => {
    // Warmed up by the flood before (same routes, same process).
    const before = rss();
    const { total, statuses } = await flood(50_000, 3_000_000, "x-forwarded-host");
    const grown = rss() - before;
    expect(total).toBe(50_000);
    // Known hosts answered; hosts that are not a host refused at the door (400); others misdirected (421).
    expect([...statuses].sort()).toEqual([200, 400, 421]);
    expect(grown, `the platform grew ${Math.round(grown / 1e6)} MB`).toBeLessThan(50 * 1024 * 1024);
  }, 120_000);
});
