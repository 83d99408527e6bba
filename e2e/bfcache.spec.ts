import type { Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../test/chromium";
import { expect as baseExpect, test } from "./fixtures";
import { holdStreamInPage } from "./page-socket";
import { simScenario } from "./sim";

// Back/forward restores the board from the bfcache (issue #32), and its stream comes back: a launch made while the
// page sat in the cache reaches it (the gap repaired), and so does one made after. Playwright turns the bfcache off
// by default; this file runs with it on, and without Playwright's trace (a traced page is never put in the bfcache).

test.use({
  launchOptions: { ...chromiumLaunchOptions(), ignoreDefaultArgs: ["--disable-back-forward-cache"] },
  trace: "off",
});
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

type Ref = { chain: string; address: string };
// biome-ignore lint/suspicious/noExplicitAny: control API answers vary by action
const unwrap = (r: any) => (r && typeof r === "object" && "data" in r ? r.data : r);
const launch = async (): Promise<Ref> => unwrap(await simScenario({ action: "launch", chain: "evm:8453" }));
const card = (page: Page, t: Ref) =>
  page.locator(`section[data-view="new"] article[data-token="${t.chain}:${t.address}"]`);

for (const mode of ["the shared worker holds the socket", "the page holds the socket"] as const) {
  test(`the board comes back from the bfcache and stays live (${mode})`, async ({ page }) => {
    if (mode === "the page holds the socket") await holdStreamInPage(page);
    await page.addInitScript(() => {
      addEventListener("pageshow", (e) => {
        (window as { __restored?: boolean }).__restored = e.persisted;
      });
    });
    const res = await page.goto("/pulse?chains=evm:8453", { waitUntil: "domcontentloaded" });
    expect(res?.headers()["cache-control"] ?? "").not.toContain("no-store");
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Live" })).toBeVisible();

    await page.goto("/credits", { waitUntil: "domcontentloaded" });
    const whileAway = await launch();
    await page.waitForTimeout(1_000);
    await page.goBack({ waitUntil: "commit" });
    await expect
      .poll(() => page.evaluate(() => (window as { __restored?: boolean }).__restored ?? null))
      .toBe(true);

    await expect(card(page, whileAway)).toBeVisible();
    const after = await launch();
    await expect(card(page, after)).toBeVisible();
  });
}
