// A translated sentence with elements (links) in place of its {{placeholders}}, whatever the word order.
import { Fragment, type ReactNode } from "react";

const MARK = "\u2063";

/** `t` is called with a marker per placeholder; the text is split on them and the nodes slotted in. */
export function richText(t: (key: string, values: Record<string, string>) => string, key: string, nodes: Record<string, ReactNode>) {
  const values = Object.fromEntries(Object.keys(nodes).map((name) => [name, `${MARK}${name}${MARK}`]));
  const parts = t(key, values).split(MARK);
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never reorder.
    <Fragment key={i}>{i % 2 === 1 && part in nodes ? nodes[part] : part}</Fragment>
  ));
}
