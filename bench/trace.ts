// `node --import tsx bench/trace.ts <url>`: what starts when in a first load under Lighthouse's
// mobile figures applied for real (bench/bare-page.ts: 4× CPU, 150 ms latency and 1.6 Mbps through
// bench/throttle-proxy.ts, a fresh profile at 412 px, no DevTools domain that changes the page's
// work): when each request starts and when its last byte comes, the first content paint, the
// goods shown (`sf:first-content`) and the largest paint, from the page's own entries. Prints a
// Markdown table (docs/performance.md).
import { FIRST_CONTENT_MARK } from "../core/browser/marks.ts";
import { bareLoad } from "./bare-page.ts";

const url = process.argv[2];
if (!url) throw new Error("usage: bench/trace.ts <url>");
const { requests, fcp, lcp, firstContent } = await bareLoad(url);

const ms = (t: number) => String(Math.round(t));
const rows = requests
  .filter((r) => !/\/(sw\.js|manifest\.webmanifest|favicon\.ico)$/.test(new URL(r.url).pathname))
  .sort((a, b) => a.start - b.start)
  .map((r) => `| ${new URL(r.url).pathname.replace(/-[\w-]{8,}\.js$/, ".js").slice(0, 48)} | ${ms(r.start)} | ${ms(r.end)} |`);
console.log(["| request | starts | ends |", "|---|---:|---:|", ...rows].join("\n"));
console.log(`\nFCP ${ms(fcp)} ms · goods shown (${FIRST_CONTENT_MARK}) ${ms(firstContent)} ms · LCP ${ms(lcp)} ms`);
