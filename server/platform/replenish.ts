// Make-up (replenish) links: a payer settles a target account's amount without logging in as it.

import { convert } from "../../core/money/money.ts";
import { E, fail } from "./errors.ts";
import { gameView } from "./games.ts";
import { countryMap } from "./orders.ts";
import { type Account, gameOf, type Handlers, type Platform } from "./platform.ts";

interface LinkRow {
  replenish_id: string;
  gp_id: number;
  client_id: string;
  server_id: string;
  role_id: string;
  product_id: string;
  expires_at: string;
  billing_no: string | null;
  paid_at: string | null;
  target_user_id: string;
}

async function linkOf(platform: Platform, replenishId: string) {
  const [link] = await platform.db.query<LinkRow>(
    "SELECT replenish_id, gp_id, client_id, server_id, role_id, product_id, expires_at, billing_no, paid_at, target_user_id::text FROM replenish_links WHERE replenish_id = $1",
    [replenishId],
  );
  if (!link) fail(E.replenishError);
  const game = platform.catalog.byGpId.get(link.gp_id);
  if (!game) fail(E.replenishError);
  return { link, game };
}

const validSeconds = (platform: Platform, expiresAt: string) =>
  Math.floor((new Date(expiresAt).getTime() - platform.now().getTime()) / 1000);

/** A link that can still be paid; -3016 otherwise. */
export async function openReplenishLink(platform: Platform, replenishId: string) {
  const { link } = await linkOf(platform, replenishId);
  if (link.paid_at || validSeconds(platform, link.expires_at) <= 0) fail(E.replenishError);
  const [target] = await platform.db.query<Account>(
    "SELECT user_id::text AS user_id, brand_id, username, provider, region, real_name, is_test FROM accounts WHERE user_id = $1",
    [link.target_user_id],
  );
  if (!target) fail(E.replenishError);
  return { ...link, target };
}

export const replenishHandlers: Handlers = {
  async replenishGameList({ params, platform, origin }) {
    const game = params.replenish_id ? (await linkOf(platform, params.replenish_id)).game : gameOf(platform, params.rp_client_id);
    return { games: [gameView(game, origin, "web")] };
  },
  async replenishInfo({ params, platform }) {
    const { link, game } = await linkOf(platform, params.replenish_id);
    const goods = game.goods.find((g) => g.productId === link.product_id);
    const [target] = await platform.db.query<{ username: string; role_name: string | null }>(
      "SELECT a.username, r.role_name FROM accounts a LEFT JOIN roles r ON r.gp_id = $2 AND r.role_id = $3 WHERE a.user_id = $1",
      [link.target_user_id, link.gp_id, link.role_id],
    );
    const valid = validSeconds(platform, link.expires_at);
    return {
      game_name: game.name,
      user_name: target?.username ?? "",
      amount: goods ? convert(goods.usd, game.currency) : 0,
      currency_code: game.currency,
      valid_time: link.paid_at ? 0 : Math.max(0, valid),
      client_id: game.clientIds.web,
      product_id: link.product_id,
      product_name: goods?.display ?? link.product_id,
      server_name: game.servers.find((s) => s.serverId === link.server_id)?.name ?? link.server_id,
      role_name: target?.role_name ?? link.role_id,
      status: link.paid_at ? "paid" : valid <= 0 ? "expired" : "open",
      ...(link.billing_no ? { billing_no: link.billing_no } : {}),
    };
  },
  async replenishCountryList({ params, platform, origin }) {
    const { link, game } = await linkOf(platform, params.replenish_id);
    if (link.paid_at || validSeconds(platform, link.expires_at) <= 0) fail(E.replenishError);
    return { country: countryMap(game, origin), currency: game.currency };
  },
};
