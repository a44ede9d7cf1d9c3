// `npm run bench:inp [-- --runs 3 --brand <id>]` (after `npm run build`), and the `inp` part of
// `npm run bench`: the purchase's taps (bench/inp-steps.ts) in a fresh Chromium at 360 px with the
// CPU slowed 4× (CDP `Emulation.setCPUThrottlingRate`), signed in, in each layout of one brand that
// shows both and has VIP coupons. Each interaction's latency comes from the Event Timing API (an
// observer of `event` entries, `durationThreshold: 16`, grouped by `interactionId`, the longest entry
// of each as INP takes it) and is split into input delay, processing and presentation. Prints each
// step's figures, each run's p75 and their median, and the worst interaction (docs/performance.md,
// "Interaction latency").
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { validateFile } from "../core/node/config/validate.ts";
import { storefronts } from "../e2e/gallery/matrix.ts";
import { ROOT, startSandbox } from "../e2e/sandbox-server.ts";
import { type Cdp, connectFirstPage } from "./cdp.ts";
import { launchChromium } from "./chrome.ts";
import { type Interaction, interactionsOf, p75, THRESHOLD_MS } from "./inp-figures.ts";
import { OBSERVE_EVENTS, StorePage } from "./inp-page.ts";
import { purchase, signIn } from "./inp-steps.ts";
import { median } from "./lighthouse.ts";

export interface LayoutRuns {
  layout: string;
  url: string;
  /** Each run's interactions, in the order of the steps. */
  runs: Interaction[][];
}

/** A fresh Chromium at 360 px with touch, the observer in every page, `act` run on its first page. */
async function inChromium(act: (page: StorePage, cdp: Cdp, port: number) => Promise<Interaction[]>): Promise<Interaction[]> {
  const chrome = await launchChromium();
  try {
    const cdp = await connectFirstPage(chrome.port);
    try {
      await cdp.send("Page.enable");
      await cdp.send("Emulation.setDeviceMetricsOverride", { width: 360, height: 740, deviceScaleFactor: 2, mobile: true });
      await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 });
      await cdp.send("Page.addScriptToEvaluateOnNewDocument", { source: OBSERVE_EVENTS });
      return await act(new StorePage(cdp), cdp, chrome.port);
    } finally {
      cdp.close();
    }
  } finally {
    chrome.kill();
  }
}

function onePurchase(url: string, brand: string): Promise<Interaction[]> {
  return inChromium(async (page, cdp, port) => {
    await page.goto(url);
    await signIn(page, brand);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const steps = await purchase(page, port);
    return interactionsOf(steps, await page.eventEntries());
  });
}

/** A page of one button whose tap changes its text: what the harness itself costs a tap (10 taps). */
const FLOOR_PAGE = `data:text/html,<meta name="viewport" content="width=device-width"><button id="b" style="width:200px;height:60px" onclick="this.textContent=String(Math.random())">tap</button>`;

/** The floor: the same taps at the same slowdown on a bare button, in the same run as the store. */
export function floorTaps(): Promise<Interaction[]> {
  return inChromium(async (page, cdp) => {
    await page.goto(FLOOR_PAGE);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const steps = [];
    for (let i = 0; i < 10; i++) {
      steps.push({ name: "a bare button", start: await page.now() });
      const before = await page.evaluate<string>("document.getElementById('b').textContent");
      await page.tap("#b");
      await page.waitFor(`document.getElementById('b').textContent !== ${JSON.stringify(before)}`);
    }
    return interactionsOf(steps, await page.eventEntries());
  });
}

/** `runs` purchases in each layout of the brand, the layouts taking turns, on the operator's build. */
export async function measureInp(
  runs: number,
  brandId?: string,
): Promise<{ brand: string; layouts: LayoutRuns[]; floor: Interaction[][] }> {
  const { config } = await validateFile(join(ROOT, "brands.yaml"));
  if (!config) throw new Error("brands.yaml is invalid: run `npm run gen validate`");
  const english = storefronts(config, ["en"]).filter((s) => s.lang === "en");
  const brand =
    brandId ??
    config.brands.find((b) => b.features.vip && new Set(english.filter((s) => s.brand === b.id).map((s) => s.layout)).size === 2)?.id;
  const stores = english.filter((s) => s.brand === brand);
  if (!brand || !stores.length) throw new Error(`no English storefront for brand ${brand ?? "(none with VIP shows both layouts)"}`);
  const sandbox = await startSandbox({ configFile: join(ROOT, "brands.yaml"), distDir: join(ROOT, "dist") });
  try {
    const layouts: LayoutRuns[] = stores.map((s) => ({
      layout: s.layout,
      url: `http://${s.brand}.localhost:${sandbox.port}/selectGoods?${s.query}`,
      runs: [],
    }));
    const floor: Interaction[][] = [];
    for (let run = 1; run <= runs; run++) {
      for (const layout of layouts) {
        console.error(`inp ${run}/${runs}: ${layout.layout} layout ${layout.url}`);
        layout.runs.push(await onePurchase(layout.url, brand));
      }
      console.error(`inp ${run}/${runs}: the floor, a bare button`);
      floor.push(await floorTaps());
    }
    return { brand, layouts, floor };
  } finally {
    await sandbox.close();
  }
}

const ms = (n: number) => `${Math.round(n)}`;
const latency = (i: Interaction) => (i.event ? ms(i.duration) : `<${THRESHOLD_MS}`);

/** The Markdown report: each step in each run, each run's p75, their median, the worst interaction. */
export function inpReport({ brand, layouts, floor }: { brand: string; layouts: LayoutRuns[]; floor: Interaction[][] }): string[] {
  const out = [
    `## Interaction latency (Event Timing, ${brand}, signed in, 360 px, 4× CPU, ${layouts[0]?.runs.length ?? 0} runs)`,
    "",
    `Each cell: latency ms (input delay + processing + presentation), one per run; \`<${THRESHOLD_MS}\`: no entry over the API's 16 ms threshold (counted as 16 in the p75).`,
    "",
    "| layout | step | event | runs |",
    "|---|---|---|---|",
  ];
  for (const { layout, runs } of layouts) {
    const first = runs[0] ?? [];
    for (const [i, { step }] of first.entries()) {
      const cells = runs.map((r) => r[i]).filter((x): x is Interaction => x !== undefined);
      const cell = cells.map((c) => `${latency(c)}${c.event ? ` (${ms(c.inputDelay)}+${ms(c.processing)}+${ms(c.presentation)})` : ""}`);
      out.push(`| ${layout} | ${step} | ${[...new Set(cells.map((c) => c.event || "—"))].join(", ")} | ${cell.join(" · ")} |`);
    }
  }
  out.push("", "| layout | p75 per run | median of the p75s | worst interaction |", "|---|---|---:|---|");
  for (const { layout, runs } of layouts) {
    const p75s = runs.map(p75);
    const worst = runs.flat().reduce((a, b) => (b.duration > a.duration ? b : a));
    out.push(
      `| ${layout} | ${p75s.map(ms).join(" · ")} ms | **${ms(median(p75s))} ms** | ${ms(worst.duration)} ms: ${worst.step} (${worst.event}: ${ms(worst.inputDelay)} + ${ms(worst.processing)} + ${ms(worst.presentation)}) |`,
    );
  }
  // What the harness costs a tap on a page that does nothing: the store's figures are above this.
  const floorP75s = floor.map(p75);
  const floorWorst = Math.max(...floor.flat().map((i) => i.duration));
  out.push(`| floor: a bare button | ${floorP75s.map(ms).join(" · ")} ms | **${ms(median(floorP75s))} ms** | ${ms(floorWorst)} ms |`);
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { runs: { type: "string", default: "3" }, brand: { type: "string" } } });
  const result = await measureInp(Number(values.runs), values.brand);
  console.log(inpReport(result).join("\n"));
  mkdirSync(join(ROOT, "bench", ".tmp"), { recursive: true });
  writeFileSync(join(ROOT, "bench", ".tmp", "inp.json"), `${JSON.stringify({ date: new Date().toISOString(), ...result }, null, 2)}\n`);
}
