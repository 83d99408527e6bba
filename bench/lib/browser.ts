import { type Browser, type BrowserContext, chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../../test/chromium";

/** Debian's Chromium (or CHROMIUM_PATH), headless, with the flags every browser benchmark runs under, plus `extraArgs`. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(extraArgs));
}

/**
 * Pages of `target` run without SharedWorker, as in Chrome on Android: the page holds its own stream socket, so a
 * page route can inject into it and the page's own events count it (a shared worker's socket is out of their reach).
 */
export async function withoutSharedWorker(target: Pick<BrowserContext, "addInitScript">): Promise<void> {
  await target.addInitScript(() => {
    delete (window as { SharedWorker?: unknown }).SharedWorker;
  });
}
