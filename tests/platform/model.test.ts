// The model-based test of the platform (tests/platform/model.ts): random sequences of calls by
// several players against a model of the rules, invariants checked after every step. A fixed seed
// and a bounded number of runs here; `npm run test:model -- --runs N --seed S` runs it longer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "./harness.ts";
import { executed, runModel, startPlatform } from "./model.ts";

let h: Harness;
beforeAll(async () => {
  h = await startPlatform();
}, 120_000);
afterAll(async () => h?.close());

describe("the platform against a model of its rules", () => {
  it("keeps money, points, lockouts, coupons, links and keys as the model says, over random sequences of calls by several players", async () => {
    await runModel(h, { runs: 40, seed: 36, maxCommands: 40 });
    // Every kind of command ran (a precondition that never held would leave a rule untested).
    expect([...executed.keys()].sort()).toEqual([
      "Advance",
      "CardGuess",
      "ClaimEvent",
      "Coupons",
      "Exchange",
      "Logout",
      "MakeLink",
      "MakeUpPay",
      "Notify",
      "Order",
      "ProviderSignIn",
      "ReadOrder",
      "Retry",
      "SignIn",
    ]);
    expect([...executed.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(200);
  }, 120_000);
});
