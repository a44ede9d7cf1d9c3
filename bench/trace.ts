// `node --import tsx bench/trace.ts <url>`: a first load with Lighthouse's mobile figures applied for
// real through CDP (150 ms latency, 1.6 Mbps down, 750 kbps up, 4× CPU), in a fresh profile at
// 412 px: when each request starts and ends, the first content paint, the goods shown
// (`sf:first-content`) and the largest paint. Prints a Markdown table (docs/performance.md).
import { chromium } from "@playwright/test";
import { FIRST_CONTENT_MARK } from "../core/marks.ts";
import { launchOptions } from "../e2e/browser.ts";
import { throttledPage } from "./throttled.ts";

const url = process.argv[2];
if (!url) throw new Error("usage: bench/trace.ts <url>");
const browser = await chromium.launch(launchOptions);
const { page, cdp } = await throttledPage(browser);
const requests = new Map<string, { url: string; start: number; end?: number }>();
let origin = 0;
cdp.on("Network.requestWillBeSent", (e) => {
  origin ||= e.timestamp;
  requests.set(e.requestId, { url: e.request.url, start: e.timestamp });
});
cdp.on("Network.loadingFinished", (e) => {
  const request = requests.get(e.requestId);
  if (request) request.end = e.timestamp;
});
await page.addInitScript(() => {
  const w = window as unknown as { lcp: number };
  w.lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
});
await page.goto(url, { waitUntil: "commit" });
await page.getByTestId("goods-grid").locator(".sf-goods-tile").first().waitFor({ timeout: 60_000 });
// The largest paint is final once the banner is in and the page has drawn it (a bench, not a test:
// a moment's wait is what is measured after).
await page.locator("[data-layout] img.sf-banner__art").waitFor();
await page.waitForTimeout(1_500);
const paints = await page.evaluate(
  (mark) => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1,
    content: performance.getEntriesByName(mark)[0]?.startTime ?? -1,
    lcp: (window as unknown as { lcp: number }).lcp,
  }),
  FIRST_CONTENT_MARK,
);
await browser.close();

const ms = (t?: number) => (t === undefined ? "" : String(Math.round((t - origin) * 1000)));
const rows = [...requests.values()]
  .filter((r) => !/\/(sw\.js|manifest\.webmanifest|favicon\.ico)$/.test(new URL(r.url).pathname))
  .sort((a, b) => a.start - b.start)
  .map((r) => `| ${new URL(r.url).pathname.replace(/-[\w-]{8,}\.js$/, ".js").slice(0, 48)} | ${ms(r.start)} | ${ms(r.end)} |`);
console.log(["| request | starts | ends |", "|---|---:|---:|", ...rows].join("\n"));
console.log(
  `\nFCP ${Math.round(paints.fcp)} ms · goods shown (${FIRST_CONTENT_MARK}) ${Math.round(paints.content)} ms · LCP ${Math.round(paints.lcp)} ms`,
);
