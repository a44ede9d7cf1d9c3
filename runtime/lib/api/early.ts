// The platform calls the page's first script (runtime/early.ts) started before the bundle arrived,
// by URL. The API client's fetch takes each over once instead of asking again. An early call is the
// client's first try of that call: its failure counts as the try's (the client waits and tries
// again, then fails over), so a host gets its three tries, never a fourth.

declare global {
  interface Window {
    __sfEarly?: Map<string, Promise<Response>>;
  }
}

/** The calls started early on this page and not yet taken over. */
export function earlyCalls(): Map<string, Promise<Response>> {
  window.__sfEarly ??= new Map();
  return window.__sfEarly;
}

/** `base`, except that a GET the page already started is taken over (once) instead of asked again. */
export function withEarlyCalls(base: typeof fetch, calls: () => Map<string, Promise<Response>> = earlyCalls): typeof fetch {
  return (input, init) => {
    const url = typeof input === "string" ? input : undefined;
    const early = url && (init?.method ?? "GET") === "GET" ? calls().get(url) : undefined;
    if (!url || !early) return base(input, init);
    calls().delete(url);
    const signal = init?.signal;
    if (!signal) return early;
    // The client's time limit still holds for a call it took over.
    return new Promise<Response>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      early.then(resolve, reject);
    });
  };
}
