// The sandbox game server's characters: created on first sight of an account, listed per server.
import type { CatalogGame } from "../catalog/catalog.ts";
import type { Queryable } from "../db.ts";
import { E, fail } from "./errors.ts";
import { gameOf } from "./games.ts";
import type { Answer, Caller, Params, Platform } from "./platform.ts";
import { requireUser } from "./sessions.ts";

/** An account that has never played gets two characters on the first servers. */
export async function ensureRoles(db: Queryable, roleNames: readonly string[], userId: string, game: CatalogGame): Promise<void> {
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
        `${roleNames[(Number(userId) + n) % roleNames.length]}${n + 1}`,
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

async function rolesOf(platform: Platform, userId: string, game: CatalogGame, serverId?: string) {
  const { db, catalog } = platform;
  await ensureRoles(db, catalog.roleNames, userId, game);
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

export async function roleList(platform: Platform, params: Params<"roleList">, caller: Caller): Answer<"roleList"> {
  const game = gameOf(platform, params.client_id);
  const user = requireUser(caller.user, game);
  if (!game.servers.some((s) => s.serverId === params.server_id)) fail(E.badRequest, "unknown server");
  return { roles: await rolesOf(platform, user.user_id, game, params.server_id) };
}

export async function allRoleList(platform: Platform, params: Params<"allRoleList">, caller: Caller): Answer<"allRoleList"> {
  const game = gameOf(platform, params.client_id);
  const user = requireUser(caller.user, game);
  return { roles: await rolesOf(platform, user.user_id, game) };
}
