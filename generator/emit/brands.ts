// Per-brand outputs that do not need the runtime bundle: the typed brand module, its CSS tokens, and
// the host → brand map.
import type { BrandModule } from "../../core/browser/config/types.ts";
import type { ResolvedConfig } from "../model.ts";
import { type EmittedFile, GENERATED_CSS_HEADER, GENERATED_HEADER, literal } from "./file.ts";

/** `html[data-brand="x"] { --sf-… }`: the only place brand values reach CSS. */
export function brandTokensCss(module: BrandModule): string {
  const { theme } = module;
  return (
    `html[data-brand="${module.brand.id}"]{` +
    `--sf-color-primary:${theme.primary};` +
    `--sf-color-on-primary:${theme.onPrimary};` +
    `--sf-color-primary-text:${theme.primaryText}}`
  );
}

/** The brand module as plain JavaScript for dist/: one definition with the budget's (core/node/config/brand-module.ts). */
export { brandModuleJs } from "../../core/node/config/brand-module.ts";

/** runtime/generated/brands/<id>.ts and .css: each brand's module, typed, and its tokens. */
export function emitBrandModules(resolved: ResolvedConfig): EmittedFile[] {
  return resolved.brands.flatMap(({ brand, module }) => [
    {
      path: `brands/${brand.id}.ts`,
      contents:
        `${GENERATED_HEADER}import type { BrandModule } from "../../../core/browser/config/types.ts";\n\n` +
        `const brandModule: BrandModule = ${literal(module)};\n\nexport default brandModule;\n`,
    },
    { path: `brands/${brand.id}.css`, contents: `${GENERATED_CSS_HEADER}${brandTokensCss(module)}\n` },
  ]);
}

export function emitHostMap(resolved: ResolvedConfig): EmittedFile {
  return {
    path: "hosts.ts",
    contents:
      `${GENERATED_HEADER}// Host → brand and mode. Used by servers and tools; the player's bundle never includes it.\n` +
      `import type { HostMap } from "../../core/browser/config/types.ts";\n\n` +
      `export const hostMap: HostMap = ${literal(resolved.hosts)};\n`,
  };
}
