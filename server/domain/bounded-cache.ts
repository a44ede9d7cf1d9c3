// A Map that empties itself once it grows past its limit: what clients send cannot grow memory for ever.

export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly limit: number) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  set(key: K, value: V): void {
    // Emptied rather than trimmed: entries are cheap to read again, and no bookkeeping slows each hit.
    if (this.#entries.size > this.limit) this.#entries.clear();
    this.#entries.set(key, value);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Drops every entry whose value matches (rare: a change that concerns several keys). */
  deleteWhere(match: (value: V) => boolean): void {
    for (const [key, value] of this.#entries) if (match(value)) this.#entries.delete(key);
  }
}
