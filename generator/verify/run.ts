// `gen verify <url>`: a deployed release checked against its inventory (dist/release.json): every
// host the URL names, each page's bytes, each file's and asset's digest, the headers, the service
// worker's release (./plan.ts, ./check.ts). Exit 1 on any difference; `--watch <minutes>` repeats it
// and prints only what changed. docs/deploy.md, "Check a release", shows it in use.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { RELEASE_FILE, RELEASE_FORMAT, type ReleaseBrand, type ReleaseInventory } from "../emit/release.ts";
import type { Io } from "../io.ts";
import { type Client, clientFor, parseConnect, type Target, VerifyUsageError } from "./fetch.ts";
import { verifyRound } from "./plan.ts";
import { type Heading, renderChanges, renderRound, roundChanges, type VerifyFormat } from "./report.ts";

export interface VerifyOptions {
  dist: string;
  connect?: string;
  format: VerifyFormat;
  watch?: string;
}

/** What the command reaches outside, which a test replaces: the HTTP client, the pause between rounds, how many rounds. */
export interface VerifyDeps {
  client: (target: Target) => Client;
  wait: (ms: number) => Promise<void>;
  /** `--watch` runs until stopped; a test stops it after this many rounds. */
  rounds?: number;
}

const DEFAULT_DEPS: VerifyDeps = { client: (target) => clientFor(target), wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

async function readInventory(dist: string): Promise<ReleaseInventory> {
  const file = join(dist, RELEASE_FILE);
  const text = await readFile(file, "utf8").catch(() => {
    throw new VerifyUsageError(
      `${file} is missing: gen verify checks a deploy against the build's inventory (run gen build, or --dist <the build deployed>)`,
    );
  });
  let inventory: Partial<ReleaseInventory>;
  try {
    inventory = JSON.parse(text) as Partial<ReleaseInventory>;
  } catch {
    throw new VerifyUsageError(`${file} is not JSON: rebuild with gen build`);
  }
  if (inventory.format !== RELEASE_FORMAT || !Array.isArray(inventory.brands))
    throw new VerifyUsageError(
      `${file} is of format ${inventory.format}, and this gen reads format ${RELEASE_FORMAT}: check with the gen that built it, or rebuild`,
    );
  return inventory as ReleaseInventory;
}

/** The hosts the URL names: one host of the release, or a pattern with `*` (`https://*` is every host). */
function hostsOf(inventory: ReleaseInventory, pattern: string): [string, ReleaseBrand][] {
  const all = inventory.brands.flatMap((brand) =>
    [...brand.hosts.production, ...brand.hosts.demo].map((host): [string, ReleaseBrand] => [host, brand]),
  );
  const matcher = new RegExp(
    `^${pattern
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join("[^/]*")}$`,
  );
  const hosts = all.filter(([host]) => matcher.test(host));
  if (!hosts.length) {
    const names = all.map(([host]) => host);
    throw new VerifyUsageError(
      `${pattern} is no host of this release (${names.slice(0, 6).join(", ")}${names.length > 6 ? ", …" : ""}): name one, or * for every host ('https://*')`,
    );
  }
  return hosts;
}

function targetOf(url: string, connect: string | undefined): { target: Target; pattern: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new VerifyUsageError(`'${url}' is not a URL: give the scheme and the hosts, such as https://* or https://pay.example.com`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    throw new VerifyUsageError(`the URL must be https:// or http://, not ${parsed.protocol}`);
  if ((parsed.pathname !== "/" && parsed.pathname !== "") || parsed.search || parsed.username)
    throw new VerifyUsageError("the URL names the scheme, the hosts and a port: no path, query or credentials");
  const port = Number(parsed.port || (parsed.protocol === "https:" ? 443 : 80));
  return {
    pattern: parsed.hostname,
    target: {
      protocol: parsed.protocol,
      port,
      hostPort: parsed.port ? `:${parsed.port}` : "",
      ...(connect ? { connect: parseConnect(connect, port) } : {}),
    },
  };
}

function watchMinutes(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const minutes = Number(value);
  if (!Number.isFinite(minutes) || minutes <= 0)
    throw new VerifyUsageError(`--watch takes minutes between checks (such as 5 or 0.5), not '${value}'`);
  return minutes;
}

export async function runVerify(url: string, opts: VerifyOptions, io: Io, deps: VerifyDeps = DEFAULT_DEPS): Promise<number> {
  const minutes = watchMinutes(opts.watch);
  const { target, pattern } = targetOf(url, opts.connect);
  const inventory = await readInventory(opts.dist);
  const hosts = hostsOf(inventory, pattern);
  const client = deps.client(target);
  const via = target.connect ? ` via ${target.connect.address}:${target.connect.port}` : "";
  const heading: Heading = { release: inventory.release, target: `${target.protocol}//${pattern}${target.hostPort}${via}` };
  const https = target.protocol === "https:";
  let result = await verifyRound(inventory, hosts, client, https);
  io.out(renderRound(heading, result, opts.format, minutes !== undefined));
  if (minutes === undefined) return result.differences.length ? 1 : 0;
  for (let round = 1; deps.rounds === undefined || round < deps.rounds; round++) {
    await deps.wait(minutes * 60_000);
    const next = await verifyRound(inventory, hosts, client, https);
    io.out(renderChanges(heading, roundChanges(result.differences, next.differences), opts.format, new Date()));
    result = next;
  }
  return result.differences.length ? 1 : 0;
}
