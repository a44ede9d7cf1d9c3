// How `gen verify` asks a deployed host for a path: plain node:http or node:https with the default
// agent, so HTTPS trusts what Node trusts (its certificate authorities and NODE_EXTRA_CA_CERTS;
// docs/deploy.md, "Check a release"), never less. With `--connect`, every host's requests go to one
// address (a load balancer, one machine, a local nginx) with the host's name in the Host header and
// in TLS (SNI and the certificate's check), as a browser resolving the host there would send them.
import { type Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { UsageError } from "../io.ts";

/** A verify target that cannot be used: exit 2 with this message. */
export class VerifyUsageError extends UsageError {}

export type Answer = { status: number; headers: Record<string, string>; body: Buffer } | { error: string };

/** Asks `host` for `path`; `encoding` is the Accept-Encoding sent (the body comes back decoded). */
export type Client = (host: string, path: string, encoding: string) => Promise<Answer>;

export interface Target {
  /** `http:` or `https:` */
  protocol: string;
  /** The port the hosts are reached on (the URL's, else the scheme's). */
  port: number;
  /** The port the browser writes in Host: only one the URL names. */
  hostPort: string;
  /** `--connect`: one address every request goes to. */
  connect?: { address: string; port: number };
}

/** `--connect ip[:port]`: an IP address, IPv6 in brackets when it has a port. */
export function parseConnect(value: string, defaultPort: number): { address: string; port: number } {
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(value) ?? /^([^:]+)(?::(\d+))?$/.exec(value) ?? [value, value, undefined];
  const address = m[1] ?? "";
  const port = m[2] === undefined ? defaultPort : Number(m[2]);
  if (!isIP(address))
    throw new VerifyUsageError(
      `--connect must be an IP address with an optional port (10.0.0.7, 10.0.0.7:8443, [::1]:8443), not '${value}'`,
    );
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new VerifyUsageError(`--connect: '${m[2]}' is not a port number (1–65535)`);
  return { address, port };
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip":
      return gunzipSync(body);
    case "br":
      return brotliDecompressSync(body);
    case "deflate":
      return inflateSync(body);
    default:
      return body;
  }
}

const flat = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : (value ?? "")]));

/** A client for one target: each answer read whole (a file of the build is small), decoded, or the reason it could not be. */
export function clientFor(target: Target, timeoutMs = 15_000, agent?: Agent): Client {
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  return (host, path, encoding) =>
    new Promise((resolve) => {
      const req = request(
        {
          method: "GET",
          host: target.connect?.address ?? host,
          port: target.connect?.port ?? target.port,
          path,
          // The certificate is checked against the host's name, wherever the connection goes.
          ...(target.protocol === "https:" ? { servername: host } : {}),
          headers: { host: `${host}${target.hostPort}`, "accept-encoding": encoding, "user-agent": "gen-verify" },
          timeout: timeoutMs,
          // The default agent unless a caller brings its own (a test's, trusting its own CA in-process).
          ...(agent ? { agent } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", (err) => resolve({ error: err.message }));
          res.on("end", () => {
            try {
              resolve({
                status: res.statusCode ?? 0,
                headers: flat(res.headers),
                body: decode(Buffer.concat(chunks), res.headers["content-encoding"]),
              });
            } catch (err) {
              resolve({ error: `its ${res.headers["content-encoding"]} body does not decode: ${(err as Error).message}` });
            }
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
      req.on("error", (err: NodeJS.ErrnoException) => resolve({ error: err.code ? `${err.code}: ${err.message}` : err.message }));
      req.end();
    });
}
