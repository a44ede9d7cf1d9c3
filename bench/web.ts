// `npm run bench:web [-- --brand <id> --runs <n>]`: Lighthouse (mobile, median of 3) on /selectGoods
// of one brand in each layout, served by the sandbox platform from the built dist/, plus Chromium's
// installability verdict. Prints a Markdown table and writes bench/web.json.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { validateFile } from "../core/node/config/validate.ts";
import { storefronts } from "../e2e/gallery/matrix.ts";
import { ROOT, startSandbox } from "../e2e/sandbox-server.ts";
import { CATEGORIES, installabilityErrors, type LighthouseFigures, lighthouseMedian } from "./lighthouse.ts";

const { values } = parseArgs({ options: { brand: { type: "string" }, runs: { type: "string", default: "3" } } });
const runs = Number(values.runs);
const { config } = await validateFile(join(ROOT, "brands.yaml"));
if (!config) throw new Error("brands.yaml is invalid: run `npm run gen validate`");

// One storefront per layout, in English: of the chosen brand, else of the first brand showing both.
const english = storefronts(config, ["en"]).filter((s) => s.lang === "en");
const brand =
  values.brand ?? config.brands.find((b) => new Set(english.filter((s) => s.brand === b.id).map((s) => s.layout)).size === 2)?.id;
const targets = english.filter((s) => s.brand === brand);
if (!targets.length) throw new Error(`no English storefront for brand ${brand ?? "(none shows both layouts)"}`);

// The operator's config and its build (`npm run build`), as `npm start` serves them.
const sandbox = await startSandbox({ configFile: join(ROOT, "brands.yaml"), distDir: join(ROOT, "dist") });
const rows: { layout: string; url: string; lighthouse: LighthouseFigures; installable: string[] }[] = [];
try {
  for (const store of targets) {
    const url = `http://${store.brand}.localhost:${sandbox.port}/selectGoods?${store.query}`;
    console.error(`lighthouse ×${runs}: ${store.layout} layout ${url}`);
    const lighthouse = await lighthouseMedian(url, runs);
    const installable = await installabilityErrors(url);
    rows.push({ layout: store.layout, url, lighthouse, installable });
  }
} finally {
  await sandbox.close();
}

const out = [
  `Lighthouse ${runs > 1 ? `median of ${runs}` : "1 run"}, mobile (simulated throttling), ${brand} /selectGoods`,
  "",
  `| layout | ${CATEGORIES.join(" | ")} | LCP | TBT | CLS | installable |`,
  `|---|${CATEGORIES.map(() => "---:").join("|")}|---:|---:|---:|---|`,
  ...rows.map(
    ({ layout, lighthouse: l, installable }) =>
      `| ${layout} | ${CATEGORIES.map((c) => l.scores[c]).join(" | ")} | ${Math.round(l.lcpMs)} ms | ${Math.round(l.tbtMs)} ms | ${l.cls.toFixed(3)} | ${installable.length ? `no: ${installable.join(", ")}` : "yes"} |`,
  ),
];
const failing = rows.flatMap((r) => Object.values(r.lighthouse.failing).map((f) => `- ${r.layout}: ${f}`));
if (failing.length) out.push("", "Audits short of full marks:", ...failing);
console.log(out.join("\n"));
writeFileSync(join(ROOT, "bench", "web.json"), `${JSON.stringify({ date: new Date().toISOString(), brand, runs, rows }, null, 2)}\n`);
