// The bench's slow network (bench/throttle-proxy.ts): the link's bytes per unit of time, shared
// evenly by the responses with bytes waiting, and a proxy that really delivers through it.
import { createServer } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { SharedLink, startThrottleProxy } from "../bench/throttle-proxy.ts";

/** A link of 1,000 bytes per second on a clock the test moves. */
function link() {
  let now = 0;
  const shared = new SharedLink(1000, () => now, false);
  const flow = (name: string, got: Record<string, number>, ended: string[]) =>
    shared.open(
      (chunk) => {
        got[name] = (got[name] ?? 0) + chunk.length;
      },
      () => ended.push(name),
    );
  return {
    shared,
    flow,
    advance: (ms: number) => {
      now += ms;
      return shared.pump();
    },
  };
}

describe("the shared link", () => {
  test("sends no more than its rate allows, and all of it in time", () => {
    const { flow, advance } = link();
    const got: Record<string, number> = {};
    const ended: string[] = [];
    const a = flow("a", got, ended);
    a.push(Buffer.alloc(2500));
    a.finish();
    expect(advance(1000)).toBe(1000);
    expect(got.a).toBe(1000);
    expect(ended).toEqual([]);
    expect(advance(1000)).toBe(1000);
    expect(advance(1000)).toBe(500);
    expect(got.a).toBe(2500);
    expect(ended).toEqual(["a"]);
  });

  test("splits its bytes evenly, and a short response's leftover goes to the others", () => {
    const { flow, advance } = link();
    const got: Record<string, number> = {};
    const ended: string[] = [];
    const big = flow("big", got, ended);
    const small = flow("small", got, ended);
    big.push(Buffer.alloc(5000));
    small.push(Buffer.alloc(100));
    big.finish();
    small.finish();
    advance(1000);
    expect(got).toEqual({ big: 900, small: 100 });
    expect(ended).toEqual(["small"]);
  });

  test("an idle link saves nothing up", () => {
    const { flow, advance } = link();
    const got: Record<string, number> = {};
    const late = flow("late", got, []);
    expect(advance(5000)).toBe(0);
    late.push(Buffer.alloc(3000));
    expect(advance(500)).toBe(500);
    expect(got.late).toBe(500);
  });

  test("asks the source to pause when a response's queue is long", () => {
    const { flow } = link();
    const f = flow("f", {}, []);
    expect(f.push(Buffer.alloc(1024))).toBe(true);
    expect(f.push(Buffer.alloc(64 * 1024))).toBe(false);
  });
});

describe("the proxy", () => {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });

  test("forwards to a loopback host, body intact, and refuses any other host", async () => {
    const body = Buffer.from("x".repeat(3000));
    const origin = createServer((req, res) => {
      res.setHeader("x-path", req.url ?? "");
      res.end(body);
    });
    await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", resolve));
    stops.push(() => new Promise((resolve) => origin.close(() => resolve())));
    const address = origin.address();
    if (!address || typeof address === "string") throw new Error("no port");
    const proxy = await startThrottleProxy({ latencyMs: 0, downloadBytesPerSecond: 1_000_000, uploadBytesPerSecond: 1_000_000 });
    stops.push(proxy.close);

    // An absolute-form request line, as a browser sends it to a proxy.
    const ask = (target: string) =>
      new Promise<{ status: number; path: string | undefined; size: number }>((resolve, reject) => {
        const socket = connect(proxy.port, "127.0.0.1");
        const chunks: Buffer[] = [];
        socket.on("data", (c: Buffer) => chunks.push(c));
        socket.on("error", reject);
        socket.on("end", () => {
          const text = Buffer.concat(chunks).toString("latin1");
          const [head = "", rest = ""] = text.split("\r\n\r\n");
          resolve({
            status: Number(head.split(" ")[1]),
            path: /x-path: (.*)/i.exec(head)?.[1],
            size: rest.length,
          });
        });
        socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      });
    const through = await ask(`http://shop.localhost:${address.port}/assets/a.js?v=1`);
    expect(through).toEqual({ status: 200, path: "/assets/a.js?v=1", size: body.length });
    expect((await ask("http://example.com/")).status).toBe(502);
  });
});
