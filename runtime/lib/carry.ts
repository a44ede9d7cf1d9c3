// Query keys that follow the player from route to route (`carryQueryKeys` in docs/brands-reference.md).

/** Always carried when the next route lacks them. */
export const ALWAYS_CARRIED = ["replenish_id", "rp_client_id"] as const;

/**
 * The next route's query: its own keys, plus replenish_id and rp_client_id, the brand's configured
 * keys, and idfv when it came in the URL — each only when the next route lacks it.
 */
export function carryQuery(current: string, next: string, configured: readonly string[], idfvFromUrl: boolean): string {
  const from = new URLSearchParams(current);
  const to = new URLSearchParams(next);
  const keys = [...ALWAYS_CARRIED, ...configured, ...(idfvFromUrl ? ["idfv"] : [])];
  for (const key of keys) {
    const value = from.get(key);
    if (value !== null && !to.has(key)) to.set(key, value);
  }
  const out = to.toString();
  return out ? `?${out}` : "";
}
