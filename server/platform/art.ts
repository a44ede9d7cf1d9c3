// Generated SVG artwork for games, goods and payment channels, so no screen shows a broken image.
import { stableId } from "./catalog.ts";

const PALETTE = ["#2563eb", "#7c3aed", "#db2777", "#ea580c", "#059669", "#0891b2", "#4f46e5", "#b45309"];
const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function artSvg(kind: string, name: string, label?: string): string {
  const colour = PALETTE[stableId(`${kind}/${name}`) % PALETTE.length] ?? "#2563eb";
  const text = esc(
    (label ?? name)
      .replace(/[^\p{L}\p{N} ]/gu, " ")
      .trim()
      .slice(0, 3)
      .toUpperCase() || "?",
  );
  if (kind === "banner") {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 720 240"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#111827"/></linearGradient></defs><rect width="720" height="240" fill="url(#g)"/><circle cx="600" cy="60" r="120" fill="#ffffff" opacity=".08"/><circle cx="80" cy="220" r="90" fill="#ffffff" opacity=".06"/></svg>`;
  }
  if (kind === "goods") {
    const gem = `<path d="M32 10 50 26 32 56 14 26Z" fill="#fff" opacity=".92"/><path d="M14 26h36L32 56Z" fill="#fff" opacity=".6"/>`;
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${colour}"/>${gem}</svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="${kind === "payway" ? 10 : 14}" fill="${colour}"/><text x="32" y="39" text-anchor="middle" font-family="system-ui,sans-serif" font-size="${text.length > 2 ? 16 : 20}" font-weight="700" fill="#fff">${text}</text></svg>`;
}
