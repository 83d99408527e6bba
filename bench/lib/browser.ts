import { type Browser, chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../../test/chromium";

/** Debian's Chromium (or CHROMIUM_PATH), headless, with the flags every browser benchmark runs under, plus `extraArgs`. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(extraArgs));
}
