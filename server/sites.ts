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

/** Security headers sent with every page; the CSP comes from the page itself (hash of its inline style). */
export const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
  "cross-origin-opener-policy": "same-origin-allow-popups",
} as const;

function cspFromHtml(html: string): string | undefined {
  return /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
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
  const pages = new Map<string, { html: string; csp: string | undefined }>();
  const page = (brand: string) => {
    let cached = pages.get(brand);
    if (!cached) {
      const html = readFileSync(join(brandsDir, brand, "index.html"), "utf8");
      cached = { html, csp: cspFromHtml(html) };
      pages.set(brand, cached);
    }
    return cached;
  };

  await app.register(fastifyStatic, { root: distDir, serve: false });

  const sendPage = (reply: FastifyReply, brand: string) => {
    const { html, csp } = page(brand);
    reply.headers(SECURITY_HEADERS).header("cache-control", "no-cache").type("text/html; charset=utf-8");
    if (csp) reply.header("content-security-policy", `${csp}; frame-ancestors 'self'`);
    return reply.send(html);
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
        .header("cache-control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(unknownHost);
    }
    const safe = normalize(path).replace(/^([/\\])+/, "");
    if (safe.split(sep).includes("..")) return sendPage(reply, entry.brand);
    if (path.startsWith("/assets/")) {
      const file = join(assetsDir, safe.slice("assets/".length));
      if (existsSync(file) && statSync(file).isFile()) {
        reply.headers(SECURITY_HEADERS).header("cache-control", "public, max-age=31536000, immutable");
        return reply.sendFile(safe.slice("assets/".length), assetsDir, { cacheControl: false });
      }
      return reply.code(404).send("Not found");
    }
    const own = join(brandsDir, entry.brand, safe);
    if (safe && safe !== "index.html" && existsSync(own) && statSync(own).isFile()) {
      reply.headers(SECURITY_HEADERS).header("cache-control", "no-cache");
      // The sign-in redirect page runs in a popup that must keep its opener to hand back the result;
      // a COOP other than unsafe-none would put it in a new browsing context group without one.
      if (safe.endsWith(".html")) reply.header("cross-origin-opener-policy", "unsafe-none");
      return reply.sendFile(safe, join(brandsDir, entry.brand), { cacheControl: false });
    }
    return sendPage(reply, entry.brand);
  });
}
