// What every storefront response carries, by kind: security headers, content security policy and
// caching. One source for the Node server (server/sites.ts) and the generated nginx configuration
// (generator/emit/nginx.ts), so the two cannot drift apart.

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

/** Hashed file names never change content: cached for a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Pages, the manifest and the worker are checked with the server each time, so a deploy shows at once. */
export const REVALIDATE = "no-cache";

/**
 * Sent by whatever terminates TLS (the generated nginx configuration) on every HTTPS response: the
 * browser then uses HTTPS for that host for a year, so a token in a link never travels in the
 * clear. Not includeSubDomains: a brand's other subdomains are not ours to decide. The Node server
 * speaks plain HTTP only and does not send it.
 */
export const HSTS = { "strict-transport-security": "max-age=31536000" } as const;

/** The paths the platform answers; never a storefront page. */
export const API_PREFIXES = ["/api/", "/util/", "/service/", "/sandbox/"];

/** A request URL's path, percent-decoded (as it was sent when it cannot be decoded). */
export function requestPath(url: string | undefined): string {
  const raw = (url ?? "/").split("?")[0] ?? "/";
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Whether a path belongs to the platform rather than to the sites. */
export const isApiPath = (path: string) => API_PREFIXES.some((p) => path.startsWith(p));

/** Whether the header policy keeps the `<brand>.localhost` preview hosts' sources (the sandbox, a staging deploy). */
export interface PolicyOptions {
  previewHosts?: boolean;
}

/** A CSP source on a preview host (`http://*.aurora.localhost:*`): a name that resolves to the player's own machine. */
const PREVIEW_SOURCE = /^[a-z][a-z0-9+.-]*:\/\/(\*\.)?[^/\s]*\.localhost(:(\*|\d+))?\/?$/i;

/** A policy without the preview hosts' sources: what a production deploy sends. */
export function withoutPreviewSources(policy: string): string {
  return policy
    .split(/;\s*/)
    .map((directive) =>
      directive
        .split(" ")
        .filter((token) => !PREVIEW_SOURCE.test(token))
        .join(" "),
    )
    .join("; ");
}

/** A page's own CSP (its meta tag) with what only a header can say: who may frame it. */
export function cspFromHtml(html: string, frameAncestors: string, options: PolicyOptions = {}): string {
  const own = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
  if (!own) return FILE_CSP;
  return `${options.previewHosts === false ? withoutPreviewSources(own) : own}; frame-ancestors ${frameAncestors}`;
}

export type ResponseKind =
  /** The brand's index.html, for every client-side route. */
  | "page"
  /** Another HTML page in the brand's folder (the sign-in redirect page: it runs in a popup and keeps its opener). */
  | "popupPage"
  /** The page for a host no brand has. */
  | "unknownHost"
  /** A hashed, shared asset (/assets/…). */
  | "asset"
  /** The brand's service worker (/sw.js). */
  | "worker"
  /** Any other file of the brand's folder (manifest, icons, robots.txt). */
  | "brandFile";

/**
 * Every header of a response of this kind; pages pass their HTML, whose meta tag holds their CSP.
 * A production deploy passes `previewHosts: false`: its policies then name no preview host (the
 * browser enforces the header and the meta tag both, so the stricter one wins).
 */
export function responseHeaders(kind: ResponseKind, html = "", options: PolicyOptions = {}): Record<string, string> {
  const headers: Record<string, string> = { ...SECURITY_HEADERS };
  switch (kind) {
    case "page":
      return { ...headers, "content-security-policy": cspFromHtml(html, "'self'", options), "cache-control": REVALIDATE };
    case "popupPage":
      // A COOP other than unsafe-none would put the popup in a new browsing context group without its opener.
      return {
        ...headers,
        "cross-origin-opener-policy": "unsafe-none",
        "content-security-policy": cspFromHtml(html, "'none'", options),
        "cache-control": REVALIDATE,
      };
    case "unknownHost":
      return { ...headers, "content-security-policy": cspFromHtml(html, "'none'", options), "cache-control": REVALIDATE };
    case "asset":
      return { ...headers, "content-security-policy": FILE_CSP, "cache-control": IMMUTABLE };
    case "worker":
      return { ...headers, "content-security-policy": WORKER_CSP, "cache-control": REVALIDATE };
    case "brandFile":
      return { ...headers, "content-security-policy": FILE_CSP, "cache-control": REVALIDATE };
  }
}
