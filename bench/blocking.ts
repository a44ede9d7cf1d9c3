// `node --import tsx bench/blocking.ts <runs> <url> [<url>…]`: the blocking time of a first load
// under real throttling (Lighthouse's mobile figures applied through CDP: 150 ms latency, 1.6 Mbps
// down, 750 kbps up, 4× CPU; fresh profile, 412 px, no service worker), from the page's own
// long-task entries: Σ max(0, task − 50 ms) over the tasks after FCP, until 6 s after load. The
// URLs take turns (a, b, a, b, …) so the machine's other work weighs on each alike; prints each run's
// long tasks (start:duration) and the medians of TBT, FCP and LCP. Compare two builds by serving
// each on its own port (docs/performance.md, "Where the blocking time goes").
import { chromium } from "@playwright/test";
import { launchOptions } from "../e2e/browser.ts";
import { throttledPage } from "./throttled.ts";

const [runsArg, ...urls] = process.argv.slice(2);
const runs = Number(runsArg);
if (!runs || urls.length === 0) throw new Error("usage: bench/blocking.ts <runs> <url> [<url>…]");

interface Run {
  tbt: number;
  fcp: number;
  lcp: number;
}

const browser = await chromium.launch(launchOptions);
const results = new Map<string, Run[]>();
for (let r = 0; r < runs; r++)
  for (const url of urls) {
    const { context, page } = await throttledPage(browser);
    await page.addInitScript(() => {
      const w = window as unknown as { sfLong: [number, number][]; sfLcp: number };
      w.sfLong = [];
      w.sfLcp = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.sfLong.push([e.startTime, e.duration]);
      }).observe({ type: "longtask", buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.sfLcp = e.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    // Long tasks after load (the runtime's first render, later strings) count until then.
    await page.waitForTimeout(6000);
    const { long, fcp, lcp } = await page.evaluate(() => {
      const w = window as unknown as { sfLong: [number, number][]; sfLcp: number };
      return { long: w.sfLong, lcp: w.sfLcp, fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0 };
    });
    const tbt = long.filter(([start]) => start >= fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    results.set(url, [...(results.get(url) ?? []), { tbt, fcp, lcp }]);
    const tasks = long.map(([start, duration]) => `${Math.round(start)}:${Math.round(duration)}`).join(" ");
    console.log(`${r + 1}/${runs} ${url}  TBT ${Math.round(tbt)}  FCP ${Math.round(fcp)}  LCP ${Math.round(lcp)}  long tasks ${tasks}`);
    await context.close();
  }
await browser.close();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log("\n| page | TBT | FCP | LCP |\n|---|---:|---:|---:|");
for (const [url, rs] of results) {
  const m = (key: keyof Run) => Math.round(median(rs.map((r) => r[key]))).toLocaleString("en");
  console.log(`| ${url} | ${m("tbt")} ms | ${m("fcp")} ms | ${m("lcp")} ms |`);
}
