// Helpers of the sandbox's own HTML pages: escaping, nonce'd inline scripts, storefront-only targets.
import { randomBytes } from "node:crypto";

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A value to embed in an inline script: JSON, with `<` escaped so no `</script>` or `<!--` ends the script early. */
export const scriptValue = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** A fresh CSP nonce; each response gets its own, so a nonce seen once is worth nothing. */
export const newNonce = () => randomBytes(16).toString("base64");

/** The URL when it is http(s) on a host some storefront answers on (any port), else undefined. */
export function storefrontUrl(hosts: ReadonlySet<string>, text: string | undefined): URL | undefined {
  try {
    const url = new URL(text ?? "");
    return (url.protocol === "http:" || url.protocol === "https:") && hosts.has(url.hostname) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The origin when `text` is exactly `http(s)://<storefront host>[:port]`, else undefined. */
export function storefrontOrigin(hosts: ReadonlySet<string>, text: string | undefined): string | undefined {
  if (!/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(text ?? "")) return undefined;
  return storefrontUrl(hosts, text)?.origin;
}
