// Where the platform may send a player or a message: only to a storefront's own hosts (browser-safe).

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
