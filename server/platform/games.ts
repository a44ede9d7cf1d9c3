// Games, page config, goods, servers and roles.
import type { Game, Goods } from "../../core/generated/api-types.ts";
import type { Queryable } from "../db.ts";
import { type CatalogGame, GOODS_TYPES, priceOf } from "./catalog.ts";
import { E, fail } from "./errors.ts";
import { gameOf, type Handlers, requireUser } from "./platform.ts";

export const artUrl = (origin: string, kind: string, name: string) => `${origin}/sandbox/art/${kind}/${encodeURIComponent(name)}.svg`;

/** A domain_area the game is not sold in is the spec's wrong-domain error (-3014). */
export function checkArea(game: CatalogGame, domainArea: string | undefined): void {
  if (domainArea && domainArea !== game.area) fail(E.wrongDomain);
}

export function gameView(game: CatalogGame, origin: string, os: "android" | "ios" | "web"): Game {
  const subs = game.subGames.map((s) => ({
    code: s.code,
    client_id: s.clientId,
    name: s.name,
    logo: artUrl(origin, "game", `${game.gpId}-${s.code}`),
  }));
  return {
    client_id: game.clientIds[os],
    gp_id: game.gpId,
    game_key: game.gameKey,
    name: game.name,
    logo: artUrl(origin, "game", String(game.gpId)),
    banner: artUrl(origin, "banner", String(game.gpId)),
    area: game.area as Game["area"],
    currency: game.currency,
    is_select_game: game.parentGpId === undefined,
    terms: `${game.brand.links.terms}#${game.gameKey}`,
    privacy: `${game.brand.links.privacy}#${game.gameKey}`,
    sub_game: Object.fromEntries(subs.map((s) => [s.code, s])),
  };
}

const ROLE_NAMES = ["Kestrel", "Moonfang", "Ashveil", "Riven", "Solace", "Thornwick"];

/** The sandbox game server: an account that has never played gets two characters on the first servers. */
export async function ensureRoles(db: Queryable, userId: string, game: CatalogGame): Promise<void> {
  const [has] = await db.query("SELECT 1 FROM roles WHERE user_id = $1 AND gp_id = $2 LIMIT 1", [userId, game.gpId]);
  if (has) return;
  for (const n of [0, 1]) {
    const server = game.servers[n];
    await db.query(
      "INSERT INTO roles (user_id, gp_id, server_id, role_id, role_name, level, area_id) VALUES ($1, $2, $3, $4, $5, $6, 'A1') ON CONFLICT DO NOTHING",
      [
        userId,
        game.gpId,
        server?.serverId ?? "1001",
        `${userId}${n + 1}`,
        `${ROLE_NAMES[(Number(userId) + n) % ROLE_NAMES.length]}${n + 1}`,
        10 + n * 17,
      ],
    );
  }
}

interface RoleRow {
  role_id: string;
  role_name: string;
  level: number;
  server_id: string;
  area_id: string | null;
}

export async function rolesOf(db: Queryable, userId: string, game: CatalogGame, serverId?: string) {
  await ensureRoles(db, userId, game);
  const rows = await db.query<RoleRow>(
    `SELECT role_id, role_name, level, server_id, area_id FROM roles WHERE user_id = $1 AND gp_id = $2 ${serverId ? "AND server_id = $3" : ""} ORDER BY server_id, role_id`,
    serverId ? [userId, game.gpId, serverId] : [userId, game.gpId],
  );
  const serverName = (id: string) => game.servers.find((s) => s.serverId === id)?.name ?? id;
  return rows.map((r) => ({
    role_id: r.role_id,
    role_name: r.role_name,
    level: r.level,
    server_id: r.server_id,
    server_name: serverName(r.server_id),
    ...(game.isAreaRole && r.area_id ? { area_id: r.area_id } : {}),
  }));
}

export function goodsView(game: CatalogGame, origin: string): Goods[] {
  const typeSort = new Map(GOODS_TYPES.map((t) => [t.typeKey, t.typeSort]));
  return game.goods.map((g) => {
    const { price, original } = priceOf(game, g);
    return {
      value: g.productId,
      display: g.display,
      price,
      currency: game.currency,
      ...(original !== undefined ? { original_price: original } : {}),
      ...(g.bonus ? { bonus: g.bonus } : {}),
      typeKey: g.typeKey,
      isLimit: g.limit !== undefined,
      isCoupon: g.isCoupon,
      isSpecial: g.isSpecial,
      goodsSort: g.goodsSort,
      typeSort: typeSort.get(g.typeKey) ?? 99,
      couponPoints: Math.round(g.usd * 100),
      icon: artUrl(origin, "goods", g.icon),
      description: g.description,
    };
  });
}

export const gameHandlers: Handlers = {
  async getGameList({ params, platform, origin }) {
    const game = gameOf(platform, params.client_id);
    const games = platform.catalog.games.filter(
      (g) => g.brand.id === game.brand.id && g.parentGpId === undefined && (!params.domain_area || g.area === params.domain_area),
    );
    if (params.domain_area && !game.brand.areas[params.domain_area]) fail(E.wrongDomain);
    return { games: games.map((g) => gameView(g, origin, params.platform)) };
  },
  async gameLogo({ params, platform, origin }) {
    const game = gameOf(platform, params.client_id);
    return { icon: artUrl(origin, "game", String(game.gpId)), name: game.name };
  },
  async pageConfig({ params, platform }) {
    const game = gameOf(platform, params.client_id);
    checkArea(game, params.domain_area);
    const area = game.brand.areas[game.area];
    return {
      // The platform's per-game switch: on for the games of VIP brands except sub-games.
      is_open_coupon: game.vip && game.parentGpId === undefined,
      language_config: (area?.languages ?? []).join(","),
      area_config: { is_area_role: game.isAreaRole },
      brand_color: game.brand.themeColor,
      cumulative_config: { is_has_cumulative: game.hasEvents },
      continue_config: { is_has_continue: game.hasEvents },
      currency: game.currency,
      area: game.area as never,
    };
  },
  async productList({ params, platform, origin }) {
    const game = gameOf(platform, params.client_id);
    checkArea(game, params.domain_area);
    return {
      goods: goodsView(game, origin),
      types: GOODS_TYPES,
      currency: game.currency,
      explanation: "Goods are credited to the selected character within minutes of payment. Prices include taxes.",
    };
  },
  async serverList({ params, platform }) {
    const game = gameOf(platform, params.client_id);
    checkArea(game, params.domain_area);
    return { servers: game.servers.map((s) => ({ server_id: s.serverId, server_name: s.name, real_server: s.realServer })) };
  },
  async roleList(ctx) {
    const game = gameOf(ctx.platform, ctx.params.client_id);
    const user = requireUser(ctx, game);
    if (!game.servers.some((s) => s.serverId === ctx.params.server_id)) fail(E.badRequest, "unknown server");
    return { roles: await rolesOf(ctx.platform.db, user.user_id, game, ctx.params.server_id) };
  },
  async allRoleList(ctx) {
    const game = gameOf(ctx.platform, ctx.params.client_id);
    const user = requireUser(ctx, game);
    return { roles: await rolesOf(ctx.platform.db, user.user_id, game) };
  },
  async evoke({ params, platform }) {
    const game = gameOf(platform, params.client_id);
    const url = new URL(`sandbox-${game.brand.id}://open`);
    url.searchParams.set("game", game.gameKey);
    if (params.billing_no) url.searchParams.set("billing_no", params.billing_no);
    return { url: url.toString() };
  },
};
