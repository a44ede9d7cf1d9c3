// A first load measured the way a phone lives it: Lighthouse's mobile figures applied for real (4×
// CPU, 150 ms latency, 1.6 Mbps down, 750 kbps up, 412 × 823), in a fresh Chromium, and nothing else
// of DevTools switched on. Only Page, Emulation and Runtime are used: Playwright (and any client that
// enables the Network domain) makes Chromium keep each request's initiator stack, and taking a stack
// makes V8 parse the script again for its source positions. Measured on the storefront's bundle,
// that is ~130 ms inside module evaluation (unthrottled) that no player's browser does
// (docs/performance.md, "Measuring blocking time").
//
// The network is slowed by bench/throttle-proxy.ts, not by CDP: `Network.emulateNetworkConditions`
// takes effect only once the Network domain is enabled, which is what this page avoids. (It was
// used here at first, and the loads ran at full speed: the resource timings showed 111 KB in 50 ms.)
//
// The figures come from the page's own entries: FCP, the last LCP candidate, the long tasks, whose
// blocking time after FCP (Σ max(0, task − 50 ms)) is the TBT, and the resource timings (what
// starts when). Used by bench/blocking.ts, bench/trace.ts and `npm run bench`.
import { FIRST_CONTENT_MARK } from "../core/browser/marks.ts";
import { connectFirstPage } from "./cdp.ts";
import { launchChromium } from "./chrome.ts";
import { type NetworkConditions, proxyFlags, SLOW_4G, startThrottleProxy } from "./throttle-proxy.ts";

export interface BareLoad {
  fcp: number;
  lcp: number;
  /** The LCP element, as "tag.firstClass size px²". */
  lcpElement: string;
  tbt: number;
  /** Long tasks as [start, duration] in ms. */
  long: [number, number][];
  /** The page and each resource it loaded: when it was asked for and when its last byte came, in ms. */
  requests: { url: string; start: number; end: number }[];
  /** When the runtime marked its first content (FIRST_CONTENT_MARK), or -1. */
  firstContent: number;
}

/** How long after the load event long tasks still count (the runtime's first render, later strings). */
const SETTLE_MS = 6000;

const OBSERVE = `(() => {
  const w = window;
  w.sfLong = [];
  w.sfLcp = 0;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) w.sfLong.push([e.startTime, e.duration]); }).observe({ type: "longtask", buffered: true });
  w.sfLcpElement = "";
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) {
      w.sfLcp = e.startTime;
      const el = e.element;
      w.sfLcpElement = el ? el.tagName.toLowerCase() + (el.className ? "." + String(el.className).split(" ")[0] : "") + " " + e.size + " px²" : "(removed) " + e.size + " px²";
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
})();`;

/**
 * `settleMs`: how long after the load event to keep counting long tasks (SETTLE_MS); `network`: the
 * link's conditions (slow 4G unless said).
 */
export async function bareLoad(url: string, { settleMs = SETTLE_MS, network = SLOW_4G } = {}): Promise<BareLoad> {
  const proxy = await startThrottleProxy(network);
  const chrome = await launchChromium(proxyFlags(proxy.port)).catch(async (err: unknown) => {
    await proxy.close();
    throw err;
  });
  try {
    const cdp = await connectFirstPage(chrome.port);
    try {
      await cdp.send("Page.enable");
      await cdp.send("Emulation.setDeviceMetricsOverride", { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await cdp.send("Page.addScriptToEvaluateOnNewDocument", { source: OBSERVE });
      const loaded = cdp.once("Page.loadEventFired");
      await cdp.send("Page.navigate", { url });
      await loaded;
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      const { result } = (await cdp.send("Runtime.evaluate", {
        expression: `JSON.stringify({
          page: location.href,
          status: performance.getEntriesByType("navigation")[0]?.responseStatus ?? 0,
          long: window.sfLong,
          lcp: window.sfLcp,
          lcpElement: window.sfLcpElement,
          fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
          firstContent: performance.getEntriesByName(${JSON.stringify(FIRST_CONTENT_MARK)})[0]?.startTime ?? -1,
          requests: [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
            .map((e) => ({ url: e.name, start: e.startTime, end: e.responseEnd })),
        })`,
        returnByValue: true,
      })) as { result: { value: string } };
      const { page, status, ...load } = JSON.parse(result.value) as Omit<BareLoad, "tbt"> & { page: string; status: number };
      // An error page (the proxy's 502 when the server did not answer, say) paints too: its figures
      // are not the page's.
      if (!page.startsWith("http") || status < 200 || status > 299) throw new Error(`${url} did not load: HTTP ${status}, ${page}`);
      const tbt = load.long.filter(([start]) => start >= load.fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
      return { ...load, tbt };
    } finally {
      cdp.close();
    }
  } finally {
    chrome.kill();
    await proxy.close();
  }
}

/** Each URL `runs` times, taking turns (a, b, a, b, …) so the machine's other work weighs on each alike. */
export async function bareLoads(
  urls: string[],
  runs: number,
  onRun?: (url: string, load: BareLoad) => void,
  network: NetworkConditions = SLOW_4G,
): Promise<BareLoad[][]> {
  const all = urls.map((): BareLoad[] => []);
  for (let r = 0; r < runs; r++)
    for (const [i, url] of urls.entries()) {
      // One failed load (a busy machine's refused connection) is tried again, once, and said.
      const load = await bareLoad(url, { network }).catch((err: unknown) => {
        console.warn(`${err instanceof Error ? err.message : String(err)}; trying once more`);
        return bareLoad(url, { network });
      });
      all[i]?.push(load);
      onRun?.(url, load);
    }
  return all;
}
