// Step 3 of the compiler (load → validate → resolve → emit → write): one model per brand, derived
// once from the valid config — theme tokens, hosts and their modes, the first language, the origins
// its pages may reach, its icon — so every emitter, `gen dev`, the docs and the deploy config read
// the same values instead of deriving them again.
import { readFileSync } from "node:fs";
import { dirname, join, resolve as resolvePath } from "node:path";
import { themeTokens } from "../core/browser/config/colour.ts";
import { hostMap, previewHosts, previewSubhostSources } from "../core/browser/config/hosts.ts";
import type { Brand, BrandModule, BrandsConfig, HostMap } from "../core/browser/config/types.ts";
import { corePaths } from "../core/node/paths.ts";
import type { IconSource } from "./emit/icons.ts";
import { monogramSvg } from "./monogram.ts";

const RTL = new Set(["ar"]);

export interface ResolvedBrand {
  brand: Brand;
  /** What the storefront loads for this brand (core/browser/config/types.ts). */
  module: BrandModule;
  /** The language the HTML ships with before the runtime resolves the visitor's, and its direction. */
  language: string;
  dir: "ltr" | "rtl";
  /** A string of the locales (`group.key`) in the brand's language, English where it has none: the words the HTML's shell says before the runtime runs. */
  shellText: (key: string) => string;
  /** Platform, backup and tracking origins in both modes: what its pages may call. */
  connectOrigins: string[];
  /** Platform and backup origins in both modes: where artwork and the sandbox's pages come from. */
  platformOrigins: string[];
  /** Its preview hosts' sub-hosts (the local backups), as a CSP source list. */
  previewSources: string;
  /** The SVG its icons are drawn from (its own or a monogram) and the colour behind it. */
  icon: IconSource;
}

export interface ResolvedConfig {
  config: BrandsConfig;
  /** The brands to emit (all, or the one `--brand` names), in config order. */
  brands: ResolvedBrand[];
  /** Host → brand and mode of those brands, preview hosts included. */
  hosts: HostMap;
}

const sorted = (set: Set<string>) => [...set].sort();

/** What a shell says, in a language: read once per language and resolve, English where it has none. */
type ShellTexts = (language: string) => ResolvedBrand["shellText"];

function shellTexts(): ShellTexts {
  const files = new Map<string, Record<string, Record<string, unknown>> | undefined>();
  const file = (lang: string) => {
    if (!files.has(lang)) {
      try {
        files.set(lang, JSON.parse(readFileSync(join(corePaths.locales, `${lang}.json`), "utf8")));
      } catch {
        files.set(lang, undefined);
      }
    }
    return files.get(lang);
  };
  const text = (language: string, group: string, key: string): string => {
    const value = file(language)?.[group]?.[key] ?? file("en")?.[group]?.[key];
    if (typeof value !== "string") throw new Error(`locales/en.json has no ${group}.${key}`);
    return value;
  };
  return (language) => (key) => {
    const [group = "", name = ""] = key.split(".");
    return text(language, group, name);
  };
}

function resolveBrand(config: BrandsConfig, brand: Brand, configDir: string, texts: ShellTexts): ResolvedBrand {
  const theme = themeTokens(brand.themeColor, brand.themeTextColor);
  const language = Object.values(brand.areas)[0]?.defaultLanguage ?? "en";
  const platform = new Set<string>();
  const connect = new Set<string>();
  for (const mode of [brand.api.production, brand.api.demo]) {
    for (const origin of [mode.primary, ...mode.backup]) {
      platform.add(origin);
      connect.add(origin);
    }
    connect.add(mode.tracking);
  }
  return {
    brand,
    module: { brand, huaweiClientId: config.huaweiClientId, theme, previewHosts: previewHosts(brand.id) },
    language,
    dir: RTL.has(language) ? "rtl" : "ltr",
    shellText: texts(language),
    connectOrigins: sorted(connect),
    platformOrigins: sorted(platform),
    previewSources: previewSubhostSources(brand.id),
    icon: {
      svg: brand.icon ? readFileSync(resolvePath(configDir, brand.icon), "utf8") : monogramSvg(brand, theme),
      background: theme.primary,
    },
  };
}

/** The model every emitter works from; `only` narrows it to one brand (`gen build --brand`). */
export function resolveConfig(config: BrandsConfig, configFile: string, only?: string): ResolvedConfig {
  const configDir = dirname(resolvePath(configFile));
  const texts = shellTexts();
  return {
    config,
    brands: config.brands.filter((b) => !only || b.id === only).map((b) => resolveBrand(config, b, configDir, texts)),
    hosts: hostMap(config, only),
  };
}
