// `npm run gallery`: every brand × layout × key screen, in English, Arabic, Japanese and the brand's
// default language (where the brand offers them), at 360×740 and 1280×800, screenshotted and checked
// with axe; writes gallery/index.html (outside dist/, so a build never deletes the review). Exit 1 when a walk fails or axe finds a serious issue.
//   --brand <id>   only this brand (repeatable)     --lang <code>   only this language (repeatable)
//   --viewport phone|desktop                        --no-axe        screenshots only
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { validateFile } from "../core/node/config/validate.ts";
import { launchOptions } from "../e2e/browser.ts";
import { axeFindings, type Finding } from "../e2e/gallery/axe.ts";
import { type Storefront, storefrontName, storefronts } from "../e2e/gallery/matrix.ts";
import { SCREENS, type Screen, walk } from "../e2e/gallery/walk.ts";
import { VIEWPORTS } from "../e2e/journey.ts";
import { ROOT, startSandbox } from "../e2e/sandbox-server.ts";

const { values } = parseArgs({
  options: {
    brand: { type: "string", multiple: true },
    lang: { type: "string", multiple: true },
    viewport: { type: "string", multiple: true },
    "no-axe": { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log("npm run gallery [-- --brand aurora --lang ar --viewport phone --no-axe]");
  process.exit(0);
}

type ViewportName = keyof typeof VIEWPORTS;
interface Cell {
  file: string;
  findings: Finding[];
}
interface Run {
  store: Storefront;
  viewport: ViewportName;
  cells: Partial<Record<Screen, Cell>>;
  error?: string;
}

const OUT = join(ROOT, "gallery");
const { config } = await validateFile(join(ROOT, "brands.yaml"));
if (!config) throw new Error("brands.yaml is invalid: run `npm run gen validate`");
const viewports = (values.viewport ?? Object.keys(VIEWPORTS)) as ViewportName[];
const stores = storefronts(config).filter(
  (s) => (!values.brand || values.brand.includes(s.brand)) && (!values.lang || values.lang.includes(s.lang)),
);
const runs: Run[] = stores.flatMap((store) => viewports.map((viewport) => ({ store, viewport, cells: {} })));

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
// The operator's own brands and build: the gallery is their review before a deploy.
const sandbox = await startSandbox({ configFile: join(ROOT, "brands.yaml"), distDir: join(ROOT, "dist") });
const browser = await chromium.launch(launchOptions);
const started = Date.now();

async function shoot(run: Run): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORTS[run.viewport], deviceScaleFactor: 1 });
  const page = await context.newPage();
  const name = `${storefrontName(run.store)}-${run.viewport}`;
  try {
    await walk(page, `http://${run.store.brand}.localhost:${sandbox.port}`, run.store, async (screen) => {
      const file = `${name}-${screen}.jpg`;
      // The screen as it first appears (a full-page shot would draw the sticky bars mid-page).
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(350);
      await page.screenshot({ path: join(OUT, file), type: "jpeg", quality: 80 });
      run.cells[screen] = { file, findings: values["no-axe"] ? [] : await axeFindings(page) };
    });
  } catch (err) {
    run.error = (err as Error).message.split("\n")[0] ?? String(err);
    await page.screenshot({ path: join(OUT, `${name}-error.jpg`), type: "jpeg", quality: 80 }).catch(() => undefined);
  } finally {
    await context.close();
  }
  const found = Object.values(run.cells).reduce((n, c) => n + (c?.findings.length ?? 0), 0);
  console.log(
    `${name}: ${Object.keys(run.cells).length} screens${found ? `, ${found} axe findings` : ""}${run.error ? `, FAILED: ${run.error}` : ""}`,
  );
}

// Two at a time: one per core.
const queue = [...runs];
await Promise.all(
  [0, 1].map(async () => {
    for (let run = queue.shift(); run; run = queue.shift()) await shoot(run);
  }),
);
await browser.close();
await sandbox.close();

writeFileSync(join(OUT, "index.html"), renderIndex(runs));
const shots = runs.reduce((n, r) => n + Object.keys(r.cells).length, 0);
const failed = runs.filter((r) => r.error || Object.values(r.cells).some((c) => c?.findings.length));
console.log(`\n${shots} screenshots in ${((Date.now() - started) / 1000).toFixed(0)} s → gallery/index.html`);
if (failed.length) {
  console.error(`${failed.length} of ${runs.length} walks failed or have serious accessibility findings`);
  process.exit(1);
}

function renderIndex(all: Run[]): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const groups = new Map<string, Run[]>();
  for (const run of all) groups.set(storefrontName(run.store), [...(groups.get(storefrontName(run.store)) ?? []), run]);
  const sections = [...groups].map(([name, group]) => {
    const rows = SCREENS.filter((screen) => group.some((r) => r.cells[screen])).map((screen) => {
      const cells = group.map((r) => {
        const cell = r.cells[screen];
        if (!cell) return "<td>—</td>";
        const issues = cell.findings.map(
          (f) => `<li>${esc(f.impact)}: ${esc(f.rule)} — ${esc(f.help)} <code>${esc(f.targets.join(", "))}</code></li>`,
        );
        return `<td><a href="${cell.file}"><img src="${cell.file}" loading="lazy" alt="${esc(`${name} ${screen} ${r.viewport}`)}"></a>${issues.length ? `<ul class="bad">${issues.join("")}</ul>` : ""}</td>`;
      });
      return `<tr><th scope="row">${screen}</th>${cells.join("")}</tr>`;
    });
    const errors = group.filter((r) => r.error).map((r) => `<p class="bad">${r.viewport}: ${esc(r.error ?? "")}</p>`);
    return `<section id="${name}"><h2>${esc(name)}</h2>${errors.join("")}<table><thead><tr><th></th>${group.map((r) => `<th scope="col">${r.viewport}</th>`).join("")}</tr></thead><tbody>${rows.join("")}</tbody></table></section>`;
  });
  const nav = [...groups.keys()].map((n) => `<a href="#${n}">${n}</a>`).join(" · ");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Storefront gallery</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#111827}nav{margin-block:8px 16px}table{border-collapse:collapse}th,td{vertical-align:top;padding:6px;border-block-end:1px solid #e5e7eb;text-align:start}td img{display:block;max-inline-size:280px;max-block-size:560px;border:1px solid #d1d5db}td:nth-child(3) img{max-inline-size:480px}.bad{color:#b91c1c}code{font-size:12px}</style></head>
<body><h1>Storefront gallery</h1><p>${all.length} walks, built ${new Date().toISOString()}. Click a screenshot for full size.</p><nav>${nav}</nav>${sections.join("")}</body></html>`;
}
