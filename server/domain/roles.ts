// The sandbox game server's characters: created on first sight of an account, listed per server.
import type { CatalogGame } from "../catalog/catalog.ts";
import type { Queryable } from "../db.ts";
import { CODE, fail } from "./errors.ts";
import { gameOf } from "./games.ts";
import type { Answer, Caller, Params, Platform } from "./platform.ts";
import { requireUser } from "./sessions.ts";

/**
 * The sandbox game server's characters: an account that has never played a game gets two on its
 * first servers, when it signs in (or is seeded), in one statement for all the games given. Reads
 * never create characters.
 */
export async function ensureRoles(
  db: Queryable,
  roleNames: readonly string[],
  userId: string,
  games: readonly CatalogGame[],
): Promise<void> {
  const rows = games.flatMap((game) =>
    [0, 1].map((slot) => ({
      gpId: game.gpId,
      serverId: game.servers[slot]?.serverId ?? "1001",
      roleId: `${userId}${slot + 1}`,
      name: `${roleNames[(Number(userId) + slot) % roleNames.length]}${slot + 1}`,
      level: 10 + slot * 17,
    })),
  );
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO roles (user_id, gp_id, server_id, role_id, role_name, level, area_id)
     SELECT $1::bigint, g.gp_id, g.server_id, g.role_id, g.role_name, g.level, 'A1'
       FROM unnest($2::integer[], $3::text[], $4::text[], $5::text[], $6::integer[]) AS g(gp_id, server_id, role_id, role_name, level)
      WHERE NOT EXISTS (SELECT 1 FROM roles r WHERE r.user_id = $1::bigint AND r.gp_id = g.gp_id)
     ON CONFLICT DO NOTHING`,
    [
      userId,
      rows.map((r) => r.gpId),
      rows.map((r) => r.serverId),
      rows.map((r) => r.roleId),
      rows.map((r) => r.name),
      rows.map((r) => r.level),
    ],
  );
}

interface RoleRow {
  role_id: string;
  role_name: string;
  level: number;
  server_id: string;
  area_id: string | null;
}

async function rolesOf(platform: Platform, userId: string, game: CatalogGame, serverId?: string) {
  const { db } = platform;
  const rows = await db.query<RoleRow>(
    `SELECT role_id, role_name, level, server_id, area_id FROM roles WHERE user_id = $1 AND gp_id = $2 ${serverId ? "AND server_id = $3" : ""} ORDER BY server_id, role_id`,
    serverId ? [userId, game.gpId, serverId] : [userId, game.gpId],
  );
  const serverName = (id: string) => game.servers.find((s) => s.serverId === id)?.name ?? id;
  return rows.map((row) => ({
    role_id: row.role_id,
    role_name: row.role_name,
    level: row.level,
    server_id: row.server_id,
    server_name: serverName(row.server_id),
    ...(game.isAreaRole && row.area_id ? { area_id: row.area_id } : {}),
  }));
}

export async function roleList(platform: Platform, params: Params<"roleList">, caller: Caller): Answer<"roleList"> {
  const game = gameOf(platform, params.client_id);
  const user = requireUser(caller.user, game);
  if (!game.servers.some((s) => s.serverId === params.server_id)) fail(CODE.badRequest, "unknown server");
  return { roles: await rolesOf(platform, user.user_id, game, params.server_id) };
}

export async function allRoleList(platform: Platform, params: Params<"allRoleList">, caller: Caller): Answer<"allRoleList"> {
  const game = gameOf(platform, params.client_id);
  const user = requireUser(caller.user, game);
  return { roles: await rolesOf(platform, user.user_id, game) };
}
