// The VIP centre's calls: levels, the account's standing, its coupons, claims and point exchanges.
import { ratio } from "../../core/browser/money/minor.ts";
import { type CatalogGame, isVipGame, priceOf } from "../catalog/catalog.ts";
import { textId, textsFor } from "../catalog/texts.ts";
import { couponWords, insertCoupon, listCoupons } from "./coupons.ts";
import { CODE, fail } from "./errors.ts";
import { gameOf } from "./games.ts";
import type { Answer, Caller, Params, Platform } from "./platform.ts";
import { requireUser } from "./sessions.ts";
import { levelFor, periodGrants, unstoredGrants, vipAccount } from "./vip.ts";

/** The game of a VIP call; -3301 when its VIP centre is closed. */
function vipGame(platform: Platform, clientId: string): CatalogGame {
  const game = gameOf(platform, clientId);
  if (!isVipGame(game)) fail(CODE.vipOff);
  return game;
}

export async function vipBasicInfo(platform: Platform, params: Params<"vipBasicInfo">): Answer<"vipBasicInfo"> {
  vipGame(platform, params.client_id);
  const { vip, translations } = platform.catalog;
  const { text } = textsFor(translations, params.spec_lang);
  return {
    point_to_coin: vip.pointToCoin,
    faq_title: text(textId.vipFaqTitle(), vip.faq.title),
    faq_content: text(textId.vipFaqContent(), vip.faq.content),
    levels: vip.levels.map((level) => ({
      level_id: level.level,
      level_name: text(textId.vipLevel(level.level), level.name),
      need_points: level.points,
      coupons_list: level.coupons.map((coupon) => ({
        type: coupon.type,
        name: text(textId.vipCoupon(level.level, coupon.type), coupon.name),
        discount_rate: coupon.rate,
        count: coupon.count,
      })),
      ...(level.firstReward ? { first_reward: text(textId.vipFirstReward(level.level), level.firstReward) } : {}),
    })),
  };
}

export async function vipInfo(platform: Platform, params: Params<"vipInfo">, caller: Caller): Answer<"vipInfo"> {
  const game = vipGame(platform, params.client_id);
  const user = requireUser(caller.user, game);
  const { levels } = platform.catalog.vip;
  const account = await vipAccount(platform.db, user.user_id, game.brand.id);
  const level = levelFor(levels, account.total_points);
  const next = levels.find((l) => l.level === level.level + 1);
  return {
    vip_level: level.level,
    vip_level_name: textsFor(platform.catalog.translations, params.spec_lang).text(textId.vipLevel(level.level), level.name),
    total_points: account.total_points,
    next_level_points: next?.points ?? 0,
    exchangeable_points: account.total_points - account.spent_points,
    real_name: !game.brand.features.realName ? "not_required" : user.real_name ? "verified" : "not_verified",
  };
}

export async function couponList(platform: Platform, params: Params<"couponList">, caller: Caller): Answer<"couponList"> {
  const game = vipGame(platform, params.client_id);
  const user = requireUser(caller.user, game);
  const { catalog, db } = platform;
  const goods = params.product_id ? game.goods.find((g) => g.productId === params.product_id) : undefined;
  const at = goods ? { goods, price: priceOf(catalog, game, goods).price, currency: game.currency, money: catalog.money } : undefined;
  const categories = new Set(params.use_category.split(","));
  const now = platform.now();
  const account = await vipAccount(db, user.user_id, game.brand.id);
  const unstored = unstoredGrants(game, periodGrants(platform.secret, catalog.vip, game, user.user_id, account.total_points, now));
  const words = couponWords(catalog, params.spec_lang);
  return { coupons: await listCoupons(db, game, user.user_id, categories, now, words, at, unstored) };
}

/** Claims one claimable coupon (or all of them); -3302 when there is none. */
export async function receiveCoupons(platform: Platform, params: Params<"receiveCoupons">, caller: Caller): Answer<"receiveCoupons"> {
  const game = vipGame(platform, params.client_id);
  const user = requireUser(caller.user, game);
  const now = platform.now();
  const codes = await platform.db.transaction(async (tx) => {
    const account = await vipAccount(tx, user.user_id, game.brand.id);
    const grants = periodGrants(platform.secret, platform.catalog.vip, game, user.user_id, account.total_points, now).filter(
      (g) => !params.code || g.code === params.code,
    );
    // A grant is stored claimed; the table's unique key makes a second claim of it store nothing.
    const stored: string[] = [];
    for (const grant of grants) {
      const code = await insertCoupon(tx, game, user.user_id, grant);
      if (code) stored.push(code);
    }
    // Coupons stored unclaimed (granted by an operator or an older platform) are claimed in place.
    const claimed = await tx.query<{ code: string }>(
      `UPDATE coupons SET claimed = true WHERE user_id = $1 AND brand_id = $2 AND NOT claimed AND valid_end_time > $3 ${params.code ? "AND code = $4" : ""} RETURNING code`,
      params.code ? [user.user_id, game.brand.id, now, params.code] : [user.user_id, game.brand.id, now],
    );
    return new Set([...stored, ...claimed.map((c) => c.code)]);
  });
  if (codes.size === 0) fail(CODE.claimFailed);
  const words = couponWords(platform.catalog, params.spec_lang);
  const all = await listCoupons(platform.db, game, user.user_id, new Set(["avail", "lock"]), now, words);
  return { coupons: all.filter((c) => codes.has(c.code)) };
}

/** Spends growth points for game coins on one of the account's characters, atomically: the points cannot be spent twice. */
export async function exchangePoints(platform: Platform, params: Params<"exchangePoints">, caller: Caller): Answer<"exchangePoints"> {
  const game = vipGame(platform, params.client_id);
  const user = requireUser(caller.user, game);
  const { pointToCoin } = platform.catalog.vip;
  return platform.db.transaction(async (tx) => {
    const [role] = await tx.query("SELECT 1 FROM roles WHERE gp_id = $1 AND role_id = $2 AND user_id = $3", [
      game.gpId,
      params.role_id,
      user.user_id,
    ]);
    if (!role) fail(CODE.roleNotFound);
    // One statement checks the balance and spends it: concurrent exchanges cannot overdraw.
    const [row] = await tx.query<{ total_points: number; spent_points: number }>(
      `UPDATE vip_accounts SET spent_points = spent_points + $3
        WHERE user_id = $1 AND brand_id = $2 AND total_points - spent_points >= $3 RETURNING total_points, spent_points`,
      [user.user_id, game.brand.id, params.points],
    );
    if (!row) fail(CODE.notEnoughPoints);
    // Exact: points × the ratio, rounded down (never a float product that lands a hair under a whole).
    const rate = ratio(pointToCoin);
    const coins = Number((BigInt(params.points) * rate.num) / rate.den);
    await tx.query("INSERT INTO point_exchanges (user_id, brand_id, points, coins, role_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)", [
      user.user_id,
      game.brand.id,
      params.points,
      coins,
      params.role_id,
      platform.now(),
    ]);
    return { coins, exchangeable_points: row.total_points - row.spent_points };
  });
}
