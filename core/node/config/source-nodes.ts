// The node records of ./source-map.ts: what js-yaml's listener is given, and how a node's kind, role
// and flags are packed into one byte.

/** What js-yaml's listener is given: the loader's state, of which these fields are read. */
export interface LoaderState {
  position: number;
  kind: string | null;
  result: unknown;
}

export const KIND = { none: 0, scalar: 1, mapping: 2, sequence: 3 } as const;
export const ROLE = { root: 0, key: 4, value: 8, item: 12 } as const;
/** A node's flags: its kind (bits 0–1), its role in its parent (bits 2–3) and these. */
export const FLAG = {
  kindMask: 3,
  roleMask: 12,
  /** It read nothing at all (an empty value): it sits where its value would be. */
  empty: 16,
  /** The key node of a `key: value` pair written as an entry of a flow sequence (`[a: 1]`). */
  pairKey: 32,
  /**
   * js-yaml reads a plain value or a flow collection as a would-be key first and keeps it when no
   * `:` follows: the outer node only wraps its one child, which holds the value.
   */
  wrapper: 64,
} as const;

/**
 * Nodes recorded at most: a 10 MB config of real brands has about 940,000. Past it (a file of
 * millions of tiny values) the map stops growing, and a value beyond is placed at the nearest
 * recorded node holding it.
 */
export const MAX_NODES = 1_000_000;

/** Offsets of a value (or key) in the text: [start, end). */
export interface OffsetSpan {
  start: number;
  end: number;
}
