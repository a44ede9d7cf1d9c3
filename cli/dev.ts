// `gen dev`: the runtime through Vite (hot module reload) and the sandbox platform on one port,
// serving each brand by Host like the production server, and brands.yaml watched: a save
// re-validates, regenerates runtime/generated/, rebuilds the platform in-process and reloads the
// pages; an invalid save prints the diagnostics and shows them in the page (Vite's error overlay)
// while the last good build keeps being served.
//
// One Node HTTP server routes each request: the platform's paths to the current Fastify app (swapped
// on every valid change), a brand's own files (page, manifest, icons, brand module: emitted in
// memory by the same emitters as `gen build`) from memory, everything else to Vite's middlewares.
import { type FSWatcher, watch } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { basename, dirname, extname, join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import Handlebars from "handlebars";
import type { ViteDevServer } from "vite";
import { type Diagnostic, formatDiagnostics } from "../core/config/diagnostics.ts";
import { hostMap } from "../core/config/hosts.ts";
import { UnreadableFileError } from "../core/config/load.ts";
import type { BrandsConfig } from "../core/config/types.ts";
import { validateFile } from "../core/config/validate.ts";
import { isApiPath, requestPath, responseHeaders } from "../core/hosting/http-policy.ts";
import { configFingerprint } from "../generator/build-info.ts";
import { describeCodegen, writeGenerated } from "../generator/codegen.ts";
import { rasteriseIcons } from "../generator/emit/icons.ts";
import { type BundleInfo, brandIconSource, emitSites, iconFiles, sha256 } from "../generator/emit/site.ts";
import { paths } from "../generator/paths.ts";
import { plural } from "../generator/terminal.ts";
import type { Db } from "../server/db.ts";
import type { Io } from "./io.ts";
import { assembleApp, DEFAULT_DATA_DIR, openSandboxDb } from "./sandbox.ts";
import { brandUrlLines, brandUrls, type HostMap, listen, parsePort, timestamp, untilStopped } from "./serve-shared.ts";

export interface DevOptions {
  port: string;
  host: string;
  data?: string;
}

/** The runtime as Vite serves it in development: its source entry; CSS and chunks come through Vite. */
const DEV_BUNDLE: BundleInfo = { entry: "/main.tsx", preloads: [], css: "", locales: {} };

/** Saves come in bursts (truncate + write, or write + rename): act once they settle. */
const DEBOUNCE_MS = 120;

/** What one good config became: the platform serving it and every brand's files, in memory. */
interface Generation {
  config: BrandsConfig;
  hosts: HostMap;
  /** dist/-relative path → contents, as `gen build` would write them (without the bundle). */
  files: Map<string, string | Uint8Array>;
  app: FastifyInstance;
  fingerprint: string;
}

/** Vite's error payload (the overlay's input). */
interface OverlayError {
  message: string;
  stack: string;
  id?: string;
  plugin?: string;
  frame?: string;
  loc?: { file: string; line: number; column: number };
}

export async function dev(file: string, opts: DevOptions, io: Io, color: boolean): Promise<number> {
  const port = parsePort(opts.port);
  const configPath = resolve(file);
  const first = await validateFile(file);
  if (first.diagnostics.length) io.out(formatDiagnostics(first.diagnostics, "text", color));
  if (!first.config) {
    io.err(`gen dev: ${file} is invalid; fix it and start again (nothing is served without one good build).\n`);
    return 1;
  }

  // Listen first: a port in use is reported before any work. Requests wait until the first build is ready.
  const server = createServer();
  const waiting: [IncomingMessage, ServerResponse][] = [];
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  server.on("request", (req: IncomingMessage, res: ServerResponse) => (handle ? handle(req, res) : waiting.push([req, res])));
  const actualPort = await listen(server, port, opts.host);
  // Stopping: no new requests first, then the rest in the reverse order of starting.
  const closers: (() => Promise<unknown>)[] = [];
  const closeAll = async () => {
    const closed = new Promise((r) => server.close(r));
    server.closeAllConnections();
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await closed;
  };
  try {
    const { db, label } = await openSandboxDb({ url: process.env.DATABASE_URL, dataDir: opts.data ?? DEFAULT_DATA_DIR });
    closers.push(() => db.close());
    io.out(`gen dev: generating ${file}…\n`);
    let current = await generate(file, first.config, db, io);
    closers.push(() => current.app.close());
    let overlay: OverlayError | undefined;

    const vite = await startVite(server, current.config);
    closers.push(() => vite.close());

    // A page opened (or reloaded) while the config is invalid shows the overlay at once.
    vite.ws.on("connection", (socket: { send(data: string): void }) => {
      if (overlay) socket.send(JSON.stringify({ type: "error", err: overlay }));
    });

    handle = (req, res) => {
      route(req, res, current, vite, actualPort).catch((err: unknown) => {
        io.err(`gen dev: ${req.method} ${req.url}: ${err instanceof Error ? err.message : String(err)}\n`);
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end("gen dev: internal error (see the terminal)");
      });
    };
    for (const [req, res] of waiting.splice(0)) handle(req, res);

    io.out(`gen dev: ${file} (${current.config.brands.length} brands) with live reload on http://${opts.host}:${actualPort}\n`);
    io.out(`  sandbox platform: ${label}\n`);
    io.out("  production preview, then demo, of each brand:\n");
    for (const line of brandUrlLines(current.hosts, actualPort)) io.out(`${line}\n`);
    io.out(`Watching ${file} and its icons. Press Ctrl-C to stop.\n`);

    // Re-generation on save, one at a time; a save during one runs another after it.
    let running: Promise<void> | undefined;
    let again = false;
    const regenerate = async () => {
      const started = performance.now();
      let result: Awaited<ReturnType<typeof validateFile>>;
      try {
        result = await validateFile(file);
      } catch (err) {
        if (!(err instanceof UnreadableFileError)) throw err;
        overlay = { message: `${err.message}. The store keeps serving the last good build.`, stack: "", plugin: "gen dev" };
        io.err(`[${timestamp()}] gen dev: ${err.message}; still serving the last good build\n`);
        vite.ws.send({ type: "error", err: overlay });
        return;
      }
      const errors = result.diagnostics.filter((d) => d.severity === "error");
      if (!result.config) {
        io.out(formatDiagnostics(result.diagnostics, "text", color));
        io.out(
          `[${timestamp()}] ${file}: ${plural(errors.length, "error")}; still serving the last good build (save a fixed file to reload)\n`,
        );
        overlay = overlayError(file, configPath, result.source.text, result.diagnostics);
        vite.ws.send({ type: "error", err: overlay });
        return;
      }
      if (!overlay && (await configFingerprint(file, result.config)) === current.fingerprint) return;
      if (result.diagnostics.length) io.out(formatDiagnostics(result.diagnostics, "text", color));
      const previous = current;
      current = await generate(file, result.config, db, io);
      await previous.app.close();
      overlay = undefined;
      watchIcons(current.config);
      const before = new Set(previous.config.brands.map((b) => b.id));
      const added = new Set(current.config.brands.map((b) => b.id).filter((id) => !before.has(id)));
      io.out(
        `[${timestamp()}] ${file}: ${current.config.brands.length} brands valid; regenerated, platform reconfigured, pages reloaded (${(performance.now() - started).toFixed(0)} ms)\n` +
          brandUrlLines(current.hosts, actualPort, added)
            .map((line) => `${line}   (new)\n`)
            .join(""),
      );
      vite.ws.send({ type: "full-reload", path: "*" });
    };
    const run = () => {
      if (running) {
        again = true;
        return;
      }
      running = regenerate()
        .catch((err: unknown) => {
          const message = err instanceof Error ? err.message : String(err);
          io.err(`[${timestamp()}] gen dev: regenerating failed: ${message}; still serving the last good build\n`);
          overlay = { message: `Regenerating failed: ${message}`, stack: "", plugin: "gen dev" };
          vite.ws.send({ type: "error", err: overlay });
        })
        .finally(() => {
          running = undefined;
          if (again) {
            again = false;
            run();
          }
        });
    };

    // fs.watch on the folders (editors often save by replacing the file, which a watch on the file loses).
    let timer: NodeJS.Timeout | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(run, DEBOUNCE_MS);
    };
    const watchers = new Map<string, FSWatcher>();
    let watched = new Set<string>();
    const watchIcons = (config: BrandsConfig) => {
      const dir = dirname(configPath);
      watched = new Set([configPath, ...config.brands.flatMap((b) => (b.icon ? [resolve(dir, b.icon)] : []))]);
      for (const folder of new Set([...watched].map((f) => dirname(f)))) {
        if (watchers.has(folder)) continue;
        const watcher = watch(folder, (_event, name) => {
          if (name && watched.has(join(folder, name.toString()))) schedule();
        });
        watcher.on("error", () => watchers.delete(folder));
        watchers.set(folder, watcher);
      }
    };
    watchIcons(current.config);
    closers.push(async () => {
      clearTimeout(timer);
      for (const w of watchers.values()) w.close();
      await running;
    });

    await untilStopped();
    io.out("\ngen dev: stopping\n");
    return 0;
  } finally {
    await closeAll();
  }
}

/** Codegen into runtime/generated/, every brand's files in memory, and a platform app for this config. */
async function generate(file: string, config: BrandsConfig, db: Db, io: Io): Promise<Generation> {
  const written = await writeGenerated(config);
  if (written.core.written + written.runtime.written + written.core.removed + written.runtime.removed > 0) {
    io.out(`  ${describeCodegen(written)}\n`);
  }
  const configDir = dirname(resolve(file));
  const icons = await rasteriseIcons(config.brands.map((b) => brandIconSource(config, b, configDir)));
  const files = new Map<string, string | Uint8Array>();
  for (const f of [...emitSites(config, DEV_BUNDLE, { configFile: file }), ...iconFiles(config, icons.sets, { configFile: file })]) {
    files.set(f.path, f.contents);
  }
  const { app } = await assembleApp(db, config);
  await app.ready();
  return { config, hosts: hostMap(config), files, app, fingerprint: await configFingerprint(file, config) };
}

async function startVite(server: Server, config: BrandsConfig): Promise<ViteDevServer> {
  const { createServer: createViteServer } = await import("vite");
  const hosts = Object.keys(hostMap(config)).filter((h) => !h.endsWith(".localhost"));
  return createViteServer({
    configFile: join(paths.root, "vite.config.ts"),
    appType: "custom",
    // Not node_modules/.vite: node_modules may be shared between checkouts (a symlink); .data/ is ours.
    cacheDir: join(paths.root, ".data", "vite"),
    clearScreen: false,
    // Every dependency found up front, so the first page load does not re-optimise and reload.
    optimizeDeps: { entries: [join(paths.runtime, "main.tsx")] },
    server: {
      middlewareMode: true,
      hmr: { server },
      // Vite's own check of the Host header: the preview hosts and the configured ones (as of the start).
      allowedHosts: [".localhost", ...hosts],
      warmup: { clientFiles: ["./main.tsx"] },
    },
  });
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * In development there is no service worker (the runtime registers one in production builds only);
 * one left on this origin by a production preview would keep serving its cached shell, so the
 * worker here removes itself.
 */
const DEV_WORKER =
  "// gen dev: no service worker in development; this one removes a production one left on this origin.\n" +
  "self.addEventListener('install', () => self.skipWaiting());\n" +
  "self.addEventListener('activate', (event) => event.waitUntil(self.registration.unregister()));\n";

async function route(req: IncomingMessage, res: ServerResponse, gen: Generation, vite: ViteDevServer, port: number): Promise<void> {
  const path = requestPath(req.url);
  if (isApiPath(path)) {
    gen.app.routing(req, res);
    return;
  }
  const hostname = hostnameOf(req.headers.host);
  const entry = gen.hosts[hostname];
  if (!entry) {
    // Opened on the bare address: a list of the stores rather than the production unknown-host page.
    const list = hostname === "localhost" || /^[\d.]+$|^\[/.test(hostname);
    const html = list ? storeList(gen.hosts, req.socket.localPort ?? port) : String(gen.files.get("unknown-host.html") ?? "Unknown host");
    res.writeHead(404, { ...responseHeaders("unknownHost", html), "content-type": "text/html; charset=utf-8" });
    res.end(html);
    return;
  }
  const send = (contents: string | Uint8Array, kind: Parameters<typeof responseHeaders>[0], type: string) => {
    res.writeHead(200, {
      ...responseHeaders(kind, typeof contents === "string" ? contents : ""),
      "content-type": type,
      "cache-control": "no-cache",
    });
    res.end(contents);
  };
  if (path.startsWith("/assets/brand-")) {
    const module = gen.files.get(`app${path}`);
    if (module !== undefined) return send(module, "asset", CONTENT_TYPES[".js"] as string);
  }
  if (path === "/sw.js") return send(DEV_WORKER, "worker", CONTENT_TYPES[".js"] as string);
  const own = path !== "/" && path !== "/index.html" ? gen.files.get(`brands/${entry.brand}${path}`) : undefined;
  if (own !== undefined) {
    const type = CONTENT_TYPES[extname(path)] ?? "application/octet-stream";
    return send(own, path.endsWith(".html") ? "popupPage" : "brandFile", type);
  }
  await new Promise<void>((next) => vite.middlewares(req, res, () => next()));
  if (res.writableEnded || res.headersSent) return;
  // No file of Vite's: a client-side route of the store, answered with the brand's page.
  const page = String(gen.files.get(`brands/${entry.brand}/index.html`));
  const html = devCsp(await vite.transformIndexHtml(req.url ?? "/", page));
  res.writeHead(200, { ...responseHeaders("page", html), "content-type": "text/html; charset=utf-8" });
  res.end(html);
}

function hostnameOf(host: string | undefined): string {
  if (!host) return "";
  const h = host.toLowerCase();
  return h.startsWith("[") ? h.slice(0, h.indexOf("]") + 1) : (h.split(":")[0] ?? "");
}

/**
 * The production page's CSP with what Vite's development client needs, and nothing else: its
 * inline scripts (the React refresh preamble) by hash, and inline styles (CSS modules and the error
 * overlay are injected as <style> elements). Everything else (connect-src 'self' covers the HMR
 * WebSocket of the same origin) stays as in production, so a violation shows up while developing.
 */
export function devCsp(html: string): string {
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => `'${sha256(m[1] ?? "")}'`);
  return html.replace(/(http-equiv="Content-Security-Policy" content=")([^"]+)"/, (_all, start: string, policy: string) => {
    const directives = policy.split(/;\s*/).map((d) => {
      if (d.startsWith("script-src ")) return [d, ...inline].join(" ");
      if (d.startsWith("style-src ")) return "style-src 'self' 'unsafe-inline'";
      return d;
    });
    return `${start}${directives.join("; ")}"`;
  });
}

/** The page on http://localhost:PORT/: every store's links. */
function storeList(hosts: HostMap, port: number): string {
  const esc = Handlebars.Utils.escapeExpression;
  const link = (u: string) => `<a href="${esc(u)}">${esc(u)}</a>`;
  const items = brandUrls(hosts, port).map((b) => `<li>${esc(b.brand)}: ${[...b.production, ...b.demo].map(link).join(" · ")}</li>`);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; base-uri 'none'">` +
    `<title>gen dev</title></head><body><h1>gen dev</h1><p>Each store is served on its own host (production preview, then demo):</p>` +
    `<ul>${items.join("")}</ul></body></html>`
  );
}

/** The overlay: every diagnostic as `gen validate` prints it, the first error's place and its source lines. */
export function overlayError(file: string, absolute: string, text: string, diagnostics: Diagnostic[]): OverlayError {
  const errors = diagnostics.filter((d) => d.severity === "error");
  const firstError = errors[0];
  return {
    message:
      `${basename(file)} is invalid (${plural(errors.length, "error")}); the store keeps serving the last good build. ` +
      `Save a fixed file and this page reloads.\n\n${formatDiagnostics(diagnostics, "text", false)}`,
    stack: "",
    id: absolute,
    plugin: "gen validate",
    ...(firstError
      ? {
          loc: { file: absolute, line: firstError.line, column: firstError.column },
          frame: codeFrame(text, firstError.line, firstError.column),
        }
      : {}),
  };
}

/** Two lines either side of line:column, the line marked and a caret under the column (Vite's frame format). */
export function codeFrame(text: string, line: number, column: number): string {
  const lines = text.split(/\r?\n/);
  const from = Math.max(1, line - 2);
  const to = Math.min(lines.length, line + 2);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    out.push(`${n === line ? ">" : " "} ${String(n).padStart(width)} | ${lines[n - 1] ?? ""}`);
    if (n === line) out.push(`  ${" ".repeat(width)} | ${" ".repeat(Math.max(0, column - 1))}^`);
  }
  return `${out.join("\n")}\n`;
}
