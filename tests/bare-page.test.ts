// The bench's bare page load (bench/bare-page.ts) counts only a page that loaded: a load that ended
// on an error page (the proxy's 502, a refused connection) has an FCP and an LCP of its own, and
// counted as the storefront's it would pass for a real figure.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test } from "vitest";
import { bareLoad } from "../bench/bare-page.ts";

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

function serve(status: number, body: string): Promise<string> {
  const listening = createServer((_req, res) => res.writeHead(status, { "content-type": "text/html" }).end(body));
  server = listening;
  return new Promise((ready) =>
    listening.listen(0, "127.0.0.1", () => ready(`http://127.0.0.1:${(listening.address() as AddressInfo).port}/`)),
  );
}

test("a page that answers 200 is measured", async () => {
  const url = await serve(200, "<!doctype html><title>t</title><h1>Hello</h1>");
  const load = await bareLoad(url, { settleMs: 0 });
  expect(load.requests[0]?.url).toBe(url);
}, 30_000);

test("a page that ends on an error is refused, with the status it got", async () => {
  const url = await serve(502, "");
  await expect(bareLoad(url, { settleMs: 0 })).rejects.toThrow(/did not load.*HTTP 502/);
}, 30_000);
