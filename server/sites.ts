// Serves the built storefronts from dist/ by Host: shared hashed assets, each brand's own files,
// and the brand's index.html for every other path (client-side routes).
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, normalize, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

export interface HostEntry {
  brand: string;
  mode: "production" | "demo";
}

export const API_PREFIXES = ["/api/", "/util/", "/service/", "/sandbox/"];

/** Security headers sent with every response of a storefront; each HTML page's CSP comes from its own meta tag. */
export const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
  "cross-origin-opener-policy": "same-origin-allow-popups",
} as const;

/** For everything that is not a page (manifest, icon, scripts): nothing may run or load from it. */
export const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

/** The service worker's own policy (a worker's CSP comes from its script's response): it fetches
 *  only the store's own files, to cache the shell. */
export const WORKER_CSP = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'";

/** The page's own CSP (its meta tag) with what only a header can say: who may frame it. */
function cspFromHtml(html: string, frameAncestors: string): string {
  const own = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
  return own ? `${own}; frame-ancestors ${frameAncestors}` : FILE_CSP;
}

export function loadHostMap(distDir: string): Record<string, HostEntry> {
  const file = join(distDir, "hosts.json");
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
}

export async function registerSites(app: FastifyInstance, distDir: string): Promise<void> {
  const hosts = loadHostMap(distDir);
  const assetsDir = join(distDir, "app", "assets");
  const brandsDir = join(distDir, "brands");
  const unknownHost = existsSync(join(distDir, "unknown-host.html"))
    ? readFileSync(join(distDir, "unknown-host.html"), "utf8")
    : "Unknown host";
  const unknownHostCsp = cspFromHtml(unknownHost, "'none'");
  const pages = new Map<string, { html: string; csp: string }>();
  const page = (brand: string) => {
    let cached = pages.get(brand);
    if (!cached) {
      const html = readFileSync(join(brandsDir, brand, "index.html"), "utf8");
      cached = { html, csp: cspFromHtml(html, "'self'") };
      pages.set(brand, cached);
    }
    return cached;
  };

  await app.register(fastifyStatic, { root: distDir, serve: false });

  const sendPage = (reply: FastifyReply, brand: string) => {
    const { html, csp } = page(brand);
    reply.headers(SECURITY_HEADERS).header("cache-control", "no-cache").type("text/html; charset=utf-8");
    return reply.header("content-security-policy", csp).send(html);
  };

  app.get("/*", async (request, reply) => {
    const raw = request.url.split("?")[0] ?? "/";
    let path: string;
    try {
      path = decodeURIComponent(raw);
    } catch {
      path = raw;
    }
    if (API_PREFIXES.some((p) => path.startsWith(p))) {
      return reply.code(404).send({ code: -404, message: `unknown call ${path}`, content: null });
    }
    const entry = hosts[request.hostname.toLowerCase()];
    if (!entry) {
      return reply
        .code(404)
        .headers(SECURITY_HEADERS)
        .header("content-security-policy", unknownHostCsp)
        .header("cache-control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(unknownHost);
    }
    const safe = normalize(path).replace(/^([/\\])+/, "");
    if (safe.split(sep).includes("..")) return sendPage(reply, entry.brand);
    if (path.startsWith("/assets/")) {
      const file = join(assetsDir, safe.slice("assets/".length));
      if (existsSync(file) && statSync(file).isFile()) {
        reply
          .headers(SECURITY_HEADERS)
          .header("content-security-policy", FILE_CSP)
          .header("cache-control", "public, max-age=31536000, immutable");
        return reply.sendFile(safe.slice("assets/".length), assetsDir, { cacheControl: false });
      }
      return reply.code(404).headers(SECURITY_HEADERS).header("content-security-policy", FILE_CSP).send("Not found");
    }
    const own = join(brandsDir, entry.brand, safe);
    if (safe && safe !== "index.html" && existsSync(own) && statSync(own).isFile()) {
      reply
        .headers(SECURITY_HEADERS)
        .header("cache-control", "no-cache")
        .header("content-security-policy", safe === "sw.js" ? WORKER_CSP : FILE_CSP);
      if (safe.endsWith(".html")) {
        // The sign-in redirect page runs in a popup that must keep its opener to hand back the result;
        // a COOP other than unsafe-none would put it in a new browsing context group without one.
        reply.header("cross-origin-opener-policy", "unsafe-none");
        reply.header("content-security-policy", cspFromHtml(readFileSync(own, "utf8"), "'none'"));
      }
      return reply.sendFile(safe, join(brandsDir, entry.brand), { cacheControl: false });
    }
    return sendPage(reply, entry.brand);
  });
}
