// A slow network for a browser that has no DevTools domain switched on. CDP's
// `Network.emulateNetworkConditions` only takes effect once the Network domain is enabled, and
// enabling it makes Chromium keep every request's initiator stack, which costs V8 a re-parse of the
// script for source positions (bench/bare-page.ts). So the bare page goes through this proxy
// instead: an HTTP proxy on 127.0.0.1 that holds each response until the request's latency has
// passed and then lets its bytes through a link of fixed throughput, shared evenly by the responses
// that have bytes waiting, as DevTools' own throttling shares it.
//
// Chromium is pointed at it with `--proxy-server` and `--proxy-bypass-list=<-loopback>` (without
// the second, loopback hosts such as `*.localhost` bypass any proxy). It forwards to loopback hosts
// only: the bench serves everything locally.
import { createServer, type IncomingHttpHeaders, request } from "node:http";
import { performance } from "node:perf_hooks";

export interface NetworkConditions {
  /** Added to each request before its answer starts, in ms. */
  latencyMs: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
}

/** Lighthouse's mobile figures (its "slow 4G"), as DevTools applies them: 150 ms, 1.6 Mbps down, 750 kbps up. */
export const SLOW_4G: NetworkConditions = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
};

/** A phone on a good Wi-Fi or 5G link: 20 ms, 30 Mbps down, 10 Mbps up (the CPU stays a mid-range phone's). */
export const FAST_LINK: NetworkConditions = {
  latencyMs: 20,
  downloadBytesPerSecond: (30 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (10 * 1024 * 1024) / 8,
};

/** One response's bytes on their way through the link. */
export interface Flow {
  /** Queues bytes to send; false when the queue is long enough that the source should pause. */
  push(chunk: Buffer): boolean;
  /** No more bytes will come: the flow ends once its queue is sent. */
  finish(): void;
}

interface FlowState {
  queue: Buffer[];
  queued: number;
  finished: boolean;
  send: (chunk: Buffer) => void;
  end: () => void;
  drained: () => void;
}

/** A flow's queue above this asks its source to pause (backpressure). */
const HIGH_WATER = 64 * 1024;
/** How often the link hands out bytes. */
const TICK_MS = 5;

/**
 * The link's throughput, shared by water-filling: each tick's bytes are split evenly among the
 * flows with bytes waiting, and what a short flow leaves goes to the others. An idle link saves
 * nothing up. `now` is injectable so the sharing is testable without waiting.
 */
export class SharedLink {
  private readonly flows = new Set<FlowState>();
  private last: number | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly bytesPerSecond: number,
    private readonly now: () => number = () => performance.now(),
    private readonly autoPump = true,
  ) {}

  open(send: (chunk: Buffer) => void, end: () => void, drained: () => void = () => undefined): Flow {
    const state: FlowState = { queue: [], queued: 0, finished: false, send, end, drained };
    this.flows.add(state);
    return {
      push: (chunk) => {
        state.queue.push(chunk);
        state.queued += chunk.length;
        this.wake();
        return state.queued < HIGH_WATER;
      },
      finish: () => {
        state.finished = true;
        this.wake();
      },
    };
  }

  /** Sends what the time since the last pump allows; returns the bytes sent. */
  pump(): number {
    const now = this.now();
    const elapsed = this.last === undefined ? 0 : now - this.last;
    this.last = now;
    let budget = Math.floor((elapsed * this.bytesPerSecond) / 1000);
    let sent = 0;
    for (;;) {
      const waiting = [...this.flows].filter((f) => f.queued > 0);
      if (waiting.length === 0 || budget <= 0) break;
      const share = Math.max(1, Math.floor(budget / waiting.length));
      for (const flow of waiting) {
        const n = Math.min(share, flow.queued, budget);
        if (n <= 0) continue;
        flow.send(take(flow, n));
        budget -= n;
        sent += n;
        // Under the mark the source may read on (resuming a flowing stream does nothing).
        if (flow.queued < HIGH_WATER) flow.drained();
      }
    }
    for (const flow of this.flows)
      if (flow.finished && flow.queued === 0) {
        this.flows.delete(flow);
        flow.end();
      }
    // A link with nothing to send starts its clock again at the next byte.
    if (![...this.flows].some((f) => f.queued > 0)) this.last = undefined;
    return sent;
  }

  private wake(): void {
    if (this.last === undefined) this.last = this.now();
    if (!this.autoPump || this.timer) return;
    this.timer = setInterval(() => {
      this.pump();
      if (this.flows.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    }, TICK_MS);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

function take(flow: FlowState, n: number): Buffer {
  const parts: Buffer[] = [];
  let left = n;
  while (left > 0) {
    const head = flow.queue[0];
    if (!head) break;
    if (head.length <= left) {
      parts.push(head);
      flow.queue.shift();
      left -= head.length;
    } else {
      parts.push(head.subarray(0, left));
      flow.queue[0] = head.subarray(left);
      left = 0;
    }
  }
  flow.queued -= n - left;
  return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
}

/** Headers that describe one connection, not the message: never forwarded. */
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade"];

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out = { ...headers };
  for (const name of HOP_BY_HOP) delete out[name];
  return out;
}

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "127.0.0.1" || hostname === "[::1]";
}

/** Starts the proxy on 127.0.0.1, port 0. */
export async function startThrottleProxy(conditions: NetworkConditions = SLOW_4G): Promise<{ port: number; close: () => Promise<void> }> {
  const down = new SharedLink(conditions.downloadBytesPerSecond);
  const server = createServer((req, res) => {
    const started = performance.now();
    let target: URL;
    try {
      target = new URL(req.url ?? "");
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (target.protocol !== "http:" || !isLoopback(target.hostname)) {
      res.writeHead(502).end();
      return;
    }
    let uploaded = 0;
    const upstream = request(
      {
        host: "127.0.0.1",
        port: Number(target.port || 80),
        method: req.method,
        path: `${target.pathname}${target.search}`,
        headers: forwardable(req.headers),
      },
      (answer) => {
        // The request's latency, and its body at the upload rate, before the answer starts.
        const due = started + conditions.latencyMs + (uploaded * 1000) / conditions.uploadBytesPerSecond;
        answer.pause();
        setTimeout(
          () => {
            res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
            const flow = down.open(
              (chunk) => res.write(chunk),
              () => res.end(),
              () => answer.resume(),
            );
            answer.on("data", (chunk: Buffer) => {
              if (!flow.push(chunk)) answer.pause();
            });
            answer.on("end", () => flow.finish());
            answer.on("error", () => flow.finish());
            answer.resume();
          },
          Math.max(0, due - performance.now()),
        );
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.on("data", (chunk: Buffer) => {
      uploaded += chunk.length;
    });
    req.pipe(upstream);
  });
  // A browser that is killed leaves its sockets half open: they must not hold close() up.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("throttle proxy did not listen");
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        down.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Chromium's flags to send every request, loopback included, through the proxy on `port`. */
export function proxyFlags(port: number): string[] {
  return [`--proxy-server=http://127.0.0.1:${port}`, "--proxy-bypass-list=<-loopback>"];
}
