// A tiny SVG builder: drawings are data (element, attributes, children) and the one renderer escapes
// every attribute value and text, so a name from the catalogue can never become markup.

export type SvgAttrs = Readonly<Record<string, string | number | undefined>>;

export interface SvgElement {
  readonly tag: string;
  readonly attrs: SvgAttrs;
  readonly children: readonly SvgChild[];
}

/** An element, or text (escaped when rendered). */
export type SvgChild = SvgElement | string;

/** Names are the drawing's own, never data: anything else is a bug, caught here. */
const NAME = /^[A-Za-z][A-Za-z0-9:-]*$/;

export function el(tag: string, attrs: SvgAttrs = {}, ...children: SvgChild[]): SvgElement {
  return { tag, attrs, children };
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export function renderSvg(node: SvgChild): string {
  if (typeof node === "string") return escapeXml(node);
  if (!NAME.test(node.tag)) throw new Error(`not an SVG element name: ${node.tag}`);
  let attrs = "";
  for (const [name, value] of Object.entries(node.attrs)) {
    if (value === undefined) continue;
    if (!NAME.test(name)) throw new Error(`not an SVG attribute name: ${name}`);
    attrs += ` ${name}="${escapeXml(String(value))}"`;
  }
  const inner = node.children.map(renderSvg).join("");
  return inner ? `<${node.tag}${attrs}>${inner}</${node.tag}>` : `<${node.tag}${attrs}/>`;
}

/** A whole SVG document of `width` × `height` user units; `attrs` adds to its root (an intrinsic size, a role). */
export const svgDocument = (width: number, height: number, attrs: SvgAttrs, ...children: SvgChild[]): string =>
  renderSvg(el("svg", { xmlns: "http://www.w3.org/2000/svg", viewBox: `0 0 ${width} ${height}`, ...attrs }, ...children));
