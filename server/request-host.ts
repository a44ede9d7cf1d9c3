// The host a request came to, as the platform may use it: the Host header, or X-Forwarded-Host from
// a trusted proxy (./trust-proxy.ts). It must be `name[:port]` or `[v6][:port]`, or the request is
// refused before anything else (app.ts); links are built from its parts, never from header text.
import type { FastifyRequest } from "fastify";

/** One DNS label: letters, digits and inner hyphens, at most 63 characters. */
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const NAME = new RegExp(`^(${LABEL}(?:\\.${LABEL})*\\.?)(?::(\\d{1,5}))?$`);
const V6 = /^(\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;

export interface RequestHost {
  /** Lower case, as browsers resolve it (IPv6 in brackets). */
  hostname: string;
  port?: number;
}

/** A Host header's value as its name and port, or undefined when it is not `name[:port]` or `[v6][:port]`. */
export function parseHost(value: string | undefined): RequestHost | undefined {
  if (value === undefined || value.length > 260) return undefined;
  const match = NAME.exec(value) ?? V6.exec(value);
  if (!match?.[1]) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65_535)) return undefined;
  // What a browser makes of it: an IPv6 or IPv4 literal must be a valid one (999.1.1.1 and [:::::]
  // are not), and names come out lower case, without a final dot.
  let hostname: string;
  try {
    hostname = new URL(`http://${match[1]}/`).hostname.replace(/\.$/, "");
  } catch {
    return undefined;
  }
  if (!hostname || (match[1].startsWith("[") && !hostname.startsWith("["))) return undefined;
  return { hostname, ...(port !== undefined ? { port } : {}) };
}

/**
 * What is wrong with a request's hosts, or undefined: the Host header itself, and the host Fastify
 * takes from a trusted proxy's X-Forwarded-Host, must each be `name[:port]` or `[v6][:port]`.
 */
export function badHost(request: FastifyRequest): string | undefined {
  if (!parseHost(request.headers.host)) return "the Host header must be name[:port] or [IPv6][:port]";
  if (!parseHost(request.host)) return "X-Forwarded-Host must be name[:port] or [IPv6][:port]";
  return undefined;
}

/** The scheme a request came by: https when the socket or a trusted proxy says so, else http. */
const schemeOf = (request: FastifyRequest) => (request.protocol === "https" ? "https" : "http");

/**
 * The origin links to this platform are built on (checkout pages, artwork, sign-in pages): the
 * request's validated host (app.ts lets only the platform's own hosts through), the port it was
 * reached on, and the scheme it came by.
 */
export function requestOrigin(request: FastifyRequest): string {
  const host = parseHost(request.host);
  if (!host) throw new Error("a request's host is checked before any route runs (app.ts)");
  return `${schemeOf(request)}://${host.hostname}${host.port !== undefined ? `:${host.port}` : ""}`;
}
