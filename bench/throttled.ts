// A fresh page with Lighthouse's mobile figures applied for real through CDP: 150 ms latency,
// 1.6 Mbps down, 750 kbps up, 4× CPU, at 412 × 823, service workers blocked (bench/trace.ts,
// bench/blocking.ts).
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
