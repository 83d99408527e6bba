import type { Page } from "@playwright/test";

/**
 * Arms a page against hostile markup before any of its scripts run: each of `fns` (`alert`, `confirm`, …) is replaced
 * by one that sets `window[sentinel] = 1`, and any dialog that still opens is dismissed and counted. Returns that count.
 */
export async function trapDialogs(page: Page, sentinel: string, fns: readonly string[]): Promise<() => number> {
  await page.addInitScript(
    ({ k, names }) => {
      const w = window as unknown as Record<string, unknown>;
      for (const f of names)
        w[f] = () => {
          w[k] = 1;
        };
    },
    { k: sentinel, names: [...fns] },
  );
  let dialogs = 0;
  page.on("dialog", (d) => {
    dialogs++;
    void d.dismiss();
  });
  return () => dialogs;
}
