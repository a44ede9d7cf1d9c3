// `node --import tsx bench/blocking.ts [--fast] <runs> <url> [<url>…]`: the blocking time, FCP and LCP of a
// first load under real throttling, with no DevTools instrumentation (bench/bare-page.ts: 4× CPU,
// 150 ms latency, 1.6 Mbps down, 750 kbps up; fresh profile, 412 px, no service worker), from the
// page's own entries: Σ max(0, task − 50 ms) over the long tasks after FCP, until 6 s after load.
// The URLs take turns (a, b, a, b, …) so the machine's other work weighs on each alike; prints each
// run's long tasks (start:duration) and the medians. Compare two builds by serving each on its own
// port (docs/performance.md, "Measuring blocking time").
import { bareLoads } from "./bare-page.ts";
import { median } from "./lighthouse.ts";
import { FAST_LINK, SLOW_4G } from "./throttle-proxy.ts";

const args = process.argv.slice(2);
// `--fast`: the same CPU on a fast link (FAST_LINK) instead of slow 4G.
const fast = args.includes("--fast");
const [runsArg, ...urls] = args.filter((a) => a !== "--fast");
const runs = Number(runsArg);
if (!runs || urls.length === 0) throw new Error("usage: bench/blocking.ts [--fast] <runs> <url> [<url>…]");

const results = await bareLoads(
  urls,
  runs,
  (url, { tbt, fcp, lcp, lcpElement, long, firstContent, requests }) => {
    const tasks = long.map(([start, duration]) => `${Math.round(start)}:${Math.round(duration)}`).join(" ");
    // The runtime's entry chunk (vite.config.ts names it `main`).
    const entry = requests.find((r) => /\/assets\/main-[^/]*\.js$/.test(r.url));
    console.log(
      `${url}  TBT ${Math.round(tbt)}  FCP ${Math.round(fcp)}  LCP ${Math.round(lcp)} (${lcpElement})  entry in ${Math.round(entry?.end ?? -1)}  runtime's first content ${Math.round(firstContent)}  long tasks ${tasks}`,
    );
  },
  fast ? FAST_LINK : SLOW_4G,
);

console.log("\n| page | TBT | FCP | LCP | runtime's first content |\n|---|---:|---:|---:|---:|");
for (const [i, url] of urls.entries()) {
  const loads = results[i] ?? [];
  const m = (values: number[]) => `${Math.round(median(values)).toLocaleString("en")} ms`;
  // A page that never marks its first content (the floor) has none; a load that missed it is left out.
  const marked = loads.map((r) => r.firstContent).filter((t) => t >= 0);
  const firstContent = marked.length ? `${m(marked)} (${marked.length} of ${loads.length})` : "none";
  console.log(
    `| ${url} | ${m(loads.map((r) => r.tbt))} | ${m(loads.map((r) => r.fcp))} | ${m(loads.map((r) => r.lcp))} | ${firstContent} |`,
  );
}
