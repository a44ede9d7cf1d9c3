// VIP: growth points and levels, and the coupons each level grants (once, or each week or month).
import dayjs from "dayjs";
import isoWeek from "dayjs/plugin/isoWeek.js";
import utc from "dayjs/plugin/utc.js";
import { type CatalogGame, isVipGame } from "../catalog/catalog.ts";
import type { VipData } from "../catalog/data.ts";
import type { Queryable } from "../db.ts";
import { insertCoupon } from "./coupons.ts";

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

function periodEnd(kind: "week" | "month", now: Date): Date {
  if (kind === "month") return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 1000);
  const day = now.getUTCDay() || 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + (8 - day)) - 1000);
}

interface VipRow {
  total_points: number;
  spent_points: number;
  level_reached: number;
}

export async function vipAccount(db: Queryable, userId: string, brandId: string): Promise<VipRow> {
  await db.query("INSERT INTO vip_accounts (user_id, brand_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", [userId, brandId]);
  const [row] = await db.query<VipRow>(
    "SELECT total_points, spent_points, level_reached FROM vip_accounts WHERE user_id = $1 AND brand_id = $2",
    [userId, brandId],
  );
  return row ?? { total_points: 0, spent_points: 0, level_reached: 0 };
}

/** Adds growth points; each level reached for the first time grants its permanent coupons. */
export async function addGrowthPoints(
  db: Queryable,
  vip: VipData,
  game: CatalogGame,
  userId: string,
  points: number,
  now: Date,
): Promise<void> {
  if (!isVipGame(game) || points <= 0) return;
  const brandId = game.brand.id;
  const before = await vipAccount(db, userId, brandId);
  const total = before.total_points + points;
  const level = levelFor(vip.levels, total).level;
  await db.query(
    "UPDATE vip_accounts SET total_points = $3, level_reached = GREATEST(level_reached, $4) WHERE user_id = $1 AND brand_id = $2",
    [userId, brandId, total, level],
  );
  for (const l of vip.levels.filter((x) => x.level > before.level_reached && x.level <= level)) {
    for (const c of l.coupons.filter((x) => x.type === "permanent")) {
      for (let i = 0; i < c.count; i++) {
        await insertCoupon(db, game, userId, {
          ...c,
          period: `level-${l.level}-${i}`,
          claimed: true,
          validDays: 365,
          now,
          minLevel: l.level,
        });
      }
    }
  }
}

/** Weekly and monthly coupons of the account's level for the current period, claimable. */
export async function ensurePeriodGrants(db: Queryable, vip: VipData, game: CatalogGame, userId: string, now: Date): Promise<void> {
  if (!isVipGame(game)) return;
  const account = await vipAccount(db, userId, game.brand.id);
  const level = levelFor(vip.levels, account.total_points);
  for (const c of level.coupons.filter((x) => x.type !== "permanent")) {
    const kind = c.type as "week" | "month";
    const period = kind === "week" ? isoWeekOf(now) : now.toISOString().slice(0, 7);
    for (let i = 0; i < c.count; i++) {
      await insertCoupon(db, game, userId, {
        ...c,
        name: c.count > 1 ? `${c.name} #${i + 1}` : c.name,
        period,
        claimed: false,
        validUntil: periodEnd(kind, now),
        now,
        minLevel: level.level,
      });
    }
  }
}
