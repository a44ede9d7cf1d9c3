// VIP: growth points and levels, and the coupons each level grants (once, or each week or month).
// Points are added by one atomic statement; a level's coupons are granted by whoever raised
// level_reached, under the row's lock, so concurrent settlements neither lose points nor grant twice.

import dayjs from "dayjs";
import isoWeek from "dayjs/plugin/isoWeek.js";
import utc from "dayjs/plugin/utc.js";
import { type CatalogGame, isVipGame } from "../catalog/catalog.ts";
import type { VipData } from "../catalog/data.ts";
import type { Queryable } from "../db.ts";
import { type CouponRow, insertCoupon, type NewCoupon, unstoredRow } from "./coupons.ts";
import { hmac } from "./crypto.ts";

dayjs.extend(utc);
dayjs.extend(isoWeek);

type Level = VipData["levels"][number];

export function levelFor(levels: VipData["levels"], points: number): Level {
  const base = levels[0] as Level;
  return [...levels].reverse().find((l) => points >= l.points) ?? base;
}

/** The ISO week of a day in UTC, e.g. 2021-W01: the period of weekly coupons. */
const isoWeekOf = (d: Date) => {
  const day = dayjs.utc(d);
  return `${day.isoWeekYear()}-W${String(day.isoWeek()).padStart(2, "0")}`;
};

/** The last second (UTC) of the ISO week or the month `now` is in: when that period's coupons end. */
const periodEnd = (kind: "week" | "month", now: Date): Date =>
  dayjs
    .utc(now)
    .endOf(kind === "week" ? "isoWeek" : "month")
    .startOf("second")
    .toDate();

export interface VipRow {
  total_points: number;
  spent_points: number;
  level_reached: number;
}

/** The account's VIP standing; an account that never earned a point has none stored (a read writes nothing). */
export async function vipAccount(db: Queryable, userId: string, brandId: string): Promise<VipRow> {
  const [row] = await db.query<VipRow>(
    "SELECT total_points, spent_points, level_reached FROM vip_accounts WHERE user_id = $1 AND brand_id = $2",
    [userId, brandId],
  );
  return row ?? { total_points: 0, spent_points: 0, level_reached: 0 };
}

/**
 * Adds growth points (in the caller's transaction); each level reached for the first time grants its
 * permanent coupons. The upsert adds to the stored total in SQL and keeps the row locked until the
 * transaction ends, so the level read back is the latest and only one settlement grants it.
 */
export async function addGrowthPoints(
  tx: Queryable,
  vip: VipData,
  game: CatalogGame,
  userId: string,
  points: number,
  now: Date,
): Promise<void> {
  if (!isVipGame(game) || points <= 0) return;
  const brandId = game.brand.id;
  const [after] = await tx.query<{ total_points: number; level_reached: number }>(
    `INSERT INTO vip_accounts (user_id, brand_id, total_points) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, brand_id) DO UPDATE SET total_points = vip_accounts.total_points + EXCLUDED.total_points
     RETURNING total_points, level_reached`,
    [userId, brandId, points],
  );
  if (!after) return;
  const level = levelFor(vip.levels, after.total_points).level;
  if (level <= after.level_reached) return;
  await tx.query("UPDATE vip_accounts SET level_reached = $3 WHERE user_id = $1 AND brand_id = $2", [userId, brandId, level]);
  for (const passed of vip.levels.filter((x) => x.level > after.level_reached && x.level <= level)) {
    for (const coupon of passed.coupons.filter((x) => x.type === "permanent")) {
      for (let i = 0; i < coupon.count; i++) {
        await insertCoupon(tx, game, userId, {
          ...coupon,
          period: `level-${passed.level}-${i}`,
          claimed: true,
          validDays: 365,
          now,
          minLevel: passed.level,
        });
      }
    }
  }
}

/**
 * A period grant's code: derived from the account, brand, kind, period and name, so listing and
 * claiming agree, and keyed with the platform's secret, so nobody else can compute it from those
 * values, all of which others can know (docs/security.md, "Where features meet").
 */
function grantCode(secret: string, userId: string, brandId: string, kind: string, period: string, name: string): string {
  const digest = hmac(secret, `coupon-grant\n${userId}\n${brandId}\n${kind}\n${period}\n${name}`);
  return `CP${kind === "week" ? "W" : "M"}${digest.slice(0, 14).toUpperCase()}`;
}

/**
 * The weekly and monthly coupons the account's level grants for the current period, claimable. They
 * are not stored until claimed: the list shows them, a claim stores them (once: the grant's code and
 * the table's unique key are the same for every claim of the period).
 */
export function periodGrants(
  secret: string,
  vip: VipData,
  game: CatalogGame,
  userId: string,
  totalPoints: number,
  now: Date,
): (NewCoupon & { code: string })[] {
  if (!isVipGame(game)) return [];
  const level = levelFor(vip.levels, totalPoints);
  const grants: (NewCoupon & { code: string })[] = [];
  for (const coupon of level.coupons.filter((x) => x.type !== "permanent")) {
    const kind = coupon.type as "week" | "month";
    const period = kind === "week" ? isoWeekOf(now) : now.toISOString().slice(0, 7);
    for (let i = 0; i < coupon.count; i++) {
      const name = coupon.count > 1 ? `${coupon.name} #${i + 1}` : coupon.name;
      grants.push({
        ...coupon,
        name,
        code: grantCode(secret, userId, game.brand.id, kind, period, name),
        period,
        claimed: true,
        validUntil: periodEnd(kind, now),
        now,
        minLevel: level.level,
      });
    }
  }
  return grants;
}

/** The period's grants as unclaimed coupon rows, for the list. */
export const unstoredGrants = (game: CatalogGame, grants: readonly (NewCoupon & { code: string })[]): CouponRow[] =>
  grants.map((g) => unstoredRow(game, g));
