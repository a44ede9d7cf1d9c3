// Which storefronts the gallery and the accessibility test visit, derived from brands.yaml: every
// brand in every layout it can show, in English, Arabic, Japanese and its default language — each
// through a sales area that offers that language and a game that gets that layout.

import { chooseLayout, type LayoutVersion } from "../../core/browser/config/layout.ts";
import type { Brand, BrandsConfig } from "../../core/browser/config/types.ts";

export const GALLERY_LANGUAGES = ["en", "ar", "ja"] as const;

export interface Storefront {
  brand: string;
  layout: LayoutVersion;
  lang: string;
  /** The entry query: the area, the game's web client id and the language. */
  query: string;
  vip: boolean;
  events: boolean;
  replenish: boolean;
}

export function storefronts(config: BrandsConfig, languages: readonly string[] = GALLERY_LANGUAGES): Storefront[] {
  return config.brands.flatMap((brand) => brandStorefronts(brand, languages));
}

function brandStorefronts(brand: Brand, languages: readonly string[]): Storefront[] {
  const defaultLanguage = Object.values(brand.areas)[0]?.defaultLanguage ?? "en";
  const wanted = [...new Set([...languages, defaultLanguage])];
  const out: Storefront[] = [];
  for (const layout of ["old", "new"] as const) {
    for (const lang of wanted) {
      const entry = Object.entries(brand.games).find(([key, game]) => {
        if (!game) return false;
        const area = brand.areas[game.area as keyof typeof brand.areas];
        return area?.languages.includes(lang as never) && chooseLayout(brand as never, game.area, key) === layout;
      });
      const game = entry?.[1];
      if (!game) continue;
      const params = new URLSearchParams({ client_id: game.clientIdMap.web ?? "", domain_area: game.area, spec_lang: lang });
      out.push({
        brand: brand.id,
        layout,
        lang,
        query: params.toString(),
        vip: brand.features.vip,
        events: brand.features.events,
        replenish: brand.features.replenish,
      });
    }
  }
  return out;
}

export const storefrontName = (s: Storefront) => `${s.brand}-${s.layout}-${s.lang}`;
