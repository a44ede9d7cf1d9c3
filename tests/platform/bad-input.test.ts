// A corpus of bad requests against every call: missing, ill-typed, oversized and hostile values,
// other users' tokens, broken bodies. None may answer 5xx, leak a stack trace, or write an order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContract } from "../../core/node/contract/contract.ts";
import { clientOf, type Harness, type ParamSchema, startHarness, validValue } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => h?.close());

const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "1; DROP TABLE orders; --",
  "x".repeat(10_000),
  "nul\u0000byte",
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "😀🔥",
  "%00%0d%0a",
  "",
  "   ",
];
const HOSTILE_NUMBERS: unknown[] = ["abc", -1, 1e30, 1.5, "NaN", [1, 2], { a: 1 }, true];

interface Probe {
  method: "GET" | "POST";
  url: string;
  params?: Record<string, unknown>;
  body?: string;
  contentType?: string;
}

function corpus(validClient: string, foreignToken: string): Probe[] {
  const probes: Probe[] = [];
  for (const call of loadContract().calls) {
    const url = call.paths[0] ?? "/";
    const props = (call.request as { properties?: Record<string, ParamSchema> }).properties ?? {};
    const base: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(props)) base[name] = validValue(name, schema, validClient);
    probes.push({ method: call.method, url, params: {} });
    probes.push({ method: call.method, url, params: { ...base, oauth_token: foreignToken } });
    probes.push({ method: call.method, url, params: { ...base, oauth_token: "' OR 1=1 --" } });
    for (const [name, schema] of Object.entries(props)) {
      const numeric = schema.type === "integer" || schema.type === "number";
      for (const value of numeric ? HOSTILE_NUMBERS : HOSTILE_STRINGS)
        probes.push({ method: call.method, url, params: { ...base, [name]: value } });
      if (schema.type === "object")
        probes.push({ method: call.method, url, params: { ...base, [name]: { k: "nul\u0000", deep: { x: "'--" } } } });
    }
    if (call.method === "POST") {
      probes.push({ method: "POST", url, body: "{not json", contentType: "application/json" });
      probes.push({ method: "POST", url, body: "a=1&b=2", contentType: "application/x-www-form-urlencoded" });
      probes.push({ method: "POST", url, body: JSON.stringify({ pad: "x".repeat(70_000) }), contentType: "application/json" });
      probes.push({ method: "POST", url, body: "[1,2,3]", contentType: "application/json" });
    }
  }
  for (const path of [
    "/api/pay/../../etc/passwd",
    "/api/unknown",
    "/util/login/nope",
    "/sandbox/checkout/SB1?sig=x",
    "/sandbox/art/x/..%2f..%2fpackage.json",
    "/sandbox/notify",
  ]) {
    probes.push({ method: "GET", url: path });
    probes.push({ method: "POST", url: path, body: "{}", contentType: "application/json" });
  }
  return probes;
}

describe("bad input", () => {
  it("answers every request of the corpus with an envelope and a code, never 5xx, never a stack trace", async () => {
    const other = await h.login("sakura");
    const probes = corpus(clientOf(h.platform, "aurora").clientIds.web, other.token);
    expect(probes.length).toBeGreaterThanOrEqual(300);
    const [before] = await h.db.query<{ n: string }>("SELECT count(*)::text AS n FROM orders");
    const failures: string[] = [];
    const codes = new Set<unknown>();
    for (const p of probes) {
      const res =
        p.body !== undefined
          ? await h.app.inject({
              method: p.method,
              url: p.url,
              payload: p.body,
              headers: { "content-type": p.contentType ?? "application/json" },
            })
          : p.method === "GET"
            ? await h.app.inject({
                method: "GET",
                url: p.url,
                query: Object.fromEntries(
                  Object.entries(p.params ?? {}).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
                ),
              })
            : await h.app.inject({ method: "POST", url: p.url, payload: p.params ?? {} });
      const label = `${p.method} ${p.url} ${String(JSON.stringify(p.params ?? p.body ?? "")).slice(0, 80)}`;
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${label}`);
      if (/at .*\.(ts|js):\d+|Error:|stack/i.test(res.body)) failures.push(`stack trace: ${label}`);
      const type = String(res.headers["content-type"] ?? "");
      if (type.includes("json")) {
        const body = res.json() as { code?: unknown; message?: unknown };
        codes.add(body.code);
        if (typeof body.code !== "number" || typeof body.message !== "string") failures.push(`not an envelope: ${label}`);
      }
    }
    expect(failures).toEqual([]);
    // The probes reach the handlers: many answer with business codes, not only with -400.
    expect(codes.size).toBeGreaterThan(8);
    const [after] = await h.db.query<{ n: string }>("SELECT count(*)::text AS n FROM orders");
    expect(after?.n).toBe(before?.n);
  });
});
