import { type Browser, chromium } from "@playwright/test";

/** Debian's Chromium (or CHROMIUM_PATH), headless, with the flags every browser benchmark runs under, plus `extraArgs`. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--disable-background-networking", ...extraArgs],
  });
}
