// `gen deploy-config --nginx`: an nginx configuration serving a built dist/ as the Node server
// (server/sites.ts) does — every production and demo host (and on a staging machine the preview
// hosts) to its brand's folder, the shared
// hashed assets long-cached (their precompressed copies sent as they are), pages revalidated, the
// same security headers and CSPs (core/browser/hosting/http-policy.ts), unknown hosts answered with the
// unknown-host page, and the platform's paths proxied to the platform. With TLS, plain HTTP only
// moves known hosts to HTTPS, and every HTTPS answer carries HSTS. Pure: dist/'s content comes in.
import { ENTRY_PAGES } from "../../core/browser/entry-pages.ts";
import { API_PREFIXES, HSTS, type ResponseKind, responseHeaders } from "../../core/browser/hosting/http-policy.ts";

export interface NginxOptions {
  /** Where dist/ is on the server (absolute). */
  distRoot: string;
  /** The platform's address: http(s)://host[:port], no path. */
  upstream: string;
  /** Also proxy the brands' own API hosts (their `api` origins) to the platform: a sandbox or staging deploy. */
  apiHosts: string[];
  /** Keep the `<brand>.localhost` preview hosts in the policies (a staging machine); `site.hosts` has them then too. */
  previewHosts: boolean;
  /** Port of plain HTTP. */
  listen: number;
  /** Listen on this address only (e.g. 127.0.0.1 or ::1); every address when absent. */
  address?: string;
  /** HTTPS on this port with this certificate and key (PEM files). */
  tls?: { listen: number; certificate: string; key: string };
  pidFile: string;
  errorLog: string;
  accessLog: string;
}

export interface NginxSite {
  /** host → brand id (the generator's host map, as in dist/hosts.json). */
  hosts: Record<string, { brand: string }>;
  /** brand id → its index.html, its entry pages and its other HTML pages (path in the brand's folder, `/`-separated → HTML). */
  pages: Record<string, { index: string; entries: Record<string, string>; others: Record<string, string> }>;
  /** dist/unknown-host.html */
  unknownHost: string;
}

/** An nginx string: quoted, and refused when nginx would read a variable or an escape in it. */
export function nginxString(value: string): string {
  const control = [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (control || /[\\"$]/.test(value)) throw new Error(`cannot be written into an nginx configuration: ${JSON.stringify(value)}`);
  return `"${value}"`;
}

/** Every header of a response kind, as `add_header … always;` (errors too), plus HSTS over HTTPS. */
function headers(kind: ResponseKind, html: string, tls: boolean, previewHosts: boolean): string[] {
  const all = { ...responseHeaders(kind, html, { previewHosts }), ...(tls ? HSTS : {}) };
  return Object.entries(all).map(([name, value]) => `add_header ${name} ${nginxString(value)} always;`);
}

function block(opener: string, body: string[]): string[] {
  return [`${opener} {`, ...body.map((line) => (line ? `    ${line}` : line)), "}"];
}

const at = (opts: NginxOptions, port: number) => {
  if (!opts.address) return String(port);
  return opts.address.includes(":") ? `[${opts.address}]:${port}` : `${opts.address}:${port}`;
};

/** Where the storefront and API servers listen: HTTPS when configured (then plain HTTP only redirects), else HTTP. */
const serving = (opts: NginxOptions, extra = "") =>
  opts.tls ? `listen ${at(opts, opts.tls.listen)} ssl http2${extra};` : `listen ${at(opts, opts.listen)}${extra};`;

/** The platform address for `proxy_pass` and its upstream block. */
export function upstreamOf(url: string): { scheme: "http" | "https"; hostPort: string; hostname: string } {
  const u = new URL(url);
  if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error(`the upstream must be http:// or https://, not ${u.protocol}`);
  if (u.pathname !== "/" || u.search || u.hash || u.username || u.password)
    throw new Error("the upstream is an address only (scheme, host, port): no path, query or credentials");
  const scheme = u.protocol === "https:" ? "https" : "http";
  const port = u.port || (scheme === "https" ? "443" : "80");
  return { scheme, hostPort: `${u.hostname}:${port}`, hostname: u.hostname.replace(/^\[|\]$/g, "") };
}

function proxy(prefix: string, opts: NginxOptions): string[] {
  const { scheme, hostname } = upstreamOf(opts.upstream);
  // The platform builds absolute links from the Host it is given: a known host name (lowercase) with
  // the port the browser wrote only when it is this server's own (any other was dropped, 444), so no
  // client can make up an origin of its own.
  const host = "$host$sf_own_port";
  return block(`location ^~ ${prefix}`, [
    `proxy_pass ${scheme}://platform;`,
    ...(scheme === "https" ? ["proxy_ssl_server_name on;", `proxy_ssl_name ${nginxString(hostname)};`] : []),
    "proxy_http_version 1.1;",
    'proxy_set_header Connection "";',
    `proxy_set_header Host ${host};`,
    // Appends the connecting address to what the client sent; the platform (TRUST_PROXY) reads the last one.
    "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
    "proxy_set_header X-Forwarded-Proto $scheme;",
    `proxy_set_header X-Forwarded-Host ${host};`,
    ...(opts.tls ? [`add_header strict-transport-security ${nginxString(HSTS["strict-transport-security"])} always;`] : []),
  ]);
}

/** A request whose Host names another port than this server's: closed without an answer. */
const OTHER_PORT = ["if ($sf_other_port) {", "    return 444;", "}"];

function brandServer(brand: string, hosts: string[], site: NginxSite, opts: NginxOptions): string[] {
  const pages = site.pages[brand];
  if (!pages) throw new Error(`dist/ has no pages for brand '${brand}'`);
  const tls = Boolean(opts.tls);
  return block("server", [
    serving(opts),
    `server_name ${hosts.join(" ")};`,
    ...OTHER_PORT,
    `root ${nginxString(`${opts.distRoot}/brands/${brand}`)};`,
    "",
    "# Shared, hashed assets: cached for a year; the build's .gz copy is sent as it is.",
    ...block("location ^~ /assets/", [
      `root ${nginxString(`${opts.distRoot}/app`)};`,
      "gzip_static on;",
      ...headers("asset", "", tls, opts.previewHosts),
      "try_files $uri @missing_asset;",
    ]),
    "# Not a file of this build (yet): not cached, so the file is fetched once it is deployed.",
    ...block("location @missing_asset", [...headers("brandFile", "", tls, opts.previewHosts), "return 404;"]),
    "",
    "# The platform's paths.",
    ...API_PREFIXES.flatMap((prefix) => proxy(prefix, opts)),
    "",
    "# Each entry path is served its own page (core/browser/entry-pages.ts); every other client-side route the brand's index.html.",
    ...ENTRY_PAGES.flatMap(({ file, paths }) => {
      const html = pages.entries[file];
      if (file === "index.html" || html === undefined) return [];
      return [
        ...paths.flatMap((path) =>
          block(`location = ${nginxString(path)}`, [
            ...headers("page", html, tls, opts.previewHosts),
            `try_files ${nginxString(`/${file}`)} =404;`,
          ]),
        ),
        ...block(`location = ${nginxString(`/${file}`)}`, headers("page", html, tls, opts.previewHosts)),
      ];
    }),
    ...block("location @page", [...headers("page", pages.index, tls, opts.previewHosts), "try_files /index.html =404;"]),
    ...block("location = /index.html", headers("page", pages.index, tls, opts.previewHosts)),
    ...block("location = /sw.js", headers("worker", "", tls, opts.previewHosts)),
    ...Object.entries(pages.others)
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([file, html]) => block(`location = ${nginxString(`/${file}`)}`, headers("popupPage", html, tls, opts.previewHosts))),
    ...block("location /", [...headers("brandFile", "", tls, opts.previewHosts), "try_files $uri @page;"]),
  ]);
}

/** Enough room in nginx's server-name hash for every host (nginx refuses to start when it is too small). */
function hashSize(names: number): number {
  let size = 512;
  while (size < names * 2) size *= 2;
  return size;
}

/** The http block's settings: types, the access log without query strings, compression, TLS. */
function httpSettings(opts: NginxOptions, names: number): string[] {
  const tls = opts.tls;
  return [
    "types {",
    "    text/html html;",
    "    text/css css;",
    "    text/javascript js mjs;",
    "    application/json json;",
    "    application/manifest+json webmanifest;",
    "    image/svg+xml svg;",
    "    image/png png;",
    "    text/plain txt;",
    "}",
    "default_type application/octet-stream;",
    "# The request line without its query string: session tokens and signatures travel there (docs/security.md).",
    `log_format storefront '$remote_addr - $remote_user [$time_local] "$request_method $uri $server_protocol" $status $body_bytes_sent "$http_user_agent"';`,
    `access_log ${nginxString(opts.accessLog)} storefront;`,
    "sendfile on;",
    "server_tokens off;",
    "charset utf-8;",
    "charset_types text/css text/javascript application/json application/manifest+json image/svg+xml text/plain;",
    "# Pages and what the build did not precompress; hashed assets go out as their .gz copies.",
    "gzip on;",
    "gzip_vary on;",
    "gzip_min_length 512;",
    "gzip_types text/css text/javascript application/json application/manifest+json image/svg+xml text/plain;",
    "server_names_hash_bucket_size 128;",
    `server_names_hash_max_size ${hashSize(names)};`,
    ...(tls
      ? [
          `ssl_certificate ${nginxString(tls.certificate)};`,
          `ssl_certificate_key ${nginxString(tls.key)};`,
          "ssl_protocols TLSv1.2 TLSv1.3;",
          "ssl_session_cache shared:storefront_tls:10m;",
          "ssl_session_timeout 1d;",
        ]
      : []),
  ];
}

/** The platform upstream, and the maps that tell this server's own port from another. */
function portMaps(opts: NginxOptions): string[] {
  const own = opts.tls ? opts.tls.listen : opts.listen;
  return [
    ...block("upstream platform", [`server ${upstreamOf(opts.upstream).hostPort};`, "keepalive 16;"]),
    "",
    "# 1 when a request's Host names a port other than the one this server answers on.",
    ...block("map $http_host $sf_other_port", ["default 1;", "~^[^:]+$ 0;", `~^[^:]+:${own}$ 0;`]),
    "# The port of a Host that names this server's own, as the browser wrote it; none otherwise.",
    ...block("map $http_host $sf_own_port", ['default "";', `~^[^:]+(:${own})$ $1;`]),
  ];
}

/** A host no brand has: the unknown-host page, with 404; over HTTPS too. */
function unknownHostServer(site: NginxSite, opts: NginxOptions): string[] {
  return [
    "# A host no brand has: the unknown-host page, with status 404.",
    ...block("server", [
      `listen ${at(opts, opts.listen)} default_server;`,
      ...(opts.tls ? [`listen ${at(opts, opts.tls.listen)} ssl http2 default_server;`] : []),
      "server_name _;",
      `root ${nginxString(opts.distRoot)};`,
      "error_page 404 /unknown-host.html;",
      ...block("location = /unknown-host.html", ["internal;", ...headers("unknownHost", site.unknownHost, false, opts.previewHosts)]),
      ...block("location /", ["return 404;"]),
    ]),
  ];
}

/** With TLS, plain HTTP only moves every known host to HTTPS. */
function redirectServer(known: string[], opts: NginxOptions): string[] {
  const tls = opts.tls;
  if (!tls) return [];
  const port = tls.listen !== 443 ? `:${tls.listen}` : "";
  return [
    "",
    "# Plain HTTP: every known host moves to HTTPS (308 keeps the method and body of an API call).",
    ...block("server", [
      `listen ${at(opts, opts.listen)};`,
      `server_name ${known.join(" ")};`,
      `return 308 https://$host${port}$request_uri;`,
    ]),
  ];
}

/** The brands' own API hosts answered by this platform (a sandbox or staging deploy), when asked. */
function apiHostsServer(opts: NginxOptions): string[] {
  if (!opts.apiHosts.length) return [];
  return [
    "",
    "# The brands' API hosts, answered by this platform (a sandbox or staging deploy).",
    ...block("server", [serving(opts), `server_name ${opts.apiHosts.join(" ")};`, ...OTHER_PORT, ...proxy("/", opts)]),
  ];
}

export function nginxConfig(site: NginxSite, opts: NginxOptions): string {
  const byBrand = new Map<string, string[]>();
  for (const [host, { brand }] of Object.entries(site.hosts).sort(([a], [b]) => a.localeCompare(b))) {
    byBrand.set(brand, [...(byBrand.get(brand) ?? []), host]);
  }
  const known = [...Object.keys(site.hosts), ...opts.apiHosts].sort();
  const http: string[] = [
    ...httpSettings(opts, known.length),
    "",
    ...portMaps(opts),
    "",
    ...unknownHostServer(site, opts),
    ...redirectServer(known, opts),
    ...apiHostsServer(opts),
    ...[...byBrand].flatMap(([brand, hosts]) => ["", ...brandServer(brand, hosts, site, opts)]),
  ];
  return [
    "# Generated by `gen deploy-config --nginx` from brands.yaml and the built dist/: regenerate after every `gen build`; do not edit.",
    "worker_processes auto;",
    `pid ${nginxString(opts.pidFile)};`,
    `error_log ${nginxString(opts.errorLog)} warn;`,
    "",
    ...block("events", ["worker_connections 1024;"]),
    "",
    ...block("http", http),
    "",
  ].join("\n");
}
