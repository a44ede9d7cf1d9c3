// Links, frames and images named by the platform: only http(s) ones are used, so a `javascript:` or
// `data:` URL in an answer can never run in the store's origin.

/** The URL (resolved against the page) when it is http or https; undefined otherwise. */
export function webUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}
