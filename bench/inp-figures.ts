// Event Timing entries made into interactions, as INP reads them (bench/inp.ts): grouped by
// interaction, the longest entry of each, split into input delay, processing and presentation.
import type { EventEntry } from "./inp-page.ts";
import type { Step } from "./inp-steps.ts";

/** Below this the Event Timing API reports nothing: such an interaction counts as this much (an upper bound). */
export const THRESHOLD_MS = 16;

export interface Interaction {
  step: string;
  /** The longest entry's event (`pointerup`, `click`, `keydown`…); "" when none passed the threshold. */
  event: string;
  duration: number;
  inputDelay: number;
  processing: number;
  presentation: number;
}

/** Each step's interactions: the entries grouped by interaction, the longest of each, by start time. */
export function interactionsOf(steps: Step[], entries: EventEntry[]): Interaction[] {
  const longest = new Map<number, EventEntry>();
  for (const entry of entries) {
    const kept = longest.get(entry.interactionId);
    if (!kept || entry.duration > kept.duration) longest.set(entry.interactionId, entry);
  }
  const byStart = [...longest.values()].sort((a, b) => a.startTime - b.startTime);
  return steps.flatMap((step, i) => {
    const end = steps[i + 1]?.start ?? Number.POSITIVE_INFINITY;
    const mine = byStart.filter((e) => e.startTime >= step.start && e.startTime < end);
    if (!mine.length) return [{ step: step.name, event: "", duration: 0, inputDelay: 0, processing: 0, presentation: 0 }];
    return mine.map((e) => ({
      step: step.name,
      event: e.name,
      duration: e.duration,
      inputDelay: e.processingStart - e.startTime,
      processing: e.processingEnd - e.processingStart,
      // The API rounds a duration to 8 ms, so what is left after processing can come out a little below 0.
      presentation: Math.max(0, e.startTime + e.duration - e.processingEnd),
    }));
  });
}

/** The 75th percentile (nearest rank) of the interactions' latencies, those under the threshold counted at it. */
export function p75(interactions: Interaction[]): number {
  const sorted = interactions.map((i) => Math.max(i.duration, THRESHOLD_MS)).sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1] ?? 0;
}
