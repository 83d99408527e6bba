import type { Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../test/chromium";
import { expect as baseExpect, test } from "./fixtures";
import { holdStreamInPage } from "./page-socket";
import { simGet, simScenario } from "./sim";

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

// The shared worker holds the socket for every tab of the app, so it is tested with a second tab of the app open: a
// page alone with its shared worker is evicted from the cache by Chromium 150 (Debian 12's) whatever the page does
// ("sharedworker-with-no-active-client"), while Chromium 156 keeps it. A page that holds the socket itself is tested
// alone.
for (const mode of ["the shared worker holds the socket", "the page holds the socket"] as const) {
  test(`the board comes back from the bfcache and stays live (${mode})`, async ({ page, context }) => {
    if (mode === "the page holds the socket") await holdStreamInPage(page);
    else {
      const other = await context.newPage();
      await other.goto("/pulse?chains=solana", { waitUntil: "domcontentloaded" });
      await expect(other.getByRole("main").getByRole("status").filter({ hasText: "Live" })).toBeVisible();
    }
    // Chromium's own account of a navigation that did not use the bfcache: the page's notRestoredReasons hide most of
    // them ("masked"); the DevTools protocol names them (SharedWorkerMessage, JavaScriptExecution, ...).
    const notUsed: string[] = [];
    const cdp = await context.newCDPSession(page);
    cdp.on("Page.backForwardCacheNotUsed", (e) =>
      notUsed.push(
        ...e.notRestoredExplanations.map((x) => `${x.type}:${x.reason}${x.context ? `(${x.context})` : ""}`),
      ),
    );
    await cdp.send("Page.enable");
    await page.addInitScript(() => {
      addEventListener("pageshow", (e) => {
        (window as { __restored?: boolean }).__restored = e.persisted;
      });
    });
    const res = await page.goto("/pulse?chains=evm:8453", { waitUntil: "domcontentloaded" });
    expect(res?.headers()["cache-control"] ?? "").not.toContain("no-store");
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Live" })).toBeVisible();

    await page.goto("/credits", { waitUntil: "domcontentloaded" });
    // The trader reads the page they went to (it has loaded and drawn its figures)...
    await expect(page.getByTestId("credits-budget-value")).toContainText(/unlimited|\d/);
    const whileAway = await launch();
    // ...and the market lists a launch made meanwhile (its stream has sent it, to nobody here) before they go back.
    await expect
      .poll(async () =>
        (await simGet<{ data: Ref[] }>("/v1/pulse?view=new&chains=evm:8453&limit=100")).data.some(
          (t) => t.address === whileAway.address,
        ),
      )
      .toBe(true);
    await page.goBack({ waitUntil: "commit" });
    // A page the browser did not keep loads afresh: its first documents are replaced while this polls.
    await expect
      .poll(() => page.evaluate(() => (window as { __restored?: boolean }).__restored ?? null).catch(() => null))
      .not.toBeNull();
    // When the browser did not restore the page, why (Chromium's notRestoredReasons for this navigation).
    const why = await page.evaluate(() =>
      JSON.stringify(
        (
          performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & {
            notRestoredReasons?: unknown;
          }
        )?.notRestoredReasons ?? null,
      ),
    );
    expect(
      await page.evaluate(() => (window as { __restored?: boolean }).__restored),
      `${why}; Chromium: ${notUsed.join(", ") || "no reason given"}`,
    ).toBe(true);

    await expect(card(page, whileAway)).toBeVisible();
    const after = await launch();
    await expect(card(page, after)).toBeVisible();
  });
}
