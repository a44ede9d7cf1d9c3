// Make-up (replenish) links: a payer settles a target account's amount without logging in as it.
import { type CatalogGame, priceOf } from "../catalog/catalog.ts";
import { toWire } from "../catalog/money.ts";
import { textsFor } from "../catalog/texts.ts";
import { countryMap } from "./channels.ts";
import { newToken } from "./crypto.ts";
import { CODE, fail } from "./errors.ts";
import { gameOf, gameView, goodsName } from "./games.ts";
import type { Answer, Params, Platform } from "./platform.ts";
import type { Account } from "./sessions.ts";

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

async function linkOf(platform: Platform, replenishId: string): Promise<{ link: LinkRow; game: CatalogGame }> {
  const [link] = await platform.db.query<LinkRow>(
    "SELECT replenish_id, gp_id, client_id, server_id, role_id, product_id, expires_at, billing_no, paid_at, target_user_id::text FROM replenish_links WHERE replenish_id = $1",
    [replenishId],
  );
  if (!link) fail(CODE.replenishError);
  const game = platform.catalog.byGpId.get(link.gp_id);
  if (!game) fail(CODE.replenishError);
  return { link, game };
}

const validSeconds = (platform: Platform, expiresAt: string) =>
  Math.floor((new Date(expiresAt).getTime() - platform.now().getTime()) / 1000);

/** A link that can still be paid, with the account it pays for; -3016 otherwise. */
export async function openReplenishLink(platform: Platform, replenishId: string): Promise<LinkRow & { target: Account }> {
  const { link } = await linkOf(platform, replenishId);
  if (link.paid_at || validSeconds(platform, link.expires_at) <= 0) fail(CODE.replenishError);
  const [target] = await platform.db.query<Account>(
    "SELECT user_id::text AS user_id, brand_id, username, provider, region, real_name, is_test FROM accounts WHERE user_id = $1",
    [link.target_user_id],
  );
  if (!target) fail(CODE.replenishError);
  return { ...link, target };
}

export async function replenishGameList(
  platform: Platform,
  params: Params<"replenishGameList">,
  origin: string,
): Answer<"replenishGameList"> {
  const game = params.replenish_id ? (await linkOf(platform, params.replenish_id)).game : gameOf(platform, params.rp_client_id);
  return { games: [gameView(game, origin, "web")] };
}

export async function replenishInfo(platform: Platform, params: Params<"replenishInfo">): Answer<"replenishInfo"> {
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
    amount: goods ? toWire(priceOf(platform.catalog, game, goods).price, game.currency) : 0,
    currency_code: game.currency,
    valid_time: link.paid_at ? 0 : Math.max(0, valid),
    client_id: game.clientIds.web,
    product_id: link.product_id,
    product_name: goods ? goodsName(textsFor(platform.catalog.translations, params.spec_lang), goods) : link.product_id,
    server_name: game.servers.find((s) => s.serverId === link.server_id)?.name ?? link.server_id,
    role_name: target?.role_name ?? link.role_id,
    status: link.paid_at ? "paid" : valid <= 0 ? "expired" : "open",
    ...(link.billing_no ? { billing_no: link.billing_no } : {}),
  };
}

export async function replenishCountryList(
  platform: Platform,
  params: Params<"replenishCountryList">,
  origin: string,
): Answer<"replenishCountryList"> {
  const { link, game } = await linkOf(platform, params.replenish_id);
  if (link.paid_at || validSeconds(platform, link.expires_at) <= 0) fail(CODE.replenishError);
  const texts = textsFor(platform.catalog.translations, params.spec_lang);
  return { country: countryMap(platform.catalog, platform.caches.countryMaps, game, origin, texts), currency: game.currency };
}

/** Whose a new make-up link is: the sandbox's make-up target of the brand (by name), or the signed-in caller's own account. */
export type LinkTarget = { username: string } | { userId: string };

/** The seeded account every brand's make-up links are made for (seed.ts, `<brand>_target`). */
export const makeUpTarget = (brandId: string) => `${brandId}_target`;

/**
 * A new make-up link (a sandbox tool) on the brand's default game: its target's first character, the
 * goods asked for or the first gems over 5 US dollars. Only for the sandbox's own make-up target,
 * or for the caller's own account when signed in: never for another player, whose character and
 * server the link would show. "unknown" when the brand or the account is not one of those; "unfit"
 * when the account has no character or the goods is unknown.
 */
export async function createReplenishLink(
  platform: Platform,
  link: { brand: string; target: LinkTarget; validSeconds: number; productId?: string },
): Promise<{ replenish_id: string; path: string } | "unknown" | "unfit"> {
  const { db } = platform;
  const game = platform.catalog.games.find(
    (candidate) => candidate.brand.id === link.brand && candidate.gameKey === candidate.brand.defaultGame,
  );
  const [target] =
    "userId" in link.target
      ? await db.query<{ user_id: string }>("SELECT user_id::text FROM accounts WHERE brand_id = $1 AND user_id = $2", [
          link.brand,
          link.target.userId,
        ])
      : link.target.username === makeUpTarget(link.brand)
        ? await db.query<{ user_id: string }>(
            "SELECT user_id::text FROM accounts WHERE brand_id = $1 AND username = $2 AND provider = 'password'",
            [link.brand, link.target.username],
          )
        : [];
  if (!game || !target) return "unknown";
  const [role] = await db.query<{ role_id: string; server_id: string }>(
    "SELECT role_id, server_id FROM roles WHERE user_id = $1 AND gp_id = $2 ORDER BY role_id LIMIT 1",
    [target.user_id, game.gpId],
  );
  const product = link.productId ?? game.goods.find((g) => g.typeKey === "gems" && g.usdCents > 500)?.productId ?? "";
  if (!role || !game.goods.some((g) => g.productId === product)) return "unfit";
  const id = `rp-${newToken(9)}`;
  await db.query(
    `INSERT INTO replenish_links (replenish_id, brand_id, gp_id, client_id, target_user_id, server_id, role_id, product_id, expires_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
    [
      id,
      link.brand,
      game.gpId,
      game.clientIds.web,
      target.user_id,
      role.server_id,
      role.role_id,
      product,
      new Date(platform.now().getTime() + link.validSeconds * 1000),
    ],
  );
  return { replenish_id: id, path: `/replenishGoods?replenish_id=${id}` };
}
