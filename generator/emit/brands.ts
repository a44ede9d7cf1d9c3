// Per-brand outputs that do not need the runtime bundle: the typed brand module, its CSS tokens,
// its icon, and the host → brand map.

import { themeTokens } from "../../core/config/colour.ts";
import { hostMap, previewHosts } from "../../core/config/hosts.ts";
import type { Brand, BrandModule, BrandsConfig } from "../../core/config/types.ts";
import { type EmittedFile, GENERATED_CSS_HEADER, GENERATED_HEADER, literal } from "./file.ts";

/** A brand's module (core/config/types.ts BrandModule): what its storefront loads. */
export type BrandModuleData = BrandModule;

export function brandModuleData(config: BrandsConfig, brand: Brand): BrandModuleData {
  return {
    brand,
    huaweiClientId: config.huaweiClientId,
    theme: themeTokens(brand.themeColor, brand.themeTextColor),
    previewHosts: previewHosts(brand.id),
  };
}

/** `html[data-brand="x"] { --sf-… }`: the only place brand values reach CSS. */
export function brandTokensCss(data: BrandModuleData): string {
  const { theme } = data;
  return (
    `html[data-brand="${data.brand.id}"]{` +
    `--sf-color-primary:${theme.primary};` +
    `--sf-color-on-primary:${theme.onPrimary};` +
    `--sf-color-primary-text:${theme.primaryText}}`
  );
}

/** The brand module as plain JavaScript for dist/ (what the player downloads). */
export function brandModuleJs(data: BrandModuleData): string {
  return `export default ${JSON.stringify(data)};\n`;
}

export function emitBrandModules(config: BrandsConfig, only?: string): EmittedFile[] {
  const files: EmittedFile[] = [];
  for (const brand of config.brands) {
    if (only && brand.id !== only) continue;
    const data = brandModuleData(config, brand);
    files.push({
      path: `brands/${brand.id}.ts`,
      contents:
        `${GENERATED_HEADER}import type { BrandModule } from "../../../core/config/types.ts";\n\n` +
        `const brandModule: BrandModule = ${literal(data)};\n\nexport default brandModule;\n`,
    });
    files.push({ path: `brands/${brand.id}.css`, contents: `${GENERATED_CSS_HEADER}${brandTokensCss(data)}\n` });
  }
  return files;
}

export function emitHostMap(config: BrandsConfig, only?: string): EmittedFile {
  return {
    path: "hosts.ts",
    contents:
      `${GENERATED_HEADER}// Host → brand and mode. Used by servers and tools; the player's bundle never includes it.\n` +
      `import type { HostMap } from "../../core/config/types.ts";\n\n` +
      `export const hostMap: HostMap = ${literal(hostMap(config, only))};\n`,
  };
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A monogram icon for brands without their own. */
export function monogramSvg(brand: Brand): string {
  const initials = brand.name
    .split(/\s+/)
    .map((w) => Array.from(w)[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  const theme = themeTokens(brand.themeColor, brand.themeTextColor);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${theme.primary}"/>` +
    `<text x="32" y="41" font-family="system-ui,sans-serif" font-size="26" font-weight="700" text-anchor="middle" fill="${theme.onPrimary}">${escapeXml(initials)}</text>` +
    `</svg>\n`
  );
}
