// `gen deploy-config --nginx`: the hosts come from the validated brands.yaml (the generator's own
// host map, the one the runtime is built with), checked against the built dist/ they will serve;
// each page's CSP comes from the built page. Writes the web server's configuration (emit/nginx.ts).

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { isIP } from "node:net";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { isEntryFile } from "../core/browser/entry-pages.ts";
import type { Format } from "../core/node/config/diagnostics.ts";
import { formatValidation } from "../core/node/config/validate.ts";
import { compile } from "./compile.ts";
import { type NginxOptions, type NginxSite, nginxConfig, nginxString, upstreamOf } from "./emit/nginx.ts";
import type { Io } from "./io.ts";
import { toPosix, writeFileAtomic } from "./writer.ts";

export interface DeployOptions {
  nginx?: boolean;
  dist: string;
  root?: string;
  upstream: string;
  proxyApiHosts?: boolean;
  previewHosts?: boolean;
  listen: string;
  address?: string;
  tlsCert?: string;
  tlsKey?: string;
  tlsListen: string;
  pid: string;
  errorLog: string;
  accessLog: string;
  out: string;
  format?: Format;
}

/** A usage problem: exit code 2 with this message. */
export class DeployUsageError extends Error {}

/** HTML files of a folder and its subfolders, as `/`-separated paths relative to it. */
function htmlFiles(dir: string, under = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return htmlFiles(full, under);
    return e.isFile() && e.name.endsWith(".html") ? [toPosix(relative(under, full))] : [];
  });
}

/** What the built dist/ (checked to be a build of this config) holds that the configuration needs: each brand's pages and the unknown-host page. */
export function readSite(dist: string, hosts: NginxSite["hosts"]): NginxSite {
  const pages: NginxSite["pages"] = {};
  for (const brand of new Set(Object.values(hosts).map((h) => h.brand))) {
    const dir = join(dist, "brands", brand);
    if (!existsSync(join(dir, "index.html"))) throw new DeployUsageError(`${dir}/index.html is missing: run \`gen build\` again`);
    const read = (files: string[]) => Object.fromEntries(files.map((f) => [f, readFileSync(join(dir, f), "utf8")]));
    const html = htmlFiles(dir);
    const others = read(html.filter((f) => f !== "index.html" && !isEntryFile(f)));
    pages[brand] = { index: readFileSync(join(dir, "index.html"), "utf8"), entries: read(html.filter(isEntryFile)), others };
  }
  const unknownFile = join(dist, "unknown-host.html");
  if (!existsSync(unknownFile)) throw new DeployUsageError(`${unknownFile} is missing: run \`gen build\` again`);
  return { hosts, pages, unknownHost: readFileSync(unknownFile, "utf8") };
}

/** Hosts the config has and the build lacks, or the other way round, or mapped to another brand. */
export function hostDrift(wanted: Record<string, { brand: string }>, built: Record<string, { brand: string }>): string[] {
  const out: string[] = [];
  for (const [host, { brand }] of Object.entries(wanted)) {
    const b = built[host];
    if (!b) out.push(`${host} (${brand}) is not in the build`);
    else if (b.brand !== brand) out.push(`${host} is ${brand}'s in the config but ${b.brand}'s in the build`);
  }
  for (const [host, { brand }] of Object.entries(built)) if (!wanted[host]) out.push(`${host} (${brand}) is no longer in the config`);
  return out;
}

const port = (value: string, flag: string) => {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 65535) throw new DeployUsageError(`${flag} must be a port number (1–65535), not '${value}'`);
  return n;
};

/** A path nginx will read on the server: absolute, and writable into the configuration. */
const serverPath = (value: string, flag: string, base = process.cwd()) => {
  const path = isAbsolute(value) ? value : resolve(base, value);
  try {
    nginxString(path);
  } catch {
    throw new DeployUsageError(
      `${flag}: '${value}' has a character nginx cannot take in a path (quote, backslash, $ or a control character)`,
    );
  }
  return path;
};

export async function deployConfig(configFile: string, opts: DeployOptions, io: Io, color = false): Promise<number> {
  if (!opts.nginx) throw new DeployUsageError("choose what to write: --nginx (the only target so far)");
  if (Boolean(opts.tlsCert) !== Boolean(opts.tlsKey)) throw new DeployUsageError("--tls-cert and --tls-key go together");
  try {
    upstreamOf(opts.upstream);
  } catch (err) {
    const why = err instanceof TypeError ? "" : ` (${(err as Error).message})`;
    throw new DeployUsageError(`--upstream must be the platform's address such as http://127.0.0.1:8080, not '${opts.upstream}'${why}`);
  }
  if (opts.address && !isIP(opts.address))
    throw new DeployUsageError(`--address must be an IP address (127.0.0.1, ::1), not '${opts.address}'`);
  const listen = port(opts.listen, "--listen");
  const tlsListen = opts.tlsCert ? port(opts.tlsListen, "--tls-listen") : undefined;
  if (tlsListen === listen) throw new DeployUsageError("--listen and --tls-listen must differ");

  // The pipeline up to the resolved model: its hosts are the ones the build wrote.
  const { validation, resolved } = await compile(configFile);
  if (!resolved) {
    io.out(formatValidation(validation, opts.format ?? "text", color));
    io.err(`gen deploy-config: ${configFile} is invalid; nothing was written.\n`);
    return 1;
  }
  const dist = resolve(opts.dist);
  const hostsFile = join(dist, "hosts.json");
  if (!existsSync(hostsFile)) throw new DeployUsageError(`${opts.dist}/ is not a build (no hosts.json): run \`gen build\` first`);
  const { config, hosts } = resolved;
  const drift = hostDrift(hosts, JSON.parse(readFileSync(hostsFile, "utf8")) as Record<string, { brand: string }>);
  if (drift.length) {
    io.err(
      `gen deploy-config: ${opts.dist}/ was not built from ${configFile}:\n${drift
        .slice(0, 8)
        .map((d) => `  ${d}\n`)
        .join(
          "",
        )}${drift.length > 8 ? `  … and ${drift.length - 8} more\n` : ""}  hint: run \`gen build\` (every brand, not --brand) and then this again.\n`,
    );
    return 1;
  }
  // The `<brand>.localhost` preview hosts name the visitor's own machine: a production deploy neither
  // answers them nor lets its pages reach them; a staging machine asks for them (--preview-hosts).
  const previewHosts = Boolean(opts.previewHosts);
  const site = readSite(dist, previewHosts ? hosts : resolved.publicHosts);

  const apiHosts = opts.proxyApiHosts
    ? [
        ...new Set(
          config.brands.flatMap((b) =>
            [b.api.production, b.api.demo].flatMap((api) =>
              [api.primary, ...(api.backup ?? []), api.tracking].map((o) => new URL(o).hostname),
            ),
          ),
        ),
      ].sort()
    : [];
  const clash = apiHosts.filter((h) => hosts[h]);
  if (clash.length) {
    io.err(
      `gen deploy-config: ${clash.join(", ")} ${clash.length === 1 ? "is" : "are"} both a storefront host and an API host; --proxy-api-hosts cannot give ${clash.length === 1 ? "it" : "them"} to the platform.\n`,
    );
    return 1;
  }

  const nginx: NginxOptions = {
    distRoot: opts.root ? serverPath(opts.root, "--root") : serverPath(dist, "--dist"),
    upstream: opts.upstream,
    apiHosts,
    previewHosts,
    listen,
    ...(opts.address ? { address: opts.address } : {}),
    ...(opts.tlsCert && opts.tlsKey && tlsListen
      ? { tls: { listen: tlsListen, certificate: serverPath(opts.tlsCert, "--tls-cert"), key: serverPath(opts.tlsKey, "--tls-key") } }
      : {}),
    pidFile: serverPath(opts.pid, "--pid"),
    errorLog: serverPath(opts.errorLog, "--error-log"),
    accessLog: serverPath(opts.accessLog, "--access-log"),
  };
  const text = nginxConfig(site, nginx);
  if (opts.out === "-") {
    io.out(text);
    return 0;
  }
  const out = resolve(opts.out);
  await mkdir(dirname(out), { recursive: true });
  await writeFileAtomic(out, text);
  io.out(
    `wrote ${opts.out}: ${Object.keys(site.pages).length} brands, ${Object.keys(hosts).length} hosts${apiHosts.length ? `, ${apiHosts.length} API hosts` : ""}${nginx.tls ? ", HTTPS" : ""}\n`,
  );
  io.out(`check it with: nginx -t -c ${out}\n`);
  return 0;
}
