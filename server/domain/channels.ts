// The payment list of a game: its regions' channels with prices in the game's currency.
import type { PaymentChannel as Channel } from "../../core/browser/generated/api-types.ts";
import { type Catalog, type CatalogChannel, type CatalogGame, usdCents } from "../catalog/catalog.ts";
import { toWire } from "../catalog/money.ts";
import { descriptionFields, type Texts, textId } from "../catalog/texts.ts";
import { artUrl } from "./artwork.ts";

export function regionsOf(game: CatalogGame): string[] {
  return game.brand.areas[game.area]?.regions ?? ["GLOBAL"];
}

export function channelsForRegion(catalog: Catalog, region: string): CatalogChannel[] {
  return catalog.channels.byRegion.get(region) ?? catalog.channels.other;
}

/** A channel's price bound (US dollars) in the game currency's minor units; 0 (none) stays 0. */
export const boundIn = (catalog: Catalog, game: CatalogGame, usd: number) =>
  usd > 0 ? catalog.money.fromBase(usdCents(usd), game.currency) : 0;

/** A channel's description (JSON text) with each of its texts in the caller's language. */
function descriptionIn(channel: CatalogChannel, texts: Texts): string | undefined {
  const fields = channel.description && channel.list ? descriptionFields(channel.description) : undefined;
  if (!fields || !channel.list) return channel.description;
  const list = channel.list;
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(fields).map(([field, text]) => [field, texts.text(textId.channelTip(list, channel.channelId, field), text)]),
    ),
  );
}

/**
 * A channel as the payment list shows it; `icon` is the artwork's path (the caller's origin is added
 * per answer). A sub-channel's name is a word (e-wallet, internet banking): it is said in the caller's
 * language; a channel's is a brand's.
 */
function channelView(catalog: Catalog, game: CatalogGame, channel: CatalogChannel, region: string, texts: Texts, sub = false): Channel {
  const key = `${channel.paywayId}_${channel.channelId}`;
  // A channel the data marks noIcon is answered without one: the storefront must drop it.
  const icon = channel.noIcon ? "" : artUrl("", "payway", `${channel.paywayId}-${channel.channelId}`);
  return {
    payway_id: channel.paywayId,
    channel_id: channel.channelId,
    key,
    name: sub ? texts.text(textId.subChannel(channel.paywayId, channel.channelId), channel.name) : channel.name,
    icon,
    sort: channel.sort,
    min_money: toWire(boundIn(catalog, game, channel.minUsd), game.currency),
    max_money: toWire(boundIn(catalog, game, channel.maxUsd), game.currency),
    open_coupon: channel.openCoupon,
    pay_id: `${region}-${key}`,
    ...(channel.applePay ? { apple_pay: true } : {}),
    ...(channel.description ? { description: descriptionIn(channel, texts) } : {}),
    sub_payment: (channel.sub ?? []).map((s) => channelView(catalog, game, s, region, texts, true)),
  };
}

/**
 * Region → channels of a game in a language: the same for every request, so built once per game and
 * catalogue language of a platform (its catalogue's games and languages: bounded by the config and
 * the data, never by what a client sends — an unknown spec_lang is English; a platform rebuilt from a
 * changed config starts empty).
 */
export type CountryMapCache = Map<CatalogGame, Map<string, Record<string, Channel[]>>>;

export const newCountryMapCache = (): CountryMapCache => new Map();

const withOrigin = (origin: string, channel: Channel): Channel => ({
  ...channel,
  icon: channel.icon ? `${origin}${channel.icon}` : "",
  sub_payment: channel.sub_payment.map((s) => withOrigin(origin, s)),
});

export function countryMap(
  catalog: Catalog,
  cache: CountryMapCache,
  game: CatalogGame,
  origin: string,
  texts: Texts,
): Record<string, Channel[]> {
  let byLanguage = cache.get(game);
  if (!byLanguage) {
    byLanguage = new Map();
    cache.set(game, byLanguage);
  }
  let map = byLanguage.get(texts.lang);
  if (!map) {
    map = Object.fromEntries(
      regionsOf(game).map((region) => [
        region,
        channelsForRegion(catalog, region).map((c) => channelView(catalog, game, c, region, texts)),
      ]),
    );
    byLanguage.set(texts.lang, map);
  }
  // The artwork's links on the host the caller asked (a known platform host: see app.ts).
  const cached = map;
  return Object.fromEntries(Object.entries(cached).map(([region, list]) => [region, list.map((c) => withOrigin(origin, c))]));
}

/** A channel (or sub-channel) of the region; a sub-channel takes coupons only when its channel does. */
export function findChannel(catalog: Catalog, region: string, paywayId: number, channelId: string): CatalogChannel | undefined {
  for (const channel of channelsForRegion(catalog, region)) {
    const candidates = [channel, ...(channel.sub ?? [])];
    const hit = candidates.find((x) => x.paywayId === paywayId && x.channelId === channelId);
    if (hit) return { ...hit, openCoupon: hit.openCoupon && channel.openCoupon };
  }
  return undefined;
}

/** Whether a channel takes a price (docs/api.md#type-channel, min_money and max_money), on minor units: a bound ≤ 0 is none. */
export function priceFits(price: number, min: number, max: number): boolean {
  if (min <= 0 && max <= 0) return true;
  if (min <= 0) return price <= max;
  if (max <= 0) return price >= min;
  return price >= min && price <= max;
}
