// A fresh Chromium for the bench's own CDP clients (Lighthouse, the bare page): the system browser
// when there is one, the flags of the e2e suite, and a fresh profile each time (chrome-launcher).
import { chromium } from "@playwright/test";
import { type LaunchedChrome, launch } from "chrome-launcher";
import { CHROMIUM_ARGS, launchOptions } from "../e2e/browser.ts";

export function launchChromium(extraFlags: string[] = []): Promise<LaunchedChrome> {
  return launch({
    chromePath: launchOptions.executablePath ?? chromium.executablePath(),
    chromeFlags: [...CHROMIUM_ARGS, ...extraFlags],
  });
}
