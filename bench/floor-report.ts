// The `web` part's Markdown (bench/floor.ts): Lighthouse against the floor with each figure's ratio
// to the floor's and the targets it falls short of, then the same pages under real throttling.
import type { BareLoad } from "./bare-page.ts";
import type { WebRow } from "./floor.ts";
import { median } from "./lighthouse.ts";

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${Math.round(n)} ms`;
const ratio = (n: number, floor: number) => (floor > 0 ? ` (${(n / floor).toFixed(2)})` : "");

/** What a row misses of the targets, against the floor's figures. */
function shortOfTargets(rows: WebRow[], base: WebRow): string[] {
  const floor = base.lighthouse;
  return rows
    .slice(1)
    .flatMap(({ name, lighthouse: l }) => [
      ...(l.fcpMs > 0.8 * floor.fcpMs ? [`${name}: FCP ${ms(l.fcpMs)} > 0.8 × ${ms(floor.fcpMs)}`] : []),
      ...(l.lcpMs > 0.9 * floor.lcpMs ? [`${name}: LCP ${ms(l.lcpMs)} > 0.9 × ${ms(floor.lcpMs)}`] : []),
      ...(l.scores.performance < 100 ? [`${name}: performance ${l.scores.performance}`] : []),
      ...(l.scores.accessibility < 100 ? [`${name}: accessibility ${l.scores.accessibility}`] : []),
      ...(l.tbtMs > 50 ? [`${name}: TBT ${ms(l.tbtMs)} > 50 ms`] : []),
      ...(l.cls > 0.01 ? [`${name}: CLS ${l.cls.toFixed(3)} > 0.01`] : []),
    ]);
}

export function lighthouseTable(rows: WebRow[], runs: number): string[] {
  const base = rows[0];
  if (!base) return [];
  const short = shortOfTargets(rows, base);
  return [
    "",
    `## Floor vs us (Lighthouse mobile, simulated throttling, median of ${runs}, interleaved)`,
    "",
    "Each figure with its ratio to the floor's in brackets. Targets: FCP ≤ 0.8 × the floor's, LCP ≤ 0.9 ×, performance 100, accessibility 100, TBT ≤ 50 ms, CLS ≤ 0.01.",
    "",
    "| page | initial JS (gzip) | HTML (gzip) | performance | accessibility | FCP | LCP | TBT | CLS |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      ({ name, js, htmlGzip, lighthouse: l }) =>
        `| ${name} | ${kb(js.bytes)} (${js.scripts.length} files)${ratio(js.bytes, base.js.bytes)} | ${kb(htmlGzip)} | ${l.scores.performance} | ${l.scores.accessibility} | ${ms(l.fcpMs)}${ratio(l.fcpMs, base.lighthouse.fcpMs)} | ${ms(l.lcpMs)}${ratio(l.lcpMs, base.lighthouse.lcpMs)} | ${ms(l.tbtMs)} | ${l.cls.toFixed(3)} |`,
    ),
    "",
    short.length ? `Short of the targets:\n${short.map((s) => `- ${s}`).join("\n")}` : "Every target met.",
  ];
}

export interface RealFigures {
  fcp: number;
  lcp: number;
  tbt: number;
}

/** The medians of each page's bare loads. */
export function realFigures(bare: BareLoad[][]): RealFigures[] {
  return bare.map((loads) => ({
    fcp: median(loads.map((l) => l.fcp)),
    lcp: median(loads.map((l) => l.lcp)),
    tbt: median(loads.map((l) => l.tbt)),
  }));
}

/**
 * The same pages under Lighthouse's mobile throttling applied for real, with no DevTools
 * instrumentation (bench/bare-page.ts): what a phone's browser does, next to Lighthouse's model.
 */
export function realTable(rows: WebRow[], real: RealFigures[], bareRuns: number): string[] {
  const realBase = real[0];
  if (!realBase) return [];
  return [
    "",
    `## Floor vs us under real throttling, no DevTools instrumentation (median of ${bareRuns}, interleaved)`,
    "",
    "4× CPU (CDP), 150 ms latency and 1.6 Mbps down shared by the responses (bench/throttle-proxy.ts), 412 × 823, fresh profile; figures from the page's own entries (bench/bare-page.ts).",
    "",
    "| page | FCP | LCP | TBT |",
    "|---|---:|---:|---:|",
    ...rows.map(({ name }, i) => {
      const r = real[i] ?? realBase;
      return `| ${name} | ${ms(r.fcp)}${ratio(r.fcp, realBase.fcp)} | ${ms(r.lcp)}${ratio(r.lcp, realBase.lcp)} | ${ms(r.tbt)} |`;
    }),
  ];
}
