// `gen dev`'s serving: Vite's dev server (modules, hot reload, the watcher) with one plugin that
// answers what a storefront host needs, by the production server's own routing rule
// (core/browser/hosting/site-routing.ts): before Vite's middlewares the platform's paths (the current
// Fastify app), unknown hosts and the brand's own files (emitted in memory by `compile()`, as
// `gen build` writes them); after them, a path no module answered gets its entry page.
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { Plugin, ViteDevServer } from "vite";
import type { HostMap } from "../../core/browser/config/types.ts";
import { requestPath, responseHeaders } from "../../core/browser/hosting/http-policy.ts";
import { routeSite, type SiteRoute } from "../../core/browser/hosting/site-routing.ts";
import { paths } from "../../generator/paths.ts";
import { devCsp, type OverlayError, storeList } from "./pages.ts";

/** What one good config became: the platform serving it and every brand's files, in memory. */
export interface Generation {
  hosts: HostMap;
  /** dist/-relative path → contents, as `gen build` would write them (without the bundle). */
  files: Map<string, string | Uint8Array>;
  app: FastifyInstance;
  fingerprint: string;
  brands: string[];
}

export interface DevState {
  current: Generation | undefined;
  overlay: OverlayError | undefined;
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

function hostnameOf(host: string | undefined): string {
  if (!host) return "";
  const h = host.toLowerCase();
  return h.startsWith("[") ? h.slice(0, h.indexOf("]") + 1) : (h.split(":")[0] ?? "");
}

function routeOf(req: IncomingMessage, gen: Generation): SiteRoute {
  return routeSite(requestPath(req.url), gen.hosts[hostnameOf(req.headers.host)], (brand, file) =>
    gen.files.has(`brands/${brand}/${file}`),
  );
}

function send(res: ServerResponse, contents: string | Uint8Array, kind: Parameters<typeof responseHeaders>[0], type: string): true {
  res.writeHead(200, {
    ...responseHeaders(kind, typeof contents === "string" ? contents : ""),
    "content-type": type,
    "cache-control": "no-cache",
  });
  res.end(contents);
  return true;
}

/** Answers what is the store's and not Vite's; false for what Vite (or the page, after it) should answer. */
function serveOwn(req: IncomingMessage, res: ServerResponse, gen: Generation, port: number): boolean {
  const route = routeOf(req, gen);
  switch (route.kind) {
    case "platform":
      gen.app.routing(req, res);
      return true;
    case "unknownHost": {
      // Opened on the bare address: a list of the stores rather than the production unknown-host page.
      const hostname = hostnameOf(req.headers.host);
      const list = hostname === "localhost" || /^[\d.]+$|^\[/.test(hostname);
      const html = list ? storeList(gen.hosts, port) : String(gen.files.get("unknown-host.html") ?? "Unknown host");
      res.writeHead(404, { ...responseHeaders("unknownHost", html), "content-type": "text/html; charset=utf-8" });
      res.end(html);
      return true;
    }
    case "asset": {
      // The brand modules are the build's only assets in development; the rest is Vite's.
      const module = gen.files.get(`app/assets/${route.file}`);
      return module !== undefined && send(res, module, "asset", CONTENT_TYPES[".js"] as string);
    }
    case "brandFile": {
      if (route.response === "worker") return send(res, DEV_WORKER, "worker", CONTENT_TYPES[".js"] as string);
      const own = gen.files.get(`brands/${route.brand}/${route.file}`) as string | Uint8Array;
      return send(res, own, route.response, CONTENT_TYPES[extname(route.file)] ?? "application/octet-stream");
    }
    case "page":
      return false;
  }
}

/** No module or file of Vite's answered: the path's entry page (Vite's transform of it, with a dev CSP), as production routes it. */
async function servePage(req: IncomingMessage, res: ServerResponse, gen: Generation, vite: ViteDevServer): Promise<void> {
  const route = routeOf(req, gen);
  if (route.kind !== "page") {
    res.writeHead(404, { ...responseHeaders("brandFile"), "content-type": "text/plain; charset=utf-8" });
    res.end("Not found");
    return;
  }
  const page = String(gen.files.get(`brands/${route.brand}/${route.file}`));
  const html = devCsp(await vite.transformIndexHtml(req.url ?? "/", page));
  res.writeHead(200, { ...responseHeaders("page", html), "content-type": "text/html; charset=utf-8" });
  res.end(html);
}

function failed(res: ServerResponse, err: unknown): void {
  process.stderr.write(`gen dev: ${err instanceof Error ? err.message : String(err)}\n`);
  if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
  res.end("gen dev: internal error (see the terminal)");
}

/** The plugin: the store's own answers before Vite's middlewares, each route's page after them. */
export function storefrontDev(generation: () => Generation | Promise<Generation>, state: DevState): Plugin {
  return {
    name: "storefront-dev",
    configureServer(server) {
      // A page opened (or reloaded) while the config is invalid shows the overlay at once.
      server.ws.on("connection", (socket: { send(data: string): void }) => {
        if (state.overlay) socket.send(JSON.stringify({ type: "error", err: state.overlay }));
      });
      server.middlewares.use((req, res, next) => {
        Promise.resolve(generation())
          .then((gen) => (serveOwn(req, res, gen, req.socket.localPort ?? vitePort(server, 0)) ? undefined : next()))
          .catch((err: unknown) => failed(res, err));
      });
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

export async function startVite(plugin: Plugin): Promise<ViteDevServer> {
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

/** The port the dev server listens on (the one chosen when asked for 0). */
export function vitePort(vite: ViteDevServer, asked: number): number {
  const address = vite.httpServer?.address();
  return typeof address === "object" && address ? address.port : asked;
}
