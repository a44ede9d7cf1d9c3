// e2e in Chromium: Debian's /usr/bin/chromium when present, else Playwright's own browser.
import { defineConfig, devices } from "@playwright/test";
import { launchOptions } from "./e2e/browser.ts";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  // A loaded 2-core CI machine can take more than the default 5 s to show a page.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    ...devices["Desktop Chrome"],
    // Recording a trace of every test (to keep the failures') made the suite a third slower on two
    // cores; a failure still leaves its page's ARIA snapshot and a screenshot. `--trace on` to debug.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions,
  },
});
