// What `gen dev` and `gen preview` share: options, the database, listening, the URL list, stopping.

/** A usage problem of a serving command (bad option, port in use, dist/ not built): exit 2 with this message. */
export class ServeUsageError extends Error {}

export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) throw new ServeUsageError(`--port must be a number from 0 to 65535, not '${value}'`);
  return port;
}

/** Why listening failed, in words an operator can act on; other errors pass through. */
export function listenError(err: unknown, host: string, port: number): unknown {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EADDRINUSE") {
    return new ServeUsageError(
      `port ${port} on ${host} is already in use (another gen dev, gen preview or npm start?); choose another with --port`,
    );
  }
  if (code === "EACCES") return new ServeUsageError(`not allowed to listen on ${host}:${port}; choose a port above 1023 with --port`);
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
    return new ServeUsageError(`cannot listen on ${host}: not an address of this machine (--host)`);
  return err;
}

import { isLocalPreviewHost } from "../core/browser/config/hosts.ts";
import type { HostMap } from "../core/browser/config/types.ts";

export type { HostMap };

export interface BrandUrls {
  brand: string;
  production: string[];
  demo: string[];
}

/** Each brand's `*.localhost` URLs from the host map, brands sorted by id. */
export function brandUrls(hosts: HostMap, port: number, only?: ReadonlySet<string>): BrandUrls[] {
  const byBrand = new Map<string, BrandUrls>();
  for (const [host, entry] of Object.entries(hosts)) {
    if (!isLocalPreviewHost(host) || (only && !only.has(entry.brand))) continue;
    const urls = byBrand.get(entry.brand) ?? { brand: entry.brand, production: [], demo: [] };
    urls[entry.mode].push(`http://${host}:${port}/`);
    byBrand.set(entry.brand, urls);
  }
  return [...byBrand.values()].sort((a, b) => (a.brand < b.brand ? -1 : 1));
}

/** One line per brand: its production preview URL, then its demo URL. */
export function brandUrlLines(hosts: HostMap, port: number, only?: ReadonlySet<string>): string[] {
  const list = brandUrls(hosts, port, only);
  const width = Math.max(0, ...list.map((b) => b.brand.length));
  return list.map((b) => `  ${b.brand.padEnd(width)}  ${[...b.production, ...b.demo.map((u) => `demo ${u}`)].join("   ")}`);
}

/** Resolves on the first Ctrl-C (SIGINT) or SIGTERM; a second one while stopping exits at once. */
export function untilStopped(): Promise<string> {
  return new Promise((resolveSignal) => {
    const stop = (signal: string) => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      const force = () => process.exit(130);
      process.once("SIGINT", force);
      process.once("SIGTERM", force);
      resolveSignal(signal);
    };
    const onInt = () => stop("SIGINT");
    const onTerm = () => stop("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
  });
}

export const timestamp = () => new Date().toTimeString().slice(0, 8);
