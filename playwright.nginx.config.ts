// `npm run test:nginx`: the production path, the built dist/ behind a real nginx (e2e/nginx-setup.ts),
// in Chromium (e2e/nginx.smoke.ts) and checked by `gen verify` (e2e/nginx.verify.ts).
import { defineConfig, devices } from "@playwright/test";
import { launchOptions } from "./e2e/browser.ts";

export default defineConfig({
  testDir: "e2e",
  testMatch: ["nginx.smoke.ts", "nginx.verify.ts"],
  outputDir: "test-results/nginx",
  globalSetup: "./e2e/nginx-setup.ts",
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: { ...devices["Desktop Chrome"], trace: "retain-on-failure", launchOptions },
});
