// Lighthouse (mobile, its default simulated throttling) on a URL, N times in a fresh Chromium each,
// reduced to the median of every figure. Chromium is Debian's when present, else Playwright's.

import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { launchOptions } from "../e2e/browser.ts";
import { launchChromium } from "./chrome.ts";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseFigures {
  /** Category scores 0–100. */
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Audits that failed in any run, per category (id: title), so a score short of 100 says why. */
  failing: Record<string, string>;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/**
 * Lighthouse's long tasks, on its simulated timeline, as "start+duration file" (the page's own
 * tasks by its path, the browser's as "Unattributable"): what its TBT is made of. Only tasks over
 * 50 ms count toward TBT, and only their part after the simulated FCP.
 */
function longTasks(details: unknown): string {
  const items = (details as { items?: { startTime?: number; duration?: number; url?: string }[] } | undefined)?.items ?? [];
  return items
    .map(
      ({ startTime = 0, duration = 0, url = "" }) =>
        `${Math.round(startTime)}+${Math.round(duration)} ${url.split("/").pop()?.split("?")[0] || url}`,
    )
    .join(", ");
}

type Run = Omit<LighthouseFigures, "failing"> & { failing: [string, string][]; longTasks: string };

async function once(url: string): Promise<Run> {
  const chrome = await launchChromium();
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<
      Category,
      number
    >;
    const failing: [string, string][] = [];
    for (const c of CATEGORIES) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative")
          failing.push([ref.id, `${c}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`]);
      }
    }
    return {
      scores,
      lcpMs: audit("largest-contentful-paint"),
      tbtMs: audit("total-blocking-time"),
      cls: audit("cumulative-layout-shift"),
      fcpMs: audit("first-contentful-paint"),
      failing,
      longTasks: longTasks(lhr.audits["long-tasks"]?.details),
    };
  } finally {
    chrome.kill();
  }
}

function medianOf(all: Run[]): LighthouseFigures {
  const m = (pick: (r: Run) => number) => median(all.map(pick));
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, m((r) => r.scores[c])])) as Record<Category, number>,
    lcpMs: m((r) => r.lcpMs),
    tbtMs: m((r) => r.tbtMs),
    cls: m((r) => r.cls),
    fcpMs: m((r) => r.fcpMs),
    failing: Object.fromEntries(all.flatMap((r) => r.failing)),
  };
}

export async function lighthouseMedian(url: string, runs: number): Promise<LighthouseFigures> {
  const [figures] = await lighthouseMedians([url], runs);
  if (!figures) throw new Error(`no Lighthouse figures for ${url}`);
  return figures;
}

/**
 * The median of `runs` runs of each URL, the URLs taking turns (1, 2, 3, 1, 2, 3, …): whatever
 * else the machine does in the meantime weighs on every page alike.
 */
export async function lighthouseMedians(urls: string[], runs: number): Promise<LighthouseFigures[]> {
  const all: Run[][] = urls.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [index, url] of urls.entries()) {
      // Lighthouse sometimes loses its own trace (NO_NAVSTART, seen twice in one bench): such a
      // run is tried again, once, and said, as the bare loads are.
      const run = await once(url).catch((err: unknown) => {
        console.warn(`${err instanceof Error ? err.message : String(err)}; trying once more`);
        return once(url);
      });
      console.error(
        `lighthouse ${i + 1}/${runs}: ${url} FCP ${Math.round(run.fcpMs)} LCP ${Math.round(run.lcpMs)} TBT ${Math.round(run.tbtMs)} performance ${run.scores.performance}; long tasks (simulated) ${run.longTasks || "none"}`,
      );
      all[index]?.push(run);
    }
  }
  return all.map(medianOf);
}

/** Chromium's own verdict on installability (what Lighthouse's removed PWA category used to report). */
export async function installabilityErrors(url: string): Promise<string[]> {
  const context = await chromium.launchPersistentContext("", launchOptions);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url, { waitUntil: "load" });
    const cdp = await context.newCDPSession(page);
    // The manifest and the worker's fetch handler are checked once the worker is active.
    await page.evaluate(() => navigator.serviceWorker?.ready);
    let errors: string[] = [];
    for (let i = 0; i < 20; i++) {
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      errors = installabilityErrors.map((e) => e.errorId);
      if (!errors.length) break;
      await page.waitForTimeout(500);
    }
    return errors;
  } finally {
    await context.close();
  }
}
