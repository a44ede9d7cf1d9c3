// The platform calls the page's first script (runtime/early.ts) started before the bundle arrived,
// by URL. The API client's fetch takes each over once instead of asking again; an early call that
// failed or that the server could not answer is simply made again, as if it had never been.

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
    const again = () => base(input, init);
    const answer = early.then((res) => (res.status >= 500 ? again() : res), again);
    const signal = init?.signal;
    if (!signal) return answer;
    // The client's time limit still holds for a call it took over.
    return new Promise<Response>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      answer.then(resolve, reject);
    });
  };
}
