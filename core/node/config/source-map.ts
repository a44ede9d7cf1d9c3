// Where every value of a YAML file is, recorded while js-yaml reads it: its listener sees each node
// open and close. A few typed arrays (about 30 bytes a node, MAX_NODES at most) instead of a second,
// position-keeping parse: the `yaml` package's document of a 10 MB file takes 5 s and 1 GB, this
// adds a tenth to the read (docs/decisions.md, "What a config may cost").

import { findComments, type RawComment } from "./source-comments.ts";
import { FLAG, KIND, type LoaderState, MAX_NODES, type OffsetSpan, ROLE } from "./source-nodes.ts";
import { contentEnd, contentStart, emptyValueAt } from "./yaml-scan.ts";

export { MAX_NODES, type OffsetSpan };

export class SourceMap {
  private size = 0;
  private capacity = 4096;
  private open = new Int32Array(this.capacity);
  private close = new Int32Array(this.capacity);
  private parent = new Int32Array(this.capacity);
  private firstChild = new Int32Array(this.capacity);
  private nextSibling = new Int32Array(this.capacity);
  private flags = new Uint8Array(this.capacity);
  /** Each node's value: keys' names are read from it. */
  private results: unknown[] = [];
  /** The open nodes (-1 for one past MAX_NODES), and the last child of each so far. */
  private stack: number[] = [];
  private lastChildren: number[] = [];
  /** Children by key or index, built on first use. */
  private index = new Map<number, Map<string, number>>();

  constructor(readonly text: string) {}

  /** js-yaml's `listener` option. */
  readonly listener = (event: "open" | "close", state: LoaderState): void => {
    if (event === "open") this.opened(state.position);
    else this.closed(state);
  };

  private kindOf = (node: number) => (this.flags[node] ?? 0) & FLAG.kindMask;
  private roleOf = (node: number) => (this.flags[node] ?? 0) & FLAG.roleMask;
  private setRole(node: number, role: number): void {
    this.flags[node] = ((this.flags[node] ?? 0) & ~FLAG.roleMask) | role;
  }

  private grow(): void {
    this.capacity = Math.min(MAX_NODES, Math.ceil(this.capacity * 1.5));
    const grown = <T extends Int32Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(this.capacity);
      b.set(a);
      return b;
    };
    this.open = grown(this.open);
    this.close = grown(this.close);
    this.parent = grown(this.parent);
    this.firstChild = grown(this.firstChild);
    this.nextSibling = grown(this.nextSibling);
    this.flags = grown(this.flags);
  }

  private opened(position: number): void {
    const up = this.stack.at(-1) ?? -1;
    if (this.size >= MAX_NODES || (up < 0 && this.stack.length > 0)) {
      this.stack.push(-1);
      this.lastChildren.push(-1);
      return;
    }
    if (this.size === this.capacity) this.grow();
    const node = this.size++;
    this.open[node] = position;
    this.parent[node] = up;
    this.firstChild[node] = -1;
    this.nextSibling[node] = -1;
    if (up >= 0) {
      const last = this.lastChildren.at(-1) ?? -1;
      if (last < 0) this.firstChild[up] = node;
      else this.nextSibling[last] = node;
      this.lastChildren[this.lastChildren.length - 1] = node;
    }
    this.stack.push(node);
    this.lastChildren.push(-1);
  }

  private closed(state: LoaderState): void {
    const node = this.stack.pop() ?? -1;
    const last = this.lastChildren.pop() ?? -1;
    if (node < 0) return;
    this.close[node] = state.position;
    const kind =
      state.kind === "scalar" ? KIND.scalar : state.kind === "mapping" ? KIND.mapping : state.kind === "sequence" ? KIND.sequence : 0;
    this.flags[node] = kind | (kind === 0 && state.result === null ? FLAG.empty : 0);
    this.results[node] = state.result;
    const first = this.firstChild[node] ?? -1;
    if (first >= 0 && first === last && this.results[first] === state.result && kind !== KIND.mapping) {
      this.flags[node] = (this.flags[node] ?? 0) | FLAG.wrapper;
      return;
    }
    if (kind === KIND.mapping) this.markPairs(node);
    else if (kind === KIND.sequence) {
      for (let child = first; child >= 0; child = this.nextSibling[child] ?? -1) this.setRole(child, ROLE.item);
      this.markFlowPairs(node, state.result);
    }
  }

  /**
   * A mapping's children are its keys, each followed by its value when the text between them holds
   * the `:` (a flow map's `{a, b: 1}` gives `a` no value node).
   */
  private markPairs(node: number): void {
    for (let key = this.firstChild[node] ?? -1; key >= 0; ) {
      this.setRole(key, ROLE.key);
      const next = this.nextSibling[key] ?? -1;
      if (next >= 0 && this.text.slice(this.span(key).end, this.open[next]).includes(":")) {
        this.setRole(next, ROLE.value);
        key = this.nextSibling[next] ?? -1;
      } else key = next;
    }
  }

  /** The value node of a key node, or -1 when the key has none. */
  private valueOf(key: number): number {
    const next = this.nextSibling[key] ?? -1;
    return next >= 0 && this.roleOf(next) === ROLE.value ? this.resolve(next) : -1;
  }

  /** In a flow sequence, an entry `a: 1` is a one-pair mapping with no node of its own: its key and value are items. */
  private markFlowPairs(node: number, items: unknown): void {
    const list = Array.isArray(items) ? items : [];
    let child = this.firstChild[node] ?? -1;
    for (const item of list) {
      if (child < 0) return;
      const next = this.nextSibling[child] ?? -1;
      if (this.results[this.resolve(child)] !== item && next >= 0 && item !== null && typeof item === "object") {
        this.flags[child] = (this.flags[child] ?? 0) | FLAG.pairKey;
        child = this.nextSibling[next] ?? -1;
      } else child = next;
    }
  }

  /** The node a wrapper stands for (itself when it wraps nothing). */
  private resolve(node: number): number {
    let at = node;
    while (at >= 0 && (this.flags[at] ?? 0) & FLAG.wrapper) at = this.firstChild[at] ?? -1;
    return at;
  }

  // ——— offsets ———

  span(wrapper: number): OffsetSpan {
    const node = this.resolve(wrapper);
    const open = this.open[node] ?? 0;
    if ((this.flags[node] ?? 0) & FLAG.empty) {
      const at = emptyValueAt(this.text, open);
      return { start: at, end: at };
    }
    const start = contentStart(this.text, open);
    return { start, end: Math.max(start, contentEnd(this.text, start, this.close[node] ?? start, this.kindOf(node) === KIND.scalar)) };
  }

  // ——— pointers ———

  private children(node: number): number[] {
    const list: number[] = [];
    for (let child = this.firstChild[node] ?? -1; child >= 0; child = this.nextSibling[child] ?? -1) list.push(child);
    return list;
  }

  /** The child of a collection at a key or index: for a mapping, the key node (its value follows it). */
  private childAt(node: number, segment: string): number {
    let byName = this.index.get(node);
    if (!byName) {
      byName = new Map();
      const list = this.children(node);
      if (this.kindOf(node) === KIND.mapping) {
        for (const key of list) {
          const name = String(this.results[key]);
          if (this.roleOf(key) === ROLE.key && !byName.has(name)) byName.set(name, key);
        }
      } else {
        let i = 0;
        for (let at = 0; at < list.length; at++, i++) {
          byName.set(String(i), list[at] ?? -1);
          if ((this.flags[list[at] ?? -1] ?? 0) & FLAG.pairKey) at++;
        }
      }
      this.index.set(node, byName);
    }
    return byName.get(segment) ?? -1;
  }

  /**
   * The node at a pointer's segments (or the deepest one on its path), the key node of its last
   * segment, and whether the node is a flow sequence's one-pair entry (then `node` is its key).
   */
  find(segments: readonly string[]): { node: number; key: number; complete: boolean; pair: boolean } {
    let node = this.size > 0 ? this.resolve(0) : -1;
    let key = -1;
    let pair = false;
    for (const segment of segments) {
      if (pair) {
        if (String(this.results[node]) !== segment) return { node, key, complete: false, pair };
        key = node;
        node = this.resolve(this.nextSibling[node] ?? -1);
        pair = false;
        continue;
      }
      const kind = node >= 0 ? this.kindOf(node) : 0;
      const child = kind === KIND.mapping || kind === KIND.sequence ? this.childAt(node, segment) : -1;
      if (child < 0) return { node, key, complete: false, pair };
      if (kind === KIND.mapping) {
        key = child;
        node = this.valueOf(child);
      } else {
        key = -1;
        pair = ((this.flags[child] ?? 0) & FLAG.pairKey) !== 0;
        node = pair ? child : this.resolve(child);
      }
    }
    return { node, key, complete: node >= 0, pair };
  }

  /** Where a found node is: a one-pair entry from its key to its value. */
  spanOf(found: { node: number; pair: boolean }): OffsetSpan {
    if (!found.pair) return this.span(found.node);
    const value = this.resolve(this.nextSibling[found.node] ?? -1);
    return { start: this.span(found.node).start, end: value >= 0 ? this.span(value).end : this.span(found.node).end };
  }

  /** The pointer segments of a node (for a key, of its pair). */
  segmentsOf(node: number): string[] {
    const segments: string[] = [];
    let at = node;
    while ((this.parent[at] ?? -1) >= 0) {
      const up = this.parent[at] ?? -1;
      const role = this.roleOf(at);
      if (role === ROLE.item) segments.push(String(this.children(up).indexOf(at)));
      else if (role === ROLE.key) segments.push(String(this.results[at]));
      else if (role === ROLE.value) {
        const list = this.children(up);
        segments.push(String(this.results[list[list.indexOf(at) - 1] ?? -1]));
      }
      at = up;
    }
    return segments.reverse();
  }

  // ——— for the comments (./source-comments.ts) ———

  get nodes(): number {
    return this.size;
  }

  openOf = (node: number) => this.open[node] ?? 0;
  parentOf = (node: number) => this.parent[node] ?? -1;
  isScalar = (node: number) => this.kindOf(node) === KIND.scalar;
  /** Whether a node is a key or a list item: what a comment alone on its line is about. */
  isEntry = (node: number) => this.roleOf(node) === ROLE.key || this.roleOf(node) === ROLE.item;
  /** Whether a node is the document itself, or a wrapper's inner node: what no comment is about. */
  isRoot = (node: number) => this.roleOf(node) === ROLE.root;

  /** The last node that opens at or before `offset`. */
  lastOpenedBy(offset: number): number {
    let lo = 0;
    let hi = this.size - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((this.open[mid] ?? 0) <= offset) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  /** Every comment whose text matches `wanted` (the first `max`), with what it is about. */
  comments(wanted?: RegExp, max?: number): RawComment[] {
    return findComments(this, wanted, max);
  }
}
