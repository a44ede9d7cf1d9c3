// Paying for goods: the payment list, the price with a coupon, and pay orders with their guards
// (method and endpoint, region and channel, character, block, price bounds, coupon, make-up link).
import { storefrontUrl } from "../../core/browser/config/targets.ts";
import { methodById, startsAt, traitsOf } from "../../core/node/payments/methods.ts";
import { priceOf } from "../catalog/catalog.ts";
import { toWire } from "../catalog/money.ts";
import { textsFor } from "../catalog/texts.ts";
import type { Queryable } from "../db.ts";
import { boundIn, countryMap, findChannel, priceFits, regionsOf } from "./channels.ts";
import { checkoutUrl } from "./checkout.ts";
import { couponForOrder } from "./coupons.ts";
import { hmac } from "./crypto.ts";
import { CODE, fail } from "./errors.ts";
import { checkArea, gameOf } from "./games.ts";
import { createOrder, goodsOf } from "./orders.ts";
import type { Answer, Caller, Params, Platform } from "./platform.ts";
import { openReplenishLink } from "./replenish.ts";
import { type Account, requireUser } from "./sessions.ts";

export async function countryList(platform: Platform, params: Params<"countryList">, origin: string): Answer<"countryList"> {
  const game = gameOf(platform, params.client_id);
  checkArea(game, params.domain_area);
  goodsOf(game, params.product_id);
  const texts = textsFor(platform.catalog.translations, params.spec_lang);
  return { country: countryMap(platform.catalog, platform.caches.countryMaps, game, origin, texts), currency: game.currency };
}

/** A goods' price with a coupon and the growth points it earns. */
export async function productPoints(platform: Platform, params: Params<"productPoints">, caller: Caller): Answer<"productPoints"> {
  const game = gameOf(platform, params.client_id);
  const user = requireUser(caller.user, game);
  const goods = goodsOf(game, params.product_id);
  const { price } = priceOf(platform.catalog, game, goods);
  let discountPrice = price;
  if (params.coupon_code) {
    const code = params.coupon_code;
    const quote = await couponForOrder(platform.db, {
      game,
      goods,
      userId: user.user_id,
      code,
      price,
      now: platform.now(),
      money: platform.catalog.money,
    });
    discountPrice = quote.price;
  }
  return {
    points: platform.catalog.money.toBaseCents(discountPrice, game.currency),
    discountPrice: toWire(discountPrice, game.currency),
    price: toWire(price, game.currency),
    currency: game.currency,
  };
}

/**
 * A pay order for the caller's character, or for a make-up link's account (paid by whoever holds
 * the link). `endpoint` is the path called: each method starts at its own.
 */
export async function payStart(platform: Platform, params: Params<"payStart">, caller: Caller, endpoint: string): Answer<"payStart"> {
  const game = gameOf(platform, params.client_id);
  checkArea(game, params.domain_area);
  const method = methodById.get(params.payway_id);
  if (!method) fail(CODE.paywayMissing);
  const traits = traitsOf(method);
  // A method without a pay order (the prepaid-card exchange) has calls of its own.
  if (!startsAt(method, endpoint) || !traits.payOrder) fail(CODE.paymentUnavailable);
  // The provider's page sends the player back here: only to a page of a storefront.
  if (params.return_url && !storefrontUrl(platform.catalog.storefrontHosts, params.return_url))
    fail(CODE.badRequest, "invalid request: return_url must be a page of this store");
  const region = params.country ?? regionsOf(game)[0] ?? "GLOBAL";
  if (!regionsOf(game).includes(region)) fail(CODE.paymentUnavailable);
  const channel = findChannel(platform.catalog, region, params.payway_id, params.channel_id);
  if (!channel) fail(CODE.paymentUnavailable);

  let user: Account;
  let roleId = params.role_id;
  let serverId = params.server_id;
  let productId = params.product_id;
  let payer: Account | undefined;
  if (params.replenish_id) {
    // A make-up payment is made without the target's session: the target's coupons stay the target's.
    if (params.coupon_code) fail(CODE.illegalCoupon);
    const link = await openReplenishLink(platform, params.replenish_id);
    if (link.gp_id !== game.gpId) fail(CODE.replenishError);
    user = link.target;
    roleId = link.role_id;
    serverId = link.server_id;
    productId = link.product_id;
    payer = caller.user;
  } else {
    user = requireUser(caller.user, game);
    // Known from the session; the order's own statement checks it again with the block and the character.
    if (game.brand.features.realName && !user.real_name) fail(CODE.notRealName);
    if (!roleId || !serverId) fail(CODE.roleNotFound);
  }
  const goods = goodsOf(game, productId);
  const { price } = priceOf(platform.catalog, game, goods);
  if (!priceFits(price, boundIn(platform.catalog, game, channel.minUsd), boundIn(platform.catalog, game, channel.maxUsd)))
    fail(CODE.paymentUnavailable);
  if (params.coupon_code && (!channel.openCoupon || !goods.isCoupon)) fail(CODE.illegalCoupon);

  const result = await createOrder(platform, {
    game,
    goods,
    user,
    ...(payer ? { payer } : {}),
    roleId: roleId ?? "",
    serverId: serverId ?? "",
    paywayId: params.payway_id,
    channelId: params.channel_id,
    region,
    ...(params.coupon_code ? { couponCode: params.coupon_code } : {}),
    ...(params.replenish_id
      ? {
          replenishId: params.replenish_id,
          // The link is checked again in the order's own transaction, under its row's lock: one that
          // was paid or ran out since it was read above makes no order.
          reserve: async (tx: Queryable) => {
            const [open] = await tx.query(
              "SELECT 1 FROM replenish_links WHERE replenish_id = $1 AND paid_at IS NULL AND expires_at > $2 FOR UPDATE",
              [params.replenish_id, platform.now()],
            );
            if (!open) fail(CODE.replenishError);
          },
        }
      : {}),
    platform: params.platform,
    ownOrder: !params.replenish_id,
    payUrl: (billingNo) => checkoutUrl(platform.secret, caller.origin, billingNo),
    meta: {
      return_url: params.return_url ?? null,
      bcp47_lang: params.bcp47_lang ?? null,
      did: params.did ?? params.idfv ?? null,
      session_id: params.session_id ?? null,
      traffic_source: params.traffic_source ?? null,
      game_channel_id: params.game_channel_id ?? null,
      area_id: params.areaId ?? null,
      pay_id: params.pay_id ?? null,
      path: endpoint,
    },
  });
  return {
    ...result,
    flow: method.flow,
    // Flows that pay inside the store's own page (a frame or a script) get a secret for that page.
    ...(traits.clientSecret ? { client_secret: hmac(platform.secret, `embedded:${result.billing_no}`).slice(0, 32) } : {}),
  };
}
