// Purchase limits of goods: how much of a limited goods a character (or an account) has bought.
import type { LimitInfo } from "../../core/browser/generated/api-types.ts";
import type { CatalogGame, CatalogGoods } from "../catalog/catalog.ts";
import type { Queryable } from "../db.ts";
import { CODE, fail } from "./errors.ts";
import { gameOf } from "./games.ts";
import type { Answer, Caller, Params, Platform } from "./platform.ts";
import { requireUser } from "./sessions.ts";
import { unixSeconds } from "./time.ts";

export interface LimitState {
  used: number;
  /** The unpaid order of this goods in the caller's scope, which must be paid (or fail) before another. */
  pending?: string;
  /** Unpaid orders of this goods in other scopes (a make-up link's; the player's own, for a link): each holds a share of the limit. */
  held: number;
  nextPayTime: number;
}

/**
 * How much of a limited goods the role (or, for 'game', the account) has used. `scope` is whose
 * unpaid order counts as the caller's: '' for the player's own orders, a link's id for its make-up payments.
 */
export async function limitState(
  db: Queryable,
  game: CatalogGame,
  goods: CatalogGoods,
  userId: string,
  roleId: string,
  now: Date,
  scope = "",
): Promise<LimitState> {
  const limit = goods.limit;
  if (!limit) return { used: 0, held: 0, nextPayTime: 0 };
  const byAccount = limit.type === "game";
  const windowed = limit.type !== "role" && limit.days > 0;
  const rows = await db.query<{ status: number; billing_no: string; paid_at: string | null; scope: string }>(
    `SELECT status, billing_no, paid_at, coalesce(replenish_id, '') AS scope FROM orders
      WHERE gp_id = $1 AND product_id = $2 AND ${byAccount ? "user_id = $3" : "role_id = $3"}
        AND (status = -1 OR (status = 1 ${windowed ? "AND paid_at > $4" : ""}))
      ORDER BY paid_at`,
    windowed
      ? [game.gpId, goods.productId, byAccount ? userId : roleId, new Date(now.getTime() - limit.days * 86_400_000)]
      : [game.gpId, goods.productId, byAccount ? userId : roleId],
  );
  const paid = rows.filter((r) => r.status === 1);
  const pending = rows.find((r) => r.status === -1 && r.scope === scope)?.billing_no;
  const held = rows.filter((r) => r.status === -1 && r.scope !== scope).length;
  let nextPayTime = 0;
  if (paid.length >= limit.frequency && windowed) {
    const oldest = paid[paid.length - limit.frequency];
    nextPayTime = unixSeconds(oldest?.paid_at) + limit.days * 86_400;
  }
  return { used: paid.length, held, nextPayTime, ...(pending ? { pending } : {}) };
}

function limitView(goods: CatalogGoods, state: LimitState): LimitInfo {
  const limit = goods.limit ?? { type: "role" as const, frequency: 0, days: 0 };
  return {
    product_id: goods.productId,
    limit_type: limit.type,
    frequency: limit.frequency,
    day_info: limit.days,
    extra_pay_times: state.pending ? -1 : Math.max(0, limit.frequency - state.used - state.held),
    next_pay_time: state.nextPayTime,
    ...(state.pending ? { pending_billing_no: state.pending } : {}),
  };
}

/** What is left of each limited goods of the game for a character. */
export async function limitProductInfo(platform: Platform, params: Params<"limitProductInfo">, caller: Caller): Answer<"limitProductInfo"> {
  const game = gameOf(platform, params.client_id);
  const user = requireUser(caller.user, game);
  // Only the account's own character: another's pending order number is not for this caller.
  const [own] = await platform.db.query("SELECT 1 FROM roles WHERE gp_id = $1 AND role_id = $2 AND server_id = $3 AND user_id = $4", [
    game.gpId,
    params.role_id,
    params.server_id,
    user.user_id,
  ]);
  if (!own) fail(CODE.roleNotFound);
  const now = platform.now();
  const limits: LimitInfo[] = [];
  for (const goods of game.goods.filter((g) => g.limit)) {
    limits.push(limitView(goods, await limitState(platform.db, game, goods, user.user_id, params.role_id, now)));
  }
  return { limits };
}
