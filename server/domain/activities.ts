// Which top-up events a game runs: those of events.json, over the current calendar month (UTC), with
// their texts in the caller's language.
import { type Catalog, type CatalogGame, usdCents } from "../catalog/catalog.ts";
import { type Texts, textId } from "../catalog/texts.ts";

export interface Activity {
  id: string;
  type: "cumulative" | "continue";
  title: string;
  description: string;
  start: Date;
  end: Date;
  /** Thresholds in minor units of the game's currency (cumulative) or in days in a row (continue). */
  rewards: { id: string; name: string; threshold: number }[];
}

export function activitiesFor(catalog: Catalog, game: CatalogGame, now: Date, { text }: Texts): Activity[] {
  if (!game.hasEvents) return [];
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 1000);
  const period = start.toISOString().slice(0, 7);
  return catalog.events.map((event) => ({
    id: `${event.idPrefix}-${game.gpId}-${period}`,
    type: event.type,
    title: text(textId.eventTitle(event.idPrefix), event.title),
    description: event.description && text(textId.eventDescription(event.idPrefix), event.description),
    start,
    end,
    rewards: event.rewards.map((reward) => ({
      id: reward.id,
      name: text(textId.eventReward(event.idPrefix, reward.id), reward.name),
      threshold: event.type === "cumulative" ? catalog.money.fromBase(usdCents(reward.threshold), game.currency) : reward.threshold,
    })),
  }));
}
