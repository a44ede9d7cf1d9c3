// A fresh Playwright page with Lighthouse's mobile figures applied for real through CDP: 150 ms
// latency, 1.6 Mbps down, 750 kbps up, 4× CPU, at 412 × 823, service workers blocked (bench/trace.ts).
// Playwright enables the Network domain, so Chromium keeps each request's initiator stack, which
// costs V8 a second parse of the bundle for source positions inside its evaluation: right for
// seeing what starts when, wrong for timing scripts. Blocking time is measured with
// bench/bare-page.ts instead.
import type { Browser, BrowserContext, CDPSession, Page } from "@playwright/test";

export async function throttledPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: "block" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return { context, page, cdp };
}
