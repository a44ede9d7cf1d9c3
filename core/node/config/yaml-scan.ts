// Where a YAML node's text starts and ends, read from the text around the offsets js-yaml's
// listener gives (./source-map.ts): it opens a node before the separation and properties that lead
// to it, and closes it after the separation that follows.

const isSpace = (c: number) => c === 0x20 || c === 0x09;
const isBreak = (c: number) => c === 0x0a || c === 0x0d;
/** Characters that end an alias name or a property (`&a`, `!t`): whitespace and flow indicators. */
const isNameEnd = (c: number) =>
  Number.isNaN(c) || isSpace(c) || isBreak(c) || c === 0x2c || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d;

/** Past `&anchor` and `!tag` properties from `at`. */
function skipName(text: string, at: number): number {
  let end = at;
  while (!isNameEnd(text.charCodeAt(end))) end++;
  return end;
}

/** Where an empty value sits: after the spaces and properties on its line, where its value would be. */
export function emptyValueAt(text: string, open: number): number {
  let at = open;
  for (;;) {
    while (isSpace(text.charCodeAt(at))) at++;
    if (text.charCodeAt(at) !== 0x26 && text.charCodeAt(at) !== 0x21) return at;
    at = skipName(text, at);
  }
}

/** Where a node's text starts: past whitespace, line breaks, comments and properties. */
export function contentStart(text: string, open: number): number {
  let at = open;
  for (;;) {
    const c = text.charCodeAt(at);
    if (isSpace(c) || isBreak(c)) at++;
    else if (c === 0x23 && (at === 0 || isSpace(text.charCodeAt(at - 1)) || isBreak(text.charCodeAt(at - 1)))) {
      while (at < text.length && !isBreak(text.charCodeAt(at))) at++;
    } else if (c === 0x26 || c === 0x21) at = skipName(text, at);
    else return at;
  }
}

/**
 * Where a node's text ends, given where it starts and where js-yaml closed it: an alias at its name
 * (js-yaml reads the comments after it too); a block collection or value (`|`, `>`) with its last
 * line's break, as an editor selects it; anything else at its last character.
 */
export function contentEnd(text: string, start: number, close: number, scalar: boolean): number {
  const first = text.charCodeAt(start);
  if (first === 0x2a) return skipName(text, start + 1);
  const flow = first === 0x5b || first === 0x7b || first === 0x22 || first === 0x27;
  const block = scalar ? first === 0x7c || first === 0x3e : !flow;
  let end = close;
  while (end > start && (isSpace(text.charCodeAt(end - 1)) || (!block && isBreak(text.charCodeAt(end - 1))))) end--;
  return end;
}
