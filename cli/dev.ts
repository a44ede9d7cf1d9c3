// `gen dev`: the runtime through Vite (hot module reload) and the sandbox platform on one port,
// serving each brand by Host like the production server, and brands.yaml watched: a save
// re-validates, regenerates runtime/generated/, rebuilds the platform in-process and reloads the
// pages; an invalid save prints the diagnostics and shows them in the page (Vite's error overlay)
// while the last good build keeps being served.
//
// Vite's own dev server does the serving and the watching; one plugin (storefrontDev) adds what a
// storefront host needs before Vite's middlewares — the platform's paths to the current Fastify app
// (swapped on every valid change), a brand's own files (page, manifest, icons, brand module: emitted
// in memory by the same emitters as `gen build`) — and, after them, each client-side route's page.
// brands.yaml and the icons are watched with Vite's watcher.
import type { IncomingMessage, ServerResponse } from "node:http";
import { basename, dirname, extname, join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import Handlebars from "handlebars";
import type { Plugin, ViteDevServer } from "vite";
import type { BrandsConfig } from "../core/browser/config/types.ts";
import { isApiPath, requestPath, responseHeaders } from "../core/browser/hosting/http-policy.ts";
import { codeFrame, type Diagnostic, formatDiagnostics } from "../core/node/config/diagnostics.ts";
import { UnreadableFileError } from "../core/node/config/load.ts";
import { formatValidation, validateFile } from "../core/node/config/validate.ts";
import { configFingerprint } from "../generator/build-info.ts";
import { describeCodegen, writeGenerated } from "../generator/codegen.ts";
import { rasteriseIcons } from "../generator/emit/icons.ts";
import { type BundleInfo, emitSites, iconFiles, sha256 } from "../generator/emit/site.ts";
import { paths } from "../generator/paths.ts";
import { resolveConfig } from "../generator/resolve.ts";
import { plural } from "../generator/terminal.ts";
import type { Db } from "../server/db.ts";
import type { Io } from "./io.ts";
import { assembleApp, DEFAULT_DATA_DIR, openSandboxDb } from "./sandbox.ts";
import { brandUrlLines, brandUrls, type HostMap, listenError, parsePort, timestamp, untilStopped } from "./serve-shared.ts";

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
  if (first.diagnostics.length) io.out(formatValidation(first, "text", color));
  if (!first.config) {
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
  try {
    // Listening comes first (a port in use is reported before any work); requests wait for the first generation.
    vite = await startVite(storefrontDev(() => state.current ?? firstGeneration, state));
    await listenVite(vite, port, opts.host);
    const actualPort = vitePort(vite, port);
    io.out(`gen dev: generating ${file}…\n`);
    state.current = await generate(file, first.config, db, io);
    ready(state.current);

    io.out(`gen dev: ${file} (${state.current.config.brands.length} brands) with live reload on http://${opts.host}:${actualPort}\n`);
    io.out(`  sandbox platform: ${label}\n`);
    io.out("  production preview, then demo, of each brand:\n");
    for (const line of brandUrlLines(state.current.hosts, actualPort)) io.out(`${line}\n`);
    io.out(`Watching ${file} and its icons. Press Ctrl-C to stop.\n`);

    const server = vite;
    const showOverlay = (overlay: OverlayError) => {
      state.overlay = overlay;
      server.ws.send({ type: "error", err: overlay });
    };
    // Re-generation on save, one at a time; a save during one runs another after it.
    const regenerate = async () => {
      const started = performance.now();
      const current = state.current as Generation;
      let result: Awaited<ReturnType<typeof validateFile>>;
      try {
        result = await validateFile(file);
      } catch (err) {
        if (!(err instanceof UnreadableFileError)) throw err;
        io.err(`[${timestamp()}] gen dev: ${err.message}; still serving the last good build\n`);
        return showOverlay({ message: `${err.message}. The store keeps serving the last good build.`, stack: "", plugin: "gen dev" });
      }
      const errors = result.diagnostics.filter((d) => d.severity === "error");
      if (!result.config) {
        io.out(formatValidation(result, "text", color));
        io.out(
          `[${timestamp()}] ${file}: ${plural(errors.length, "error")}; still serving the last good build (save a fixed file to reload)\n`,
        );
        return showOverlay(overlayError(file, configPath, result.source.text, result.diagnostics));
      }
      if (!state.overlay && (await configFingerprint(file, result.config)) === current.fingerprint) return;
      if (result.diagnostics.length) io.out(formatValidation(result, "text", color));
      state.current = await generate(file, result.config, db, io);
      await current.app.close();
      state.overlay = undefined;
      watchFiles(state.current.config);
      const before = new Set(current.config.brands.map((b) => b.id));
      const added = new Set(state.current.config.brands.map((b) => b.id).filter((id) => !before.has(id)));
      io.out(
        `[${timestamp()}] ${file}: ${state.current.config.brands.length} brands valid; regenerated, platform reconfigured, pages reloaded (${(performance.now() - started).toFixed(0)} ms)\n` +
          brandUrlLines(state.current.hosts, actualPort, added)
            .map((line) => `${line}   (new)\n`)
            .join(""),
      );
      server.ws.send({ type: "full-reload", path: "*" });
    };
    let running: Promise<void> | undefined;
    let again = false;
    const run = () => {
      if (running) {
        again = true;
        return;
      }
      running = regenerate()
        .catch((err: unknown) => {
          const message = err instanceof Error ? err.message : String(err);
          io.err(`[${timestamp()}] gen dev: regenerating failed: ${message}; still serving the last good build\n`);
          showOverlay({ message: `Regenerating failed: ${message}`, stack: "", plugin: "gen dev" });
        })
        .finally(() => {
          running = undefined;
          if (again) {
            again = false;
            run();
          }
        });
    };

    // Vite's watcher (chokidar) follows editors that save by replacing the file; saves come in bursts.
    let timer: NodeJS.Timeout | undefined;
    let watched = new Set<string>();
    const watchFiles = (config: BrandsConfig) => {
      const dir = dirname(configPath);
      watched = new Set([configPath, ...config.brands.flatMap((b) => (b.icon ? [resolve(dir, b.icon)] : []))]);
      server.watcher.add([...watched]);
    };
    server.watcher.on("all", (_event, path) => {
      if (!watched.has(resolve(path))) return;
      clearTimeout(timer);
      timer = setTimeout(run, DEBOUNCE_MS);
    });
    watchFiles(state.current.config);

    await untilStopped();
    io.out("\ngen dev: stopping\n");
    clearTimeout(timer);
    await running;
    return 0;
  } finally {
    await vite?.close();
    await state.current?.app.close();
    await db.close();
  }
}

interface DevState {
  current: Generation | undefined;
  overlay: OverlayError | undefined;
}

/**
 * What a storefront host needs besides Vite's modules: the platform's paths, the brand's own files
 * and, for every client-side route, the brand's page (Vite's transform of it, with a dev CSP).
 */
function storefrontDev(generation: () => Generation | Promise<Generation>, state: DevState): Plugin {
  const failed = (res: ServerResponse, err: unknown) => {
    process.stderr.write(`gen dev: ${err instanceof Error ? err.message : String(err)}\n`);
    if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
    res.end("gen dev: internal error (see the terminal)");
  };
  return {
    name: "storefront-dev",
    configureServer(server) {
      // A page opened (or reloaded) while the config is invalid shows the overlay at once.
      server.ws.on("connection", (socket: { send(data: string): void }) => {
        if (state.overlay) socket.send(JSON.stringify({ type: "error", err: state.overlay }));
      });
      server.middlewares.use((req, res, next) => {
        Promise.resolve(generation())
          .then((gen) => (serveOwn(req, res, gen, server) ? undefined : next()))
          .catch((err: unknown) => failed(res, err));
      });
      // After Vite's middlewares: a path no module or file answered is a route of the store.
      return () => {
        server.middlewares.use((req, res) => {
          Promise.resolve(generation())
            .then((gen) => servePage(req, res, gen, server))
            .catch((err: unknown) => failed(res, err));
        });
      };
    },
  };
}
/** Codegen into runtime/generated/, every brand's files in memory, and a platform app for this config. */
async function generate(file: string, config: BrandsConfig, db: Db, io: Io): Promise<Generation> {
  const resolved = resolveConfig(config, file);
  const written = await writeGenerated(resolved);
  if (written.core.written + written.runtime.written + written.core.removed + written.runtime.removed > 0) {
    io.out(`  ${describeCodegen(written)}\n`);
  }
  const icons = await rasteriseIcons(resolved.brands.map((b) => b.icon));
  const files = new Map<string, string | Uint8Array>();
  for (const f of [...emitSites(resolved, DEV_BUNDLE), ...iconFiles(resolved, icons.sets)]) {
    files.set(f.path, f.contents);
  }
  const { app } = await assembleApp(db, config);
  await app.ready();
  return { config, hosts: resolved.hosts, files, app, fingerprint: await configFingerprint(file, config) };
}

async function startVite(plugin: Plugin): Promise<ViteDevServer> {
  const { createServer } = await import("vite");
  return createServer({
    configFile: join(paths.root, "vite.config.ts"),
    appType: "custom",
    // Not node_modules/.vite: node_modules may be shared between checkouts (a symlink); .data/ is ours.
    cacheDir: join(paths.root, ".data", "vite"),
    clearScreen: false,
    logLevel: "warn",
    plugins: [plugin],
    // Every dependency found up front, so the first page load does not re-optimise and reload.
    optimizeDeps: { entries: [join(paths.runtime, "main.tsx")] },
    server: {
      strictPort: true,
      // The platform answers CORS itself; Vite's own would answer its preflights first.
      cors: false,
      // The plugin answers every host no brand has with the unknown-host page before Vite sees the
      // request (as the production server does), so Vite's own Host check has nothing left to do.
      allowedHosts: true,
      watch: { ignored: [join(paths.root, ".data", "**")] },
      warmup: { clientFiles: [join(paths.runtime, "main.tsx")] },
    },
  });
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

/** The port the dev server listens on (the one chosen when asked for 0). */
function vitePort(vite: ViteDevServer, asked: number): number {
  const address = vite.httpServer?.address();
  return typeof address === "object" && address ? address.port : asked;
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

/**
 * Answers what is the brand's own and not Vite's: the platform's paths, unknown hosts, the brand
 * module, the worker and the brand's files. Returns false for what Vite (or the page) should answer.
 */
function serveOwn(req: IncomingMessage, res: ServerResponse, gen: Generation, vite: ViteDevServer): boolean {
  const path = requestPath(req.url);
  if (isApiPath(path)) {
    gen.app.routing(req, res);
    return true;
  }
  const hostname = hostnameOf(req.headers.host);
  const entry = gen.hosts[hostname];
  if (!entry) {
    // Opened on the bare address: a list of the stores rather than the production unknown-host page.
    const list = hostname === "localhost" || /^[\d.]+$|^\[/.test(hostname);
    const port = req.socket.localPort ?? vitePort(vite, 0);
    const html = list ? storeList(gen.hosts, port) : String(gen.files.get("unknown-host.html") ?? "Unknown host");
    res.writeHead(404, { ...responseHeaders("unknownHost", html), "content-type": "text/html; charset=utf-8" });
    res.end(html);
    return true;
  }
  const send = (contents: string | Uint8Array, kind: Parameters<typeof responseHeaders>[0], type: string) => {
    res.writeHead(200, {
      ...responseHeaders(kind, typeof contents === "string" ? contents : ""),
      "content-type": type,
      "cache-control": "no-cache",
    });
    res.end(contents);
    return true;
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
  return false;
}

/** No module or file of Vite's: a client-side route of the store, answered with the brand's page. */
async function servePage(req: IncomingMessage, res: ServerResponse, gen: Generation, vite: ViteDevServer): Promise<void> {
  const entry = gen.hosts[hostnameOf(req.headers.host)];
  const page = String(gen.files.get(`brands/${entry?.brand}/index.html`));
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
