// `gen preview`: an existing dist/ served with the sandbox platform, like `npm start` without the build.
// Refuses a dist/ that is missing or was built from another version of the config (exit 2).
import { existsSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import { formatValidation } from "../core/node/config/validate.ts";
import { readBuildInfo } from "../generator/build-info.ts";
import { compile } from "../generator/compile.ts";
import type { ResolvedConfig } from "../generator/model.ts";
import { loadHostMap } from "../server/sites.ts";
import type { Io } from "./io.ts";
import { assembleApp, DEFAULT_DATA_DIR, openSandboxDb } from "./sandbox.ts";
import { brandUrlLines, listenError, parsePort, ServeUsageError, untilStopped } from "./serve-shared.ts";

export interface PreviewOptions {
  port: string;
  host: string;
  dist: string;
  data?: string;
}

/** Throws ServeUsageError when dist/ was not built, or not from this config (and its icons). */
export async function checkDist(dist: string, file: string, resolved: ResolvedConfig): Promise<void> {
  const { config } = resolved;
  const shown = relative(process.cwd(), dist) || ".";
  if (!existsSync(join(dist, "hosts.json"))) {
    throw new ServeUsageError(`${shown}/ holds no build (no hosts.json): run \`gen build ${file}${outFlag(shown)}\` first`);
  }
  const info = await readBuildInfo(dist);
  const rebuild = `run \`gen build ${file}${outFlag(shown)}\` again (or \`gen dev ${file}\` to edit with live reload)`;
  if (info) {
    if (info.fingerprint !== resolved.fingerprint) {
      throw new ServeUsageError(`${shown}/ is stale: it was built from another version of ${file} or its icons; ${rebuild}`);
    }
    return;
  }
  // A dist/ from before the build recorded its fingerprint: compare modification times.
  const built = statSync(join(dist, "hosts.json")).mtimeMs;
  const dir = resolve(file, "..");
  const sources = [file, ...config.brands.flatMap((b) => (b.icon ? [resolve(dir, b.icon)] : []))];
  const newer = sources.find((f) => existsSync(f) && statSync(f).mtimeMs > built);
  if (newer) throw new ServeUsageError(`${shown}/ is stale: ${relative(process.cwd(), newer)} changed after it was built; ${rebuild}`);
}

const outFlag = (shown: string) => (shown === "dist" ? "" : ` --out ${shown}`);

export async function preview(file: string, opts: PreviewOptions, io: Io, color: boolean): Promise<number> {
  const port = parsePort(opts.port);
  // The pipeline up to the resolved model: the config's fingerprint is the one a build records.
  const { validation, resolved } = await compile(file);
  if (!resolved) {
    io.out(formatValidation(validation, "text", color));
    io.err(`gen preview: ${file} is invalid; fix it, run \`gen build\`, then preview.\n`);
    return 1;
  }
  const { config } = resolved;
  const dist = resolve(opts.dist);
  await checkDist(dist, file, resolved);
  const info = await readBuildInfo(dist);

  const { db, label } = await openSandboxDb({ url: process.env.DATABASE_URL, dataDir: opts.data ?? DEFAULT_DATA_DIR });
  let app: FastifyInstance | undefined;
  try {
    ({ app } = await assembleApp(db, config, { distDir: dist }));
    let address: string;
    try {
      address = await app.listen({ port, host: opts.host });
    } catch (err) {
      throw listenError(err, opts.host, port);
    }
    const actual = Number(new URL(address).port);
    const hosts = loadHostMap(dist);
    const partial = info && info.brands.length < config.brands.length ? ` (built with --brand: ${info.brands.join(", ")} only)` : "";
    io.out(`gen preview: ${relative(process.cwd(), dist) || "."}/${partial} with the sandbox platform (${label}) on ${address}\n`);
    io.out("  production preview, then demo, of each brand:\n");
    for (const line of brandUrlLines(hosts, actual)) io.out(`${line}\n`);
    io.out("Press Ctrl-C to stop.\n");
    await untilStopped();
    io.out("gen preview: stopping\n");
    return 0;
  } finally {
    await app?.close();
    await db.close();
  }
}
