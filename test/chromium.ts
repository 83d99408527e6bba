import type { LaunchOptions } from "@playwright/test";

// The one Chromium every browser test and benchmark drives: Debian's (or CHROMIUM_PATH), never a downloaded one.

export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Flags every launch uses: no sandbox, /dev/shm, GPU or background traffic in a container. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-dev-shm-usage",
  "--disable-gpu",
  "--disable-background-networking",
] as const;

/** Launch options for that Chromium: the common flags, then `extraArgs`. */
export function chromiumLaunchOptions(extraArgs: readonly string[] = []): LaunchOptions {
  return { executablePath: CHROMIUM_EXECUTABLE, args: [...CHROMIUM_ARGS, ...extraArgs] };
}
