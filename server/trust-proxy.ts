// TRUST_PROXY: which reverse proxies' X-Forwarded-For / -Proto / -Host the platform believes. The
// client address feeds the rate limits (prepaid-card lockout) and -Proto/-Host the absolute links
// (checkout pages, artwork), so believing a header a player can write is worse than believing none.
import { isIP } from "node:net";

/** As Fastify's `trustProxy` takes it: off, the number of proxies in front, or their addresses. */
export type TrustProxy = false | number | string;

/** proxy-addr's named ranges. */
const NAMED = new Set(["loopback", "linklocal", "uniquelocal"]);

/** A bad TRUST_PROXY: the process refuses to start with this message. */
export class TrustProxyError extends Error {}

function validEntry(entry: string): boolean {
  if (NAMED.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/**
 * Parses TRUST_PROXY: unset, empty, `false` or `0` trust nobody (the default); a whole number `n`
 * trusts the `n` proxies nearest the platform; otherwise a comma-separated list of addresses, CIDR
 * ranges and the names `loopback`, `linklocal`, `uniquelocal`. `true` is refused: it would take the
 * first X-Forwarded-For entry, which the player writes.
 */
export function trustProxyFromEnv(value: string | undefined): TrustProxy {
  const text = (value ?? "").trim();
  if (text === "" || text === "false" || text === "0") return false;
  if (text === "true") {
    throw new TrustProxyError(
      "TRUST_PROXY=true would believe any X-Forwarded-For a player sends; name the proxy instead " +
        "(TRUST_PROXY=loopback when nginx runs on this machine, or its addresses or CIDR ranges), or give the number of proxies in front (TRUST_PROXY=1)",
    );
  }
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(",").map((e) => e.trim());
  const bad = entries.filter((e) => !validEntry(e));
  if (bad.length) {
    throw new TrustProxyError(
      `TRUST_PROXY: ${bad.map((e) => `'${e}'`).join(", ")} ${bad.length === 1 ? "is" : "are"} not an address, a CIDR range ` +
        "(10.0.0.0/8) or one of loopback, linklocal, uniquelocal",
    );
  }
  return entries.join(",");
}

/** TRUST_PROXY for a server process about to start: a bad value stops it with the reason (exit 1). */
export function trustProxyOrExit(value: string | undefined): TrustProxy {
  try {
    return trustProxyFromEnv(value);
  } catch (err) {
    if (!(err instanceof TrustProxyError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
