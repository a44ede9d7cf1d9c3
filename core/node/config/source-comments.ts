// The comments of a YAML text and what each is about, from the node positions of ./source-map.ts:
// a `#` after a space is a comment unless it is inside a scalar's text (a quoted or block value).

/** What a comment search needs of the source map. */
interface NodeIndex {
  readonly text: string;
  readonly nodes: number;
  openOf(node: number): number;
  parentOf(node: number): number;
  isScalar(node: number): boolean;
  isEntry(node: number): boolean;
  isRoot(node: number): boolean;
  span(node: number): { start: number; end: number };
  segmentsOf(node: number): string[];
  lastOpenedBy(offset: number): number;
}

/** A comment of the text: where its `#` is, its text, and the pointer segments of what it is about. */
export interface RawComment {
  offset: number;
  text: string;
  about: string[] | undefined;
}

/** Whether `offset` is inside a scalar's text (a `#` in a quoted or block value is text, not a comment). */
function insideScalar(index: NodeIndex, offset: number): boolean {
  const node = index.lastOpenedBy(offset);
  if (node < 0 || !index.isScalar(node)) return false;
  const { start, end } = index.span(node);
  return start <= offset && offset < end;
}

/** A comment alone on its line is about the key or list item that follows it. */
function nextEntry(index: NodeIndex, offset: number): number {
  for (let node = index.lastOpenedBy(offset) + 1; node < index.nodes; node++)
    if (index.isEntry(node) && index.span(node).start > offset) return node;
  return -1;
}

/** A comment after a value is about the key or value that ends last before it on its line. */
function lastEndingBefore(index: NodeIndex, offset: number, lineStart: number): number {
  const last = index.lastOpenedBy(offset);
  const candidates = new Set<number>();
  for (let node = last; node >= 0 && index.openOf(node) >= lineStart; node--) candidates.add(node);
  for (let up = last; up >= 0; up = index.parentOf(up)) candidates.add(up);
  let best = -1;
  let bestEnd = -1;
  for (const node of [...candidates].sort((a, b) => a - b)) {
    if (index.isRoot(node)) continue;
    const { end } = index.span(node);
    if (end <= offset && end >= lineStart && end > bestEnd) {
      best = node;
      bestEnd = end;
    }
  }
  return best;
}

/** Every comment whose text matches `wanted`, the first `max` of them, with what each is about. */
export function findComments(index: NodeIndex, wanted: RegExp = /^/, max = Number.POSITIVE_INFINITY): RawComment[] {
  const found: RawComment[] = [];
  const text = index.text;
  for (const match of text.matchAll(/(?<=^|[ \t])#/gm)) {
    const offset = match.index;
    const lineEnd = text.slice(offset).search(/[\r\n]|$/);
    const comment = text.slice(offset, offset + lineEnd);
    if (!wanted.test(comment) || insideScalar(index, offset)) continue;
    const lineStart = Math.max(text.lastIndexOf("\n", offset), text.lastIndexOf("\r", offset)) + 1;
    const alone = text.slice(lineStart, offset).trim() === "";
    const node = alone ? nextEntry(index, offset) : lastEndingBefore(index, offset, lineStart);
    found.push({ offset, text: comment, about: node < 0 ? undefined : index.segmentsOf(node) });
    if (found.length >= max) break;
  }
  return found;
}
