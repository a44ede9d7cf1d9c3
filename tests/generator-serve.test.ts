// gen preview and gen dev as an operator runs them: child processes in a throwaway copy of the
// project (they write runtime/generated/ and .data/ there), on 127.0.0.1 and a free port, stopped
// with Ctrl-C (SIGINT) at the end. gen dev is driven in Chromium: live reload, the error overlay.
import { mkdirSync, readdirSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchOptions } from "../e2e/browser.ts";
import { NIMBUS, withNimbus } from "../e2e/nimbus.ts";
import { CONFIG_NAME, getByHost, ROOT, type TempProject, tempProject } from "../e2e/temp-project.ts";

let project: TempProject;
/** The copy's config, as the commands (run in the copy) are given it. */
const CONFIG = CONFIG_NAME;
let original: string;

beforeAll(async () => {
  project = await tempProject("gen-serve");
  original = await project.readConfig();
}, 60_000);

afterAll(async () => {
  await project?.remove();
});

/** A port something else is listening on. */
async function occupiedPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return { port: address.port, server };
}

describe("gen preview", () => {
  it("refuses a dist/ that was never built, with exit 2", async () => {
    const p = project.gen(["preview", CONFIG, "--dist", "nothing-here", "--port", "0", "--data", "data-preview"]);
    expect(await p.exited).toBe(2);
    expect(p.err).toBe(`gen preview: nothing-here/ holds no build (no hosts.json): run \`gen build ${CONFIG} --out nothing-here\` first\n`);
  });

  it("serves each brand of a built dist/ by Host, prints every brand's URLs, refuses a busy port and stops on Ctrl-C", async () => {
    const build = project.gen(["build", CONFIG, "--out", "site"]);
    expect(await build.exited, build.err).toBe(0);

    const preview = project.gen(["preview", CONFIG, "--dist", "site", "--port", "0", "--data", "data-preview"]);
    await preview.waitFor(/Press Ctrl-C to stop\.\n/);
    const port = preview.out.match(/ aurora +http:\/\/aurora\.localhost:(\d+)\/ +demo http:\/\/aurora-demo\.localhost:\1\/\n/)?.[1];
    for (const brand of ["borealis", "hanbit", "jade", "sakura"]) {
      expect(preview.out).toMatch(
        new RegExp(` ${brand} +http://${brand}\\.localhost:${port}/ +demo http://${brand}-demo\\.localhost:${port}/\\n`),
      );
    }
    const p = Number(port);
    const aurora = await getByHost(p, "aurora.localhost");
    expect(aurora.status).toBe(200);
    expect(aurora.body).toContain('data-brand="aurora"');
    expect(aurora.body).toContain("<title>Aurora Games Top-up Center</title>");
    const sakuraDemo = await getByHost(p, "sakura-demo.localhost", "/selectGoods");
    expect(sakuraDemo.status).toBe(200);
    expect(sakuraDemo.body).toContain('data-brand="sakura"');
    expect((await getByHost(p, "shop.aurora.example")).body).toContain('data-brand="aurora"');
    expect((await getByHost(p, "nobody.localhost")).status).toBe(404);
    expect(JSON.parse((await getByHost(p, "aurora.localhost", "/api/health")).body)).toMatchObject({ code: 1 });

    // A second server on the same port: a clear message, exit 2.
    const busy = project.gen(["preview", CONFIG, "--dist", "site", "--port", port ?? "", "--data", "data-preview-2"]);
    expect(await busy.exited).toBe(2);
    expect(busy.err).toBe(
      `gen preview: port ${port} on 127.0.0.1 is already in use (another gen dev, gen preview or npm start?); choose another with --port\n`,
    );

    expect(await preview.stop("SIGINT")).toBe(0);
    expect(preview.out).toMatch(/gen preview: stopping\n$/);
  }, 120_000);

  it("refuses a dist/ built from another version of the config, with exit 2", async () => {
    await project.writeConfig(`${original}\n# edited after the build\n`);
    try {
      const p = project.gen(["preview", CONFIG, "--dist", "site", "--port", "0", "--data", "data-preview"]);
      expect(await p.exited).toBe(2);
      expect(p.err).toMatch(
        /^gen preview: site\/ is stale: it was built from another version of demo-fixture\.yaml or its icons; run `gen build demo-fixture\.yaml --out site` again/,
      );
    } finally {
      await project.writeConfig(original);
    }
  });
});

describe("gen build --brand", () => {
  it("builds one brand's site and never removes the other brands' generated modules", async () => {
    const generated = join(project.dir, "runtime", "generated", "brands");
    const all = project.gen(["build", CONFIG, "--codegen-only"]);
    expect(await all.exited, all.err).toBe(0);
    const before = readdirSync(generated).sort();
    expect(before).toHaveLength(10);
    const one = project.gen(["build", CONFIG, "--brand", "jade", "--codegen-only"]);
    expect(await one.exited, one.err).toBe(0);
    expect(one.out).not.toMatch(/[1-9]\d* removed/);
    expect(readdirSync(generated).sort()).toEqual(before);
  });
});

describe("gen dev", () => {
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
  });

  it("exits 2 with a clear message when the port is in use", async () => {
    const { port, server } = await occupiedPort();
    try {
      const p = project.gen(["dev", CONFIG, "--port", String(port), "--data", "data-dev"]);
      expect(await p.exited).toBe(2);
      expect(p.err).toBe(
        `gen dev: port ${port} on 127.0.0.1 is already in use (another gen dev, gen preview or npm start?); choose another with --port\n`,
      );
    } finally {
      server.close();
    }
  });

  it("serves the brands through Vite, reloads on a valid save, shows an invalid one in the terminal and the page, and recovers", async () => {
    const dev = project.gen(["dev", CONFIG, "--port", "0", "--data", "data-dev"]);
    await dev.waitFor(/Watching demo-fixture\.yaml and its icons\. Press Ctrl-C to stop\.\n/);
    const port = Number(dev.out.match(/ aurora +http:\/\/aurora\.localhost:(\d+)\/ +demo http:\/\/aurora-demo\.localhost:\1\/\n/)?.[1]);

    browser = await chromium.launch(launchOptions);
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/.test(m.text())) violations.push(m.text());
    });
    await page.goto(`http://aurora.localhost:${port}/?spec_lang=en&domain_area=universal`);
    // The page is Vite's: the runtime's source entry and the HMR client.
    expect(await page.locator('script[src="/@vite/client"]').count()).toBe(1);
    await page.getByTestId("goods-grid").waitFor();
    await titleShown(page, "Aurora Games Top-up Center");
    // Each entry path gets its own page, by the production server's routing (core/browser/hosting/site-routing.ts).
    for (const [path, paths] of [
      ["/my", "/my"],
      ["/selectGoods", "/selectGoods"],
      ["/", "/selectGame"],
      ["/nowhere", "/selectGoods"],
    ]) {
      const served = await getByHost(port, "aurora.localhost", path);
      expect(served.status, path).toBe(200);
      expect(served.body, path).toMatch(new RegExp(`data-paths-old="[^"]*${paths}\\b`));
    }

    // The platform knows nothing of Nimbus yet.
    const games = () => getByHost(port, `${NIMBUS.id}.localhost`, `/api/pay/getGameListV2?client_id=${NIMBUS.webClientId}&platform=web`);
    expect(JSON.parse((await games()).body).code).not.toBe(1);
    expect((await getByHost(port, `${NIMBUS.id}.localhost`)).status).toBe(404);

    // A valid save: a brand's new title and a new brand. The open page reloads by itself.
    let from = dev.out.length;
    await project.writeConfig(withNimbus(original.replace("title: Aurora Games Top-up Center", "title: Aurora Nova Top-up Center")));
    await dev.waitFor(
      /demo-fixture\.yaml: 6 brands valid; regenerated, platform reconfigured, pages reloaded \(\d+ ms\)\n +nimbus +http:\/\/nimbus\.localhost:\d+\/ +demo http:\/\/nimbus-demo\.localhost:\d+\/ +\(new\)\n/,
      { from },
    );
    await titleShown(page, "Aurora Nova Top-up Center");
    const nimbusPage = await getByHost(port, `${NIMBUS.id}.localhost`);
    expect(nimbusPage.status).toBe(200);
    expect(nimbusPage.body).toContain(`<title>${NIMBUS.title}</title>`);
    const nimbusGames = JSON.parse((await games()).body);
    expect(nimbusGames.code).toBe(1);
    expect(JSON.stringify(nimbusGames.content)).toContain("Skyreach");

    // An invalid save: diagnostics in the terminal and in the page; the last good build stays.
    const good = await project.readConfig();
    const lines = good.split("\n");
    const line = lines.findIndex((l) => l.includes('themeColor: "#5b3df5"')) + 1;
    const column = (lines[line - 1] ?? "").indexOf('"#5b3df5"') + 1;
    from = dev.out.length;
    await project.writeConfig(good.replace('themeColor: "#5b3df5"', 'themeColor: "#5b3df"'));
    await dev.waitFor(/still serving the last good build/, { from });
    expect(dev.out.slice(from)).toContain(`demo-fixture.yaml:${line}:${column}: error[bad-format]: `);
    expect(dev.out.slice(from)).toMatch(/demo-fixture\.yaml: 1 error; still serving the last good build \(save a fixed file to reload\)\n/);
    const overlay = page.locator("vite-error-overlay");
    await overlay.waitFor();
    expect(await overlay.locator(".message-body").textContent()).toContain(`demo-fixture.yaml:${line}:${column}: error[bad-format]`);
    expect(await overlay.locator(".file").textContent()).toBe(`${project.config}:${line}:${column}`);
    expect(await overlay.locator(".frame").textContent()).toContain(`> ${line} |     themeColor: "#5b3df"`);
    mkdirSync(join(ROOT, "test-results"), { recursive: true });
    await page.screenshot({ path: join(ROOT, "test-results", "gen-dev-overlay.png") });
    // The last good build is still what is served, and a reloaded page shows the overlay again.
    await page.reload();
    await titleShown(page, "Aurora Nova Top-up Center");
    await overlay.waitFor();

    // Fixing the file clears the overlay and reloads.
    from = dev.out.length;
    await project.writeConfig(good);
    await dev.waitFor(/demo-fixture\.yaml: 6 brands valid; regenerated, platform reconfigured, pages reloaded/, { from });
    await overlay.waitFor({ state: "detached" });
    await titleShown(page, "Aurora Nova Top-up Center");
    expect(violations).toEqual([]);

    expect(await dev.stop("SIGINT")).toBe(0);
    expect(dev.out).toMatch(/gen dev: stopping\n$/);
    await expect(getByHost(port, "aurora.localhost")).rejects.toThrow(/ECONNREFUSED/);
  }, 150_000);
});

/** The store's title, which the runtime sets from the brand module once it has rendered. */
async function titleShown(page: Page, title: string): Promise<void> {
  await page.waitForFunction((t) => document.title === t && document.querySelector("#root > *") !== null, title, { timeout: 20_000 });
}
