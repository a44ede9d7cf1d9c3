// `gen dev`: the runtime through Vite (hot module reload) and the sandbox platform on one port,
// serving each brand by Host with the production server's routing (./dev/server.ts), and brands.yaml
// watched: a save goes through the generator's one pipeline (`compile()`: validate, resolve,
// regenerate runtime/generated/, emit every brand's files in memory), rebuilds the platform
// in-process and reloads the pages; an invalid save prints the diagnostics and shows them in the page
// (Vite's error overlay) while the last good build keeps being served.
import { dirname, resolve } from "node:path";
import type { ViteDevServer } from "vite";
import { UnreadableFileError } from "../core/node/config/load.ts";
import { formatValidation } from "../core/node/config/validate.ts";
import { describeCodegen } from "../generator/codegen.ts";
import { type Compilation, compile } from "../generator/compile.ts";
import type { BundleInfo } from "../generator/model.ts";
import { plural } from "../generator/terminal.ts";
import type { Db } from "../server/db.ts";
import { type OverlayError, overlayError } from "./dev/pages.ts";
import { type DevState, type Generation, startVite, storefrontDev, vitePort } from "./dev/server.ts";
import type { Io } from "./io.ts";
import { assembleApp, DEFAULT_DATA_DIR, openSandboxDb } from "./sandbox.ts";
import { brandUrlLines, listenError, parsePort, timestamp, untilStopped } from "./serve-shared.ts";

export interface DevOptions {
  port: string;
  host: string;
  data?: string;
}

/** The runtime as Vite serves it in development: its source entry; CSS and chunks come through Vite. */
const DEV_BUNDLE: BundleInfo = { entry: "/main.tsx", preloads: [], css: "", locales: {} };

/** Saves come in bursts (truncate + write, or write + rename): act once they settle. */
const DEBOUNCE_MS = 120;

/** One pass of the pipeline for development: runtime/generated/ written, the sites in memory. */
const compileForDev = (file: string) => compile(file, { codegen: true, site: { bundle: async () => DEV_BUNDLE } });

/** A platform app for a valid compilation, and its files to serve. */
async function generation(compiled: Compilation, db: Db, io: Io): Promise<Generation> {
  const { resolved, codegen } = compiled;
  if (!resolved) throw new Error("generation() needs a valid compilation");
  const changed = codegen ? codegen.core.written + codegen.runtime.written + codegen.core.removed + codegen.runtime.removed : 0;
  if (codegen && changed > 0) io.out(`  ${describeCodegen(codegen)}\n`);
  const files = new Map(compiled.site.map((f) => [f.path, f.contents]));
  const { app } = await assembleApp(db, resolved.config);
  await app.ready();
  return { hosts: resolved.hosts, files, app, fingerprint: resolved.fingerprint, brands: resolved.config.brands.map((b) => b.id) };
}

/** Listens on host:port; a busy or forbidden port is a usage problem with the operator's words. */
async function listenVite(vite: ViteDevServer, port: number, host: string): Promise<void> {
  vite.config.server.host = host;
  try {
    await vite.listen(port);
  } catch (err) {
    await vite.close();
    if (err instanceof Error && /already in use/.test(err.message))
      throw listenError(Object.assign(err, { code: "EADDRINUSE" }), host, port);
    throw listenError(err, host, port);
  }
}

export async function dev(file: string, opts: DevOptions, io: Io, color: boolean): Promise<number> {
  const port = parsePort(opts.port);
  const first = await compileForDev(file);
  if (first.validation.diagnostics.length) io.out(formatValidation(first.validation, "text", color));
  if (!first.resolved || first.problems.length) {
    for (const problem of first.problems) io.err(`gen dev: ${problem}\n`);
    io.err(`gen dev: ${file} is invalid; fix it and start again (nothing is served without one good build).\n`);
    return 1;
  }
  const { db, label } = await openSandboxDb({ url: process.env.DATABASE_URL, dataDir: opts.data ?? DEFAULT_DATA_DIR });
  // What the plugin serves: the current generation, and the overlay while the config is invalid.
  const state: DevState = { current: undefined, overlay: undefined };
  let ready!: (generation: Generation) => void;
  const firstGeneration = new Promise<Generation>((resolveReady) => {
    ready = resolveReady;
  });
  let vite: ViteDevServer | undefined;
  let watcher: { stop(): Promise<void> } | undefined;
  try {
    // Requests that arrive before the platform is assembled wait for it.
    vite = await startVite(storefrontDev(() => state.current ?? firstGeneration, state));
    await listenVite(vite, port, opts.host);
    const actualPort = vitePort(vite, port);
    state.current = await generation(first, db, io);
    ready(state.current);
    io.out(`gen dev: ${file} (${state.current.brands.length} brands) with live reload on http://${opts.host}:${actualPort}\n`);
    io.out(`  sandbox platform: ${label}\n`);
    io.out("  production preview, then demo, of each brand:\n");
    for (const line of brandUrlLines(state.current.hosts, actualPort)) io.out(`${line}\n`);
    io.out(`Watching ${file} and its icons. Press Ctrl-C to stop.\n`);
    watcher = watchConfig(file, first, { vite, state, db, io, color, port: actualPort });
    await untilStopped();
    io.out("\ngen dev: stopping\n");
    await watcher.stop();
    return 0;
  } finally {
    await vite?.close();
    await state.current?.app.close();
    await db.close();
  }
}

interface Watching {
  vite: ViteDevServer;
  state: DevState;
  db: Db;
  io: Io;
  color: boolean;
  port: number;
}

/** Re-generation on save, one at a time (a save during one runs another after it), from Vite's watcher. */
function watchConfig(file: string, first: Compilation, ctx: Watching): { stop(): Promise<void> } {
  const configPath = resolve(file);
  let watched = new Set<string>();
  const watchFiles = (compiled: Compilation) => {
    const dir = dirname(configPath);
    const icons = compiled.resolved?.config.brands.flatMap((b) => (b.icon ? [resolve(dir, b.icon)] : [])) ?? [];
    watched = new Set([configPath, ...icons]);
    ctx.vite.watcher.add([...watched]);
  };
  let running: Promise<void> | undefined;
  let again = false;
  const next = () => {
    if (running) {
      again = true;
      return;
    }
    running = regenerate(file, ctx, watchFiles)
      .catch((err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        ctx.io.err(`[${timestamp()}] gen dev: regenerating failed: ${message}; still serving the last good build\n`);
        showOverlay(ctx, { message: `Regenerating failed: ${message}`, stack: "", plugin: "gen dev" });
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          next();
        }
      });
  };
  // Vite's watcher (chokidar) follows editors that save by replacing the file; saves come in bursts.
  let timer: NodeJS.Timeout | undefined;
  ctx.vite.watcher.on("all", (_event, path) => {
    if (!watched.has(resolve(path))) return;
    clearTimeout(timer);
    timer = setTimeout(next, DEBOUNCE_MS);
  });
  watchFiles(first);
  return {
    stop: async () => {
      clearTimeout(timer);
      await running;
    },
  };
}

function showOverlay(ctx: Watching, overlay: OverlayError): void {
  ctx.state.overlay = overlay;
  ctx.vite.ws.send({ type: "error", err: overlay });
}

async function regenerate(file: string, ctx: Watching, watchFiles: (c: Compilation) => void): Promise<void> {
  const { io, state } = ctx;
  const started = performance.now();
  const current = state.current as Generation;
  let compiled: Compilation;
  try {
    compiled = await compileForDev(file);
  } catch (err) {
    if (!(err instanceof UnreadableFileError)) throw err;
    io.err(`[${timestamp()}] gen dev: ${err.message}; still serving the last good build\n`);
    return showOverlay(ctx, { message: `${err.message}. The store keeps serving the last good build.`, stack: "", plugin: "gen dev" });
  }
  const { validation, resolved } = compiled;
  if (!resolved || compiled.problems.length) {
    const errors = validation.diagnostics.filter((d) => d.severity === "error").length + compiled.problems.length;
    io.out(formatValidation(validation, "text", ctx.color));
    for (const problem of compiled.problems) io.out(`gen dev: ${problem}\n`);
    io.out(`[${timestamp()}] ${file}: ${plural(errors, "error")}; still serving the last good build (save a fixed file to reload)\n`);
    return showOverlay(ctx, overlayError(file, resolve(file), validation.source.text, validation.diagnostics));
  }
  if (!state.overlay && resolved.fingerprint === current.fingerprint) return;
  if (validation.diagnostics.length) io.out(formatValidation(validation, "text", ctx.color));
  state.current = await generation(compiled, ctx.db, io);
  await current.app.close();
  state.overlay = undefined;
  watchFiles(compiled);
  const before = new Set(current.brands);
  const added = new Set(state.current.brands.filter((id) => !before.has(id)));
  io.out(
    `[${timestamp()}] ${file}: ${state.current.brands.length} brands valid; regenerated, platform reconfigured, pages reloaded (${(performance.now() - started).toFixed(0)} ms)\n` +
      brandUrlLines(state.current.hosts, ctx.port, added)
        .map((line) => `${line}   (new)\n`)
        .join(""),
  );
  ctx.vite.ws.send({ type: "full-reload", path: "*" });
}
