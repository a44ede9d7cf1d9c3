// The bench's interaction figures (bench/inp-figures.ts): Event Timing entries grouped by
// interaction, the longest entry of each split into its three parts, each put under the step it
// started in, and the p75 with interactions under the API's threshold counted at the threshold.
import { describe, expect, test } from "vitest";
import { type Interaction, interactionsOf, p75, THRESHOLD_MS } from "../bench/inp-figures.ts";
import type { EventEntry } from "../bench/inp-page.ts";

const entry = (interactionId: number, name: string, startTime: number, processing: [number, number], duration: number): EventEntry => ({
  interactionId,
  name,
  startTime,
  processingStart: processing[0],
  processingEnd: processing[1],
  duration,
});

describe("interactionsOf", () => {
  const steps = [
    { name: "a goods card", start: 100 },
    { name: "Buy", start: 500 },
    { name: "the language picker", start: 900 },
  ];

  test("takes the longest entry of each interaction and splits it into delay, processing and presentation", () => {
    const entries = [
      entry(7, "pointerdown", 110, [120, 121], 24),
      entry(7, "click", 140, [150, 180], 48),
      entry(8, "click", 600, [640, 700], 104),
    ];
    expect(interactionsOf(steps, entries).slice(0, 2)).toEqual([
      { step: "a goods card", event: "click", duration: 48, inputDelay: 10, processing: 30, presentation: 8 },
      { step: "Buy", event: "click", duration: 104, inputDelay: 40, processing: 60, presentation: 4 },
    ]);
  });

  test("a step with no entry over the threshold is kept, with no event", () => {
    const [, , language] = interactionsOf(steps, [entry(8, "click", 600, [640, 700], 104)]);
    expect(language).toEqual({ step: "the language picker", event: "", duration: 0, inputDelay: 0, processing: 0, presentation: 0 });
  });

  test("two interactions in one step are both kept; presentation never comes out below 0 (durations are rounded to 8 ms)", () => {
    const got = interactionsOf(steps.slice(0, 1), [entry(1, "keydown", 200, [201, 230], 24), entry(2, "click", 300, [300, 310], 16)]);
    expect(got.map((i) => [i.event, i.presentation])).toEqual([
      ["keydown", 0],
      ["click", 6],
    ]);
  });
});

describe("p75", () => {
  const of = (...durations: number[]): Interaction[] =>
    durations.map((duration) => ({ step: "s", event: duration ? "click" : "", duration, inputDelay: 0, processing: 0, presentation: 0 }));

  test("is the nearest-rank 75th percentile", () => {
    expect(p75(of(40, 24, 104, 56))).toBe(56);
    expect(p75(of(10 * 8, 2 * 8, 3 * 8, 4 * 8, 5 * 8, 6 * 8, 7 * 8, 8 * 8, 9 * 8, 11 * 8))).toBe(72);
  });

  test("counts an interaction under the threshold at the threshold", () => {
    expect(p75(of(0, 0, 0, 0))).toBe(THRESHOLD_MS);
  });
});
