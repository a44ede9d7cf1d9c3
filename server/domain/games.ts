// Games as the storefront sees them: the game of a client id, its area, views of games and goods,
// page config, servers and the link back into the game.
import type { Game, Goods } from "../../core/browser/generated/api-types.ts";
import { type Catalog, type CatalogGame, isVipGame, priceOf } from "../catalog/catalog.ts";
import { toWire } from "../catalog/money.ts";
import { type Texts, textId, textsFor } from "../catalog/texts.ts";
import { pictureUrl } from "./artwork.ts";
import { CODE, fail } from "./errors.ts";
import type { Answer, Caller, Params, Platform } from "./platform.ts";

/** The game a client id names; -3001 when none. */
export function gameOf(platform: Platform, clientId: string | undefined): CatalogGame {
  const game = clientId ? platform.catalog.byClientId.get(clientId) : undefined;
  if (!game) fail(CODE.notAGame);
  return game;
}

/** A domain_area the game is not sold in answers -3014, wrongDomain (docs/api.md#error-codes). */
export function checkArea(game: CatalogGame, domainArea: string | undefined): void {
  if (domainArea && domainArea !== game.area) fail(CODE.wrongDomain);
}

export function gameView(game: CatalogGame, origin: string, os: "android" | "ios" | "web"): Game {
  const subs = game.subGames.map((subGame) => ({
    code: subGame.code,
    client_id: subGame.clientId,
    name: subGame.name,
    logo: pictureUrl(origin, "game", `${game.gpId}-${subGame.code}`),
  }));
  return {
    client_id: game.clientIds[os],
    gp_id: game.gpId,
    game_key: game.gameKey,
    name: game.name,
    logo: pictureUrl(origin, "game", String(game.gpId)),
    banner: pictureUrl(origin, "banner", String(game.gpId)),
    area: game.area as Game["area"],
    currency: game.currency,
    is_select_game: game.parentGpId === undefined,
    terms: `${game.brand.links.terms}#${game.gameKey}`,
    privacy: `${game.brand.links.privacy}#${game.gameKey}`,
    sub_game: Object.fromEntries(subs.map((subGame) => [subGame.code, subGame])),
  };
}

/** A goods' name in the caller's language (an order or a make-up link shows it too). */
export const goodsName = (texts: Texts, goods: { catalogId: string; display: string }) =>
  texts.text(textId.goodsDisplay(goods.catalogId), goods.display);

function goodsView(catalog: Catalog, game: CatalogGame, origin: string, texts: Texts): Goods[] {
  const typeSort = new Map(catalog.goodsTypes.map((t) => [t.typeKey, t.typeSort]));
  return game.goods.map((goods) => {
    const { price, original } = priceOf(catalog, game, goods);
    return {
      value: goods.productId,
      display: goodsName(texts, goods),
      price: toWire(price, game.currency),
      currency: game.currency,
      ...(original !== undefined ? { original_price: toWire(original, game.currency) } : {}),
      ...(goods.bonus ? { bonus: goods.bonus } : {}),
      typeKey: goods.typeKey,
      isLimit: goods.limit !== undefined,
      isCoupon: goods.isCoupon,
      isSpecial: goods.isSpecial,
      goodsSort: goods.goodsSort,
      typeSort: typeSort.get(goods.typeKey) ?? 99,
      couponPoints: catalog.money.toBaseCents(price, game.currency),
      icon: pictureUrl(origin, "goods", goods.icon),
      description: texts.text(textId.goodsDescription(goods.catalogId), goods.description),
    };
  });
}

/** The brand's games (sub-games aside), of one area when asked. */
export async function gameList(platform: Platform, params: Params<"getGameList">, origin: string): Answer<"getGameList"> {
  const game = gameOf(platform, params.client_id);
  const games = platform.catalog.games.filter(
    (other) =>
      other.brand.id === game.brand.id && other.parentGpId === undefined && (!params.domain_area || other.area === params.domain_area),
  );
  if (params.domain_area && !game.brand.areas[params.domain_area]) fail(CODE.wrongDomain);
  return { games: games.map((g) => gameView(g, origin, params.platform)) };
}

export async function gameLogo(platform: Platform, params: Params<"gameLogo">, origin: string): Answer<"gameLogo"> {
  const game = gameOf(platform, params.client_id);
  return { icon: pictureUrl(origin, "game", String(game.gpId)), name: game.name };
}

export async function pageConfig(platform: Platform, params: Params<"pageConfig">): Answer<"pageConfig"> {
  const game = gameOf(platform, params.client_id);
  checkArea(game, params.domain_area);
  const area = game.brand.areas[game.area];
  return {
    // The platform's per-game switch: on for the games of VIP brands except sub-games.
    is_open_coupon: isVipGame(game),
    language_config: (area?.languages ?? []).join(","),
    area_config: { is_area_role: game.isAreaRole },
    brand_color: game.brand.themeColor,
    cumulative_config: { is_has_cumulative: game.hasEvents },
    continue_config: { is_has_continue: game.hasEvents },
    currency: game.currency,
    area: game.area as never,
  };
}

export async function productList(platform: Platform, params: Params<"productList">, origin: string): Answer<"productList"> {
  const game = gameOf(platform, params.client_id);
  checkArea(game, params.domain_area);
  const { catalog } = platform;
  const texts = textsFor(catalog.translations, params.spec_lang);
  return {
    goods: goodsView(catalog, game, origin, texts),
    types: catalog.goodsTypes.map((t) => ({ ...t, name: texts.text(textId.goodsType(t.typeKey), t.name) })),
    currency: game.currency,
    explanation: texts.text(textId.goodsExplanation(), catalog.goodsExplanation),
  };
}

export async function serverList(platform: Platform, params: Params<"serverList">): Answer<"serverList"> {
  const game = gameOf(platform, params.client_id);
  checkArea(game, params.domain_area);
  return { servers: game.servers.map((s) => ({ server_id: s.serverId, server_name: s.name, real_server: s.realServer })) };
}

/** The link that opens the game app (and the order in it). */
export async function evoke(platform: Platform, params: Params<"evoke">, caller: Caller): Answer<"evoke"> {
  const game = gameOf(platform, params.client_id);
  if (params.billing_no) {
    // An order's number goes into the link only for its own account.
    if (!caller.user) fail(CODE.notLoggedIn);
    const [own] = await platform.db.query("SELECT 1 FROM orders WHERE billing_no = $1 AND user_id = $2", [
      params.billing_no,
      caller.user.user_id,
    ]);
    if (!own) fail(CODE.forbidden);
  }
  const url = new URL(`sandbox-${game.brand.id}://open`);
  url.searchParams.set("game", game.gameKey);
  if (params.billing_no) url.searchParams.set("billing_no", params.billing_no);
  return { url: url.toString() };
}
