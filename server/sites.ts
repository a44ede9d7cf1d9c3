// Serves the built storefronts from dist/ by Host: shared hashed assets, each brand's own files,
// and for every other path (client-side routes) the brand's page of that entry path
// (core/browser/entry-pages.ts), else its index.html.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, normalize, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { isLocalPreviewHost } from "../core/browser/config/hosts.ts";
import { entryFile, isEntryFile } from "../core/browser/entry-pages.ts";
import { isApiPath, type PolicyOptions, responseHeaders as policyHeaders, requestPath } from "../core/browser/hosting/http-policy.ts";

export interface HostEntry {
  brand: string;
  mode: "production" | "demo";
}

export function loadHostMap(distDir: string): Record<string, HostEntry> {
  const file = join(distDir, "hosts.json");
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
}

/**
 * `previewHosts: false` (a platform in production mode): the `<brand>.localhost` preview hosts are
 * unknown hosts, and no page's policy names them.
 */
export async function registerSites(app: FastifyInstance, distDir: string, policy: PolicyOptions = {}): Promise<void> {
  const hosts = Object.fromEntries(
    Object.entries(loadHostMap(distDir)).filter(([host]) => policy.previewHosts !== false || !isLocalPreviewHost(host)),
  );
  const responseHeaders = (kind: Parameters<typeof policyHeaders>[0], html?: string) => policyHeaders(kind, html, policy);
  const assetsDir = join(distDir, "app", "assets");
  const brandsDir = join(distDir, "brands");
  const unknownHost = existsSync(join(distDir, "unknown-host.html"))
    ? readFileSync(join(distDir, "unknown-host.html"), "utf8")
    : "Unknown host";
  const unknownHostHeaders = responseHeaders("unknownHost", unknownHost);
  // Pages and the redirect page are read once: their headers carry the CSP of their meta tag.
  const pages = new Map<string, { html: string; headers: Record<string, string> }>();
  const popupHeaders = new Map<string, Record<string, string>>();
  const popupPage = (file: string) => {
    let headers = popupHeaders.get(file);
    if (!headers) {
      headers = responseHeaders("popupPage", readFileSync(file, "utf8"));
      popupHeaders.set(file, headers);
    }
    return headers;
  };
  const page = (brand: string, file: string) => {
    const key = `${brand}/${file}`;
    let cached = pages.get(key);
    if (!cached) {
      // A dist/ built before a page existed serves its index.html there.
      const own = join(brandsDir, brand, file);
      const html = readFileSync(existsSync(own) ? own : join(brandsDir, brand, "index.html"), "utf8");
      cached = { html, headers: responseHeaders("page", html) };
      pages.set(key, cached);
    }
    return cached;
  };

  // Hashed assets go out as the build's .br or .gz copy when the browser accepts it (generator/compress.ts).
  await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true });

  const sendPage = (reply: FastifyReply, brand: string, file = "index.html") => {
    const { html, headers } = page(brand, file);
    return reply.headers(headers).type("text/html; charset=utf-8").send(html);
  };

  app.get("/*", async (request, reply) => {
    const path = requestPath(request.url);
    // A platform path never gets a page: the not-found handler (app.ts) answers 405 with Allow when
    // the path is known with other methods, else 404, both as the envelope.
    if (isApiPath(path)) return reply.callNotFound();
    const entry = hosts[request.hostname.toLowerCase()];
    if (!entry) {
      return reply.code(404).headers(unknownHostHeaders).type("text/html; charset=utf-8").send(unknownHost);
    }
    const safe = normalize(path).replace(/^([/\\])+/, "");
    if (safe.split(sep).includes("..")) return sendPage(reply, entry.brand);
    if (path.startsWith("/assets/")) {
      const file = join(assetsDir, safe.slice("assets/".length));
      if (existsSync(file) && statSync(file).isFile()) {
        reply.headers(responseHeaders("asset"));
        return reply.sendFile(safe.slice("assets/".length), assetsDir, { cacheControl: false });
      }
      return reply.code(404).headers(responseHeaders("brandFile")).send("Not found");
    }
    const own = join(brandsDir, entry.brand, safe);
    const file = safe.split(sep).join("/");
    if (isEntryFile(file)) return sendPage(reply, entry.brand, file);
    if (safe && existsSync(own) && statSync(own).isFile()) {
      reply.headers(safe === "sw.js" ? responseHeaders("worker") : safe.endsWith(".html") ? popupPage(own) : responseHeaders("brandFile"));
      return reply.sendFile(safe, join(brandsDir, entry.brand), { cacheControl: false });
    }
    return sendPage(reply, entry.brand, entryFile(path));
  });
}
