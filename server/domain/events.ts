// Cumulative and continuous top-up events: progress from paid orders, each reward claimed once.
import type { Activity as ActivityView } from "../../core/browser/generated/api-types.ts";
import type { CatalogGame } from "../catalog/catalog.ts";
import { toWire } from "../catalog/money.ts";
import { textsFor } from "../catalog/texts.ts";
import type { Queryable } from "../db.ts";
import { type Activity, activitiesFor } from "./activities.ts";
import { CODE, fail } from "./errors.ts";
import { gameOf } from "./games.ts";
import type { Answer, Caller, Params, Platform } from "./platform.ts";
import { requireUser } from "./sessions.ts";

/** Amount topped up in the window (minor units), or the longest run of consecutive days with a paid order. */
async function progressOf(db: Queryable, game: CatalogGame, userId: string, activity: Activity): Promise<number> {
  if (activity.type === "cumulative") {
    const [row] = await db.query<{ total: string | null }>(
      "SELECT sum(amount_minor)::text AS total FROM orders WHERE user_id = $1 AND gp_id = $2 AND status = 1 AND paid_at BETWEEN $3 AND $4",
      [userId, game.gpId, activity.start, activity.end],
    );
    return Number(row?.total ?? 0);
  }
  const days = await db.query<{ day: string }>(
    "SELECT DISTINCT to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM orders WHERE user_id = $1 AND gp_id = $2 AND status = 1 AND paid_at BETWEEN $3 AND $4 ORDER BY day",
    [userId, game.gpId, activity.start, activity.end],
  );
  let best = 0;
  let streak = 0;
  let previous: number | undefined;
  for (const { day } of days) {
    const dayNumber = Date.parse(`${day}T00:00:00Z`) / 86_400_000;
    streak = previous !== undefined && dayNumber - previous === 1 ? streak + 1 : 1;
    best = Math.max(best, streak);
    previous = dayNumber;
  }
  return best;
}

/** A cumulative event's amounts go out as the wire's decimals; days stay days. */
const shown = (activity: Activity, game: CatalogGame, amount: number) =>
  activity.type === "cumulative" ? toWire(amount, game.currency) : amount;

async function activityView(db: Queryable, game: CatalogGame, userId: string, activity: Activity): Promise<ActivityView> {
  const progress = await progressOf(db, game, userId, activity);
  const claimed = new Set(
    (
      await db.query<{ reward_id: string }>("SELECT reward_id FROM activity_claims WHERE activity_id = $1 AND user_id = $2", [
        activity.id,
        userId,
      ])
    ).map((r) => r.reward_id),
  );
  return {
    activity_id: activity.id,
    type: activity.type,
    title: activity.title,
    description: activity.description,
    start_time: Math.floor(activity.start.getTime() / 1000),
    end_time: Math.floor(activity.end.getTime() / 1000),
    progress: shown(activity, game, progress),
    ...(activity.type === "cumulative" ? { currency: game.currency } : {}),
    rewards: activity.rewards.map((reward) => ({
      reward_id: reward.id,
      name: reward.name,
      threshold: shown(activity, game, reward.threshold),
      state: claimed.has(reward.id) ? "received" : progress >= reward.threshold ? "claimable" : "locked",
    })),
  };
}

export async function activityInfo(platform: Platform, params: Params<"activityInfo">, caller: Caller): Answer<"activityInfo"> {
  const game = gameOf(platform, params.client_id);
  const user = requireUser(caller.user, game);
  const activities = activitiesFor(platform.catalog, game, platform.now(), textsFor(platform.catalog.translations, params.spec_lang));
  return { activities: await Promise.all(activities.map((a) => activityView(platform.db, game, user.user_id, a))) };
}

/** Claims a reached reward, once: the claim and the progress are read in one transaction. */
export async function receiveActivityGift(
  platform: Platform,
  params: Params<"receiveActivityGift">,
  caller: Caller,
): Answer<"receiveActivityGift"> {
  const game = gameOf(platform, params.client_id);
  const user = requireUser(caller.user, game);
  const activity = activitiesFor(platform.catalog, game, platform.now(), textsFor(platform.catalog.translations, params.spec_lang)).find(
    (a) => a.id === params.activity_id,
  );
  const reward = activity?.rewards.find((r) => r.id === params.reward_id);
  if (!activity || !reward) fail(CODE.activityMissing);
  return platform.db.transaction(async (tx) => {
    const progress = await progressOf(tx, game, user.user_id, activity);
    if (progress < reward.threshold) fail(CODE.claimFailed, "claim failed: the reward is not reached yet");
    const inserted = await tx.query(
      "INSERT INTO activity_claims (activity_id, reward_id, user_id, claimed_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING reward_id",
      [activity.id, reward.id, user.user_id, platform.now()],
    );
    if (inserted.length === 0) fail(CODE.claimFailed, "claim failed: the reward was already received");
    return { reward_id: reward.id, name: reward.name, threshold: shown(activity, game, reward.threshold), state: "received" as const };
  });
}

/** Which events run, and how many rewards the caller (when logged in to this brand) can claim. */
export async function activityStatus(platform: Platform, params: Params<"activityStatus">, caller: Caller): Answer<"activityStatus"> {
  const game = gameOf(platform, params.client_id);
  const activities = activitiesFor(platform.catalog, game, platform.now(), textsFor(platform.catalog.translations, params.spec_lang));
  let claimable = 0;
  if (caller.user && caller.user.brand_id === game.brand.id) {
    for (const activity of activities) {
      const view = await activityView(platform.db, game, caller.user.user_id, activity);
      claimable += view.rewards.filter((r) => r.state === "claimable").length;
    }
  }
  return {
    is_has_cumulative: activities.some((a) => a.type === "cumulative"),
    is_has_continue: activities.some((a) => a.type === "continue"),
    claimable,
  };
}
