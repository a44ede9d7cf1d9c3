// The platform shell: migrations on embedded PGlite, storefronts served by Host, envelopes for errors.

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompress } from "../generator/compress.ts";
import { emitSites } from "../generator/emit/site.ts";
import { resolveConfig } from "../generator/resolve.ts";
import { buildApp } from "../server/app.ts";
import { type Db, migrate, openDb } from "../server/db.ts";
import { deliveryDelay } from "../server/platform.ts";
import { registerSites } from "../server/sites.ts";
import { loadInputs } from "./compile-inputs.ts";
import { DEMO_CONFIG } from "./demo-config.ts";

let db: Db;
let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  const brandsFile = DEMO_CONFIG;
  const { config, inputs, templates } = await loadInputs(brandsFile);
  dist = mkdtempSync(join(tmpdir(), "sf-dist-"));
  const files = emitSites(resolveConfig(config, inputs), { entry: "/assets/main-test.js", preloads: [], css: "" }, templates);
  files.push({ path: "app/assets/main-test.js", contents: "console.log('runtime')\n" });
  // A hashed asset with the build's precompressed copies (generator/compress.ts).
  const big = `export const strings = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `string number ${i}`))};\n`;
  files.push({ path: "app/assets/big-test.js", contents: big });
  for (const f of files) {
    mkdirSync(dirname(join(dist, f.path)), { recursive: true });
    writeFileSync(join(dist, f.path), f.contents);
  }
  await precompress(join(dist, "app", "assets"));
  db = await openDb();
  app = await buildApp({ db, distDir: dist });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
});

const get = (host: string, url: string) => app.inject({ method: "GET", url, headers: { host } });

describe("database", () => {
  it("is migrated on open, and migrating again changes nothing", async () => {
    const rows = await db.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
    expect(rows.map((r) => r.name)).toContain("0001_init.sql");
    expect(await migrate(db)).toEqual([]);
  });

  it("rolls a failed transaction back", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO platform_meta (key, value) VALUES ('probe', 'x')");
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await db.query("SELECT 1 FROM platform_meta WHERE key = 'probe'")).toEqual([]);
  });
});

describe("storefronts by host", () => {
  it("serves each brand's own page on its preview, production and demo hosts", async () => {
    for (const [host, brand] of [
      ["aurora.localhost:8080", "aurora"],
      ["pay.aurora.example", "aurora"],
      ["pay-demo.aurora.example", "aurora"],
      ["sakura-demo.localhost", "sakura"],
      ["topup.jade.example", "jade"],
    ]) {
      const res = await get(host as string, "/selectGoods?client_id=1");
      expect(res.statusCode, host).toBe(200);
      expect(res.body).toContain(`data-brand="${brand}"`);
      expect(res.headers["content-security-policy"]).toMatch(/script-src 'self'.*frame-ancestors 'self'/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("in production mode answers no <brand>.localhost preview host, and no page's policy names one", async () => {
    const production = Fastify();
    await registerSites(production, dist, { previewHosts: false });
    try {
      const preview = await production.inject({ method: "GET", url: "/selectGoods", headers: { host: "aurora.localhost:8080" } });
      expect(preview.statusCode).toBe(404);
      expect(preview.body).not.toContain('data-brand="aurora"');
      const real = await production.inject({ method: "GET", url: "/selectGoods", headers: { host: "pay.aurora.example" } });
      expect(real.statusCode).toBe(200);
      expect(real.headers["content-security-policy"]).toMatch(/script-src 'self'/);
      expect(real.headers["content-security-policy"]).not.toContain(".localhost");
      // The sandbox's own preview keeps them: its local backups are `backupN.<id>.localhost`.
      expect((await get("pay.aurora.example", "/selectGoods")).headers["content-security-policy"]).toContain("aurora.localhost");
    } finally {
      await production.close();
    }
  });

  it("serves each entry path its own page, as a page; any other path the top-up's", async () => {
    for (const [path, file] of [
      ["/", "entry/start.html"],
      ["/selectGame?client_id=1", "entry/start.html"],
      ["/my", "entry/my.html"],
      ["/notArea", "entry/page.html"],
      ["/selectGoods", "index.html"],
      ["/@code", "index.html"],
      ["/nowhere", "index.html"],
      // Asked for by its file name: still a page (its CSP and framing), never a popup.
      ["/entry/my.html", "entry/my.html"],
    ]) {
      const res = await get("aurora.localhost", path as string);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toBe(readFileSync(join(dist, "brands", "aurora", file as string), "utf8"));
      expect(res.headers["cross-origin-opener-policy"], path).toBe("same-origin-allow-popups");
      expect(res.headers["content-security-policy"], path).toMatch(/frame-ancestors 'self'$/);
    }
    expect((await get("aurora.localhost", "/my")).body).not.toBe((await get("aurora.localhost", "/")).body);
  });

  it("serves the brand's manifest, icon and Twitter redirect page, and long-caches hashed assets", async () => {
    const manifest = await get("hanbit.localhost", "/manifest.webmanifest");
    expect(JSON.parse(manifest.body).name).toBe("한빛 충전소");
    expect((await get("hanbit.localhost", "/icon.svg")).headers["content-type"]).toMatch(/image\/svg\+xml/);
    expect((await get("hanbit.localhost", "/twitterRedirect.html")).body).toContain("postMessage");
    const asset = await get("hanbit.localhost", "/assets/main-test.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await get("hanbit.localhost", "/assets/missing.js")).statusCode).toBe(404);
  });

  it("sends hashed assets as the build's brotli or gzip copy, and pages compressed, as the browser accepts", async () => {
    const plain = await get("aurora.localhost", "/assets/big-test.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const send = (url: string, encoding: string) =>
      app.inject({ method: "GET", url, headers: { host: "aurora.localhost", "accept-encoding": encoding } });
    const br = await send("/assets/big-test.js", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    const gz = await send("/assets/big-test.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const page = await send("/selectGoods", "gzip");
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(page.rawPayload).toString()).toContain("<html");
  });

  it("does not leave the brand folder on a traversal attempt", async () => {
    const res = await get("aurora.localhost", "/../../package.json");
    expect(res.body).not.toContain('"devDependencies"');
    const encoded = await get("aurora.localhost", "/%2e%2e/%2e%2e/package.json");
    expect(encoded.body).not.toContain('"devDependencies"');
  });

  it("answers an unknown host with a clear 404 page", async () => {
    const res = await get("evil.example", "/");
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("This store address is not configured");
  });
});

describe("platform API shell", () => {
  it("reports health in the envelope", async () => {
    const res = await get("127.0.0.1", "/api/health");
    expect(res.json()).toMatchObject({ code: 1, message: "success", content: { database: "pglite" } });
  });

  it("answers an unknown call with an error envelope, never a stack trace", async () => {
    const res = await get("aurora.localhost", "/api/pay/nope?x='%20OR%201=1--");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: -404, message: "unknown call /api/pay/nope", content: null });
  });
});

describe("sandbox delivery delay", () => {
  it("reads SANDBOX_DELIVERY_MS as whole milliseconds up to an hour, and falls back to 5 s otherwise", () => {
    expect([deliveryDelay("8000"), deliveryDelay("0"), deliveryDelay("3600000")]).toEqual([8000, 0, 3_600_000]);
    expect([
      deliveryDelay(undefined),
      deliveryDelay(""),
      deliveryDelay("soon"),
      deliveryDelay("-1"),
      deliveryDelay("2.5"),
      deliveryDelay("9999999"),
    ]).toEqual([5000, 5000, 5000, 5000, 5000, 5000]);
  });
});
