// A minimal CDP client on one page target of a Chromium the bench launched (bench/chrome.ts):
// commands, a wait for one event, and nothing else switched on. Playwright enables the Network
// domain on every page, and that makes Chromium keep each request's initiator stack, which costs V8
// a re-parse for source positions (docs/performance.md, "Measuring blocking time"): the bench's own
// page loads (bench/bare-page.ts) and interactions (bench/inp.ts) are driven through this instead.
import WebSocket from "ws";

export interface Cdp {
  send: (method: string, params?: object) => Promise<Record<string, unknown>>;
  /** Resolves at the next event of that name (one waiter per name). */
  once: (event: string) => Promise<void>;
  close: () => void;
}

interface Target {
  id: string;
  type: string;
  url: string;
  webSocketDebuggerUrl: string;
}

/** The browser's page targets, from its DevTools HTTP endpoint. */
export async function pageTargets(port: number): Promise<Target[]> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Target[];
  return targets.filter((t) => t.type === "page");
}

/** Closes a page target (a pay window the store opened, say). */
export async function closeTarget(port: number, id: string): Promise<void> {
  await fetch(`http://127.0.0.1:${port}/json/close/${id}`);
}

export function connect(url: string): Promise<Cdp> {
  const socket = new WebSocket(url);
  let id = 0;
  const pending = new Map<number, { resolve: (r: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  const waiting = new Map<string, () => void>();
  socket.on("message", (raw) => {
    const message = JSON.parse(String(raw)) as {
      id?: number;
      method?: string;
      result?: Record<string, unknown>;
      error?: { message: string };
    };
    if (message.id !== undefined) {
      const call = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) call?.reject(new Error(message.error.message));
      else call?.resolve(message.result ?? {});
    } else if (message.method) {
      const waiter = waiting.get(message.method);
      waiting.delete(message.method);
      waiter?.();
    }
  });
  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.once("open", () =>
      resolve({
        send: (method, params = {}) =>
          new Promise((res, rej) => {
            id += 1;
            pending.set(id, { resolve: res, reject: rej });
            socket.send(JSON.stringify({ id, method, params }));
          }),
        once: (event) => new Promise((res) => waiting.set(event, res)),
        close: () => socket.close(),
      }),
    );
  });
}

/** The first page of a freshly launched Chromium, connected. */
export async function connectFirstPage(port: number): Promise<Cdp> {
  const [target] = await pageTargets(port);
  if (!target) throw new Error("Chromium opened no page");
  return connect(target.webSocketDebuggerUrl);
}
