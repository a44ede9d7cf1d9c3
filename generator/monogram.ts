// The icon of a brand that has none of its own: its initials on its colour.
import type { Brand, ThemeTokens } from "../core/browser/config/types.ts";

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function monogramSvg(brand: Brand, theme: ThemeTokens): string {
  const initials = brand.name
    .split(/\s+/)
    .map((w) => Array.from(w)[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${theme.primary}"/>` +
    `<text x="32" y="41" font-family="system-ui,sans-serif" font-size="26" font-weight="700" text-anchor="middle" fill="${theme.onPrimary}">${escapeXml(initials)}</text>` +
    `</svg>\n`
  );
}
