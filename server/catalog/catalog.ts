// The sandbox catalogue of a config: brands.yaml's games (with a sub-game each), and from the data
// files their servers, goods and prices, payment channels, VIP levels and events. A new brand gets
// data without code changes. Deterministic: the same config always gives the same ids, so state in
// the database stays valid.
import { storefrontHosts } from "../../core/browser/config/hosts.ts";
import type { Brand, BrandsConfig } from "../../core/browser/config/types.ts";
import { toMinor } from "../../core/browser/money/minor.ts";
import { type RegionChannels, regionChannels } from "./channels.ts";
import {
  type CatalogData,
  catalogData,
  type EventsData,
  type GoodsData,
  type LimitType,
  type PaymentMarksData,
  type VipData,
} from "./data.ts";
import { BASE_DIGITS, type SandboxMoney, sandboxMoney } from "./money.ts";
import type { TextsData, Translations } from "./texts.ts";

export type { CatalogChannel } from "./channels.ts";
export type { LimitType };

export interface CatalogGoods {
  productId: string;
  /** Its id in goods.json: the same in every game, the key of its texts. */
  catalogId: string;
  display: string;
  /** The catalogue's price, in US cents (converted with the sandbox's rates and steps: see priceOf). */
  usdCents: number;
  /** The struck-through price, in US cents. */
  originalUsdCents?: number;
  bonus?: string;
  typeKey: string;
  goodsSort: number;
  isCoupon: boolean;
  isSpecial: boolean;
  limit?: { type: LimitType; frequency: number; days: number };
  description: string;
  icon: string;
}

export interface CatalogGame {
  brand: Brand;
  gameKey: string;
  gpId: number;
  name: string;
  area: string;
  currency: string;
  clientIds: { android: string; ios: string; web: string };
  subGames: { code: string; name: string; clientId: string }[];
  parentGpId?: number;
  servers: { serverId: string; name: string; realServer: string }[];
  goods: CatalogGoods[];
  isAreaRole: boolean;
  hasEvents: boolean;
  vip: boolean;
}

export interface Catalog {
  config: BrandsConfig;
  brands: Map<string, Brand>;
  games: CatalogGame[];
  byClientId: Map<string, CatalogGame>;
  byGpId: Map<number, CatalogGame>;
  /** Platform API hosts → brand, for calls that carry no client id. */
  apiHosts: Map<string, string>;
  /** Every host a storefront answers on: where the platform may send a player back to. */
  storefrontHosts: ReadonlySet<string>;
  goodsTypes: GoodsData["types"];
  /** The goods list's note to the player. */
  goodsExplanation: string;
  channels: RegionChannels;
  /** How the sandbox draws each payment method's and channel's mark. */
  paymentMarks: PaymentMarksData;
  vip: VipData;
  events: EventsData["events"];
  /** Exchange rates, price steps and the wire's decimals. */
  money: SandboxMoney;
  /** Names of the characters the sandbox game server creates. */
  roleNames: string[];
  /** The platform's own words (texts.json), in English. */
  texts: TextsData;
  /** Every text in every other language (texts.ts picks one by the call's spec_lang). */
  translations: Translations;
}

/** FNV-1a: stable 31-bit ids from names, independent of the order of brands.yaml. */
export function stableId(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & 0x7fffffff || 1;
}

/** Every game's sub-game is its classic edition. */
const SUB_GAME = "classic";

/** US dollars of a data file (checked to be whole cents when it was read) as cents. */
export const usdCents = (usd: number) => toMinor(usd, BASE_DIGITS);

function goodsFor(data: CatalogData, gameKey: string): CatalogGoods[] {
  return data.goods.goods.map(({ id, usd, originalUsd, ...goods }) => ({
    productId: `${gameKey}.${id}`,
    catalogId: id,
    usdCents: usdCents(usd),
    ...(originalUsd !== undefined ? { originalUsdCents: usdCents(originalUsd) } : {}),
    ...goods,
  }));
}

/**
 * The catalogue of a config. `previewHosts`: whether the brands' `<id>.localhost` preview hosts are
 * storefront hosts (a sandbox platform: yes; one in production mode: no).
 */
export function buildCatalog(config: BrandsConfig, data: CatalogData = catalogData(), options: { previewHosts?: boolean } = {}): Catalog {
  const games: CatalogGame[] = [];
  const apiHosts = new Map<string, string>();
  for (const brand of config.brands) {
    for (const mode of [brand.api.production, brand.api.demo]) {
      for (const origin of [mode.primary, ...mode.backup]) apiHosts.set(new URL(origin).hostname, brand.id);
    }
    for (const [gameKey, gameConfig] of Object.entries(brand.games)) {
      if (!gameConfig) continue;
      const area = brand.areas[gameConfig.area];
      const gpId = stableId(`${brand.id}/${gameKey}`);
      const base: Omit<CatalogGame, "gpId" | "clientIds" | "subGames" | "name" | "parentGpId"> = {
        brand,
        gameKey,
        area: gameConfig.area,
        currency: area?.currency ?? brand.currency,
        servers: data.servers.servers.map((s) => ({ ...s })),
        goods: goodsFor(data, gameKey),
        isAreaRole: Object.keys(brand.games).indexOf(gameKey) % 2 === 1,
        hasEvents: brand.features.events,
        vip: brand.features.vip,
      };
      const subClient = `${gameConfig.clientIdMap.web}-${SUB_GAME}`;
      const parent: CatalogGame = {
        ...base,
        gpId,
        name: gameConfig.name,
        clientIds: gameConfig.clientIdMap,
        subGames: [{ code: SUB_GAME, name: `${gameConfig.name} Classic`, clientId: subClient }],
      };
      const sub: CatalogGame = {
        ...base,
        gameKey: `${gameKey}-${SUB_GAME}`,
        gpId: stableId(`${brand.id}/${gameKey}/${SUB_GAME}`),
        name: `${gameConfig.name} Classic`,
        clientIds: { android: subClient, ios: subClient, web: subClient },
        subGames: [],
        parentGpId: gpId,
        goods: goodsFor(data, `${gameKey}-${SUB_GAME}`),
      };
      games.push(parent, sub);
    }
  }
  const byClientId = new Map<string, CatalogGame>();
  for (const game of games) for (const id of Object.values(game.clientIds)) byClientId.set(id, game);
  return {
    config,
    brands: new Map(config.brands.map((b) => [b.id, b])),
    games,
    byClientId,
    byGpId: new Map(games.map((g) => [g.gpId, g])),
    apiHosts,
    storefrontHosts: storefrontHosts(config, options.previewHosts ?? true),
    goodsTypes: data.goods.types,
    goodsExplanation: data.goods.explanation,
    channels: regionChannels(data),
    paymentMarks: data.paymentMarks,
    vip: data.vip,
    events: data.events.events,
    money: sandboxMoney(data.rates),
    roleNames: data.servers.roleNames,
    texts: data.texts,
    translations: data.translations,
  };
}

/** Every game of a brand, sub-games included (an account has characters in each). */
export const gamesOfBrand = (catalog: Catalog, brandId: string) => catalog.games.filter((g) => g.brand.id === brandId);

/** VIP version = the brand's switch AND the game's is_open_coupon, which sub-games do not have (docs/api.md#call-pageconfig; docs/decisions.md, "Loyalty"). */
export const isVipGame = (game: CatalogGame) => game.vip && game.parentGpId === undefined;

/** A goods' price (and struck-through price) in the game's currency, in its minor units. */
export function priceOf(catalog: Catalog, game: CatalogGame, goods: CatalogGoods): { price: number; original?: number } {
  return {
    price: catalog.money.fromBase(goods.usdCents, game.currency),
    ...(goods.originalUsdCents ? { original: catalog.money.fromBase(goods.originalUsdCents, game.currency) } : {}),
  };
}
