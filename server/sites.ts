// Serves the built storefronts from dist/ by Host: shared hashed assets, each brand's own files, and
// for every other path its page, by the one routing rule `gen dev` uses too
// (core/browser/hosting/site-routing.ts): an entry path's own page, else the top-up's index.html.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { isLocalPreviewHost } from "../core/browser/config/hosts.ts";
import type { HostEntry, HostMap } from "../core/browser/config/types.ts";
import { type PolicyOptions, responseHeaders as policyHeaders, requestPath } from "../core/browser/hosting/http-policy.ts";
import { routeSite } from "../core/browser/hosting/site-routing.ts";

export type { HostEntry };

export function loadHostMap(distDir: string): HostMap {
  const file = join(distDir, "hosts.json");
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

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
  // Pages and popup pages are read once: their headers carry the CSP of their meta tag.
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

  const sendPage = (reply: FastifyReply, brand: string, file: string) => {
    const { html, headers } = page(brand, file);
    return reply.headers(headers).type("text/html; charset=utf-8").send(html);
  };

  app.get("/*", async (request, reply) => {
    const route = routeSite(requestPath(request.url), hosts[request.hostname.toLowerCase()], (brand, file) =>
      isFile(join(brandsDir, brand, file)),
    );
    switch (route.kind) {
      // A platform path never gets a page: the not-found handler (app.ts) answers 405 with Allow when
      // the path is known with other methods, else 404, both as the envelope.
      case "platform":
        return reply.callNotFound();
      case "unknownHost":
        return reply.code(404).headers(unknownHostHeaders).type("text/html; charset=utf-8").send(unknownHost);
      case "asset":
        if (isFile(join(assetsDir, route.file))) {
          reply.headers(responseHeaders("asset"));
          return reply.sendFile(route.file, assetsDir, { cacheControl: false });
        }
        return reply.code(404).headers(responseHeaders("brandFile")).send("Not found");
      case "page":
        return sendPage(reply, route.brand, route.file);
      case "brandFile": {
        const dir = join(brandsDir, route.brand);
        reply.headers(route.response === "popupPage" ? popupPage(join(dir, route.file)) : responseHeaders(route.response));
        return reply.sendFile(route.file, dir, { cacheControl: false });
      }
    }
  });
}
