// Step 3 of the compiler (load → validate → resolve → emit → write): one model per brand, derived
// once from the valid config and what the load phase read — theme tokens, hosts and their modes, the
// first language and its words, the origins its pages may reach, its icon, and the config's
// fingerprint — so every emitter and command reads the same values instead of deriving them again.
// Pure: no file is read here (./inputs.ts and core/node/config/read.ts read them before).
import { createHash } from "node:crypto";
import { themeTokens } from "../core/browser/config/colour.ts";
import { hostMap, previewHosts, previewSubhostSources } from "../core/browser/config/hosts.ts";
import type { Brand, BrandsConfig } from "../core/browser/config/types.ts";
import type { IconBytes } from "../core/node/config/read.ts";
import type { LocaleStrings, ProductInputs, ResolvedBrand, ResolvedConfig } from "./model.ts";
import { monogramSvg } from "./monogram.ts";

const RTL = new Set(["ar"]);

/** What resolve needs of the load phase: the config's text and icons, and the product's locales. */
export interface ResolveInputs {
  text: string;
  icons: IconBytes;
  locales: ProductInputs["locales"];
}

const sorted = (set: Set<string>) => [...set].sort();

/** A string of a language's locale (`group.key`), English where it has none. */
function shellText(locales: ReadonlyMap<string, LocaleStrings>, language: string): (key: string) => string {
  return (key) => {
    const [group = "", name = ""] = key.split(".");
    const value = locales.get(language)?.[group]?.[name] ?? locales.get("en")?.[group]?.[name];
    if (typeof value !== "string") throw new Error(`locales/en.json has no ${group}.${name}`);
    return value;
  };
}

function iconSvg(brand: Brand, icons: IconBytes): string | undefined {
  if (!brand.icon) return undefined;
  const bytes = icons.get(brand.icon);
  // Validation refuses a config whose icon is missing (icon-missing): this is a caller's mistake.
  if (!bytes) throw new Error(`brand '${brand.id}': its icon '${brand.icon}' was not read`);
  return Buffer.from(bytes).toString("utf8");
}

function resolveBrand(config: BrandsConfig, brand: Brand, inputs: ResolveInputs): ResolvedBrand {
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
    shellText: shellText(inputs.locales, language),
    connectOrigins: sorted(connect),
    platformOrigins: sorted(platform),
    previewSources: previewSubhostSources(brand.id),
    icon: { svg: iconSvg(brand, inputs.icons) ?? monogramSvg(brand, theme), background: theme.primary },
  };
}

/** sha256 of the config's text and of each brand's icon bytes, in order: what a build was made from. */
export function fingerprintOf(config: BrandsConfig, inputs: Pick<ResolveInputs, "text" | "icons">): string {
  const hash = createHash("sha256").update(inputs.text);
  for (const brand of config.brands) {
    if (!brand.icon) continue;
    hash.update(`\0${brand.icon}\0`);
    hash.update(inputs.icons.get(brand.icon) ?? new Uint8Array());
  }
  return hash.digest("hex");
}

/** The model every emitter works from; `only` narrows the sites to one brand (`gen build --brand`). */
export function resolveConfig(config: BrandsConfig, inputs: ResolveInputs, only?: string): ResolvedConfig {
  const brands = config.brands.map((b) => resolveBrand(config, b, inputs));
  return {
    config,
    brands,
    siteBrands: brands.filter((b) => !only || b.brand.id === only),
    hosts: hostMap(config),
    siteHosts: hostMap(config, only),
    publicHosts: hostMap(config, undefined, false),
    fingerprint: fingerprintOf(config, inputs),
  };
}
