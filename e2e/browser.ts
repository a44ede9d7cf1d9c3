// How every tool here launches Chromium: Debian's /usr/bin/chromium when present, else Playwright's own.
import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export const launchOptions: LaunchOptions = {
  ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
  args: CHROMIUM_ARGS,
};
