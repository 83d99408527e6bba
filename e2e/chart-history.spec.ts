import type { Page } from "@playwright/test";
import { type ChartState, chartState, panBack } from "./chart";
import { expect as baseExpect, need, test } from "./fixtures";
import { holdStreamInPage } from "./page-socket";
import { simState } from "./sim";

// Coming back to an interval already viewed on the page shows its whole history again, up to the latest candle.

test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

let token: { chain: string; address: string };

test.beforeAll(async () => {
  token = (await simState()).data.notable.establishedToken;
});

async function pick(page: Page, interval: string) {
  await page.locator(`[data-interval="${interval}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`interval=${interval}`));
  await expect(page.getByTestId("chart-legend")).toContainText(`· ${interval}`);
}

/** Records which ohlcv intervals the page's stream has let go of (unsubscribe sent for their subscription). */
async function watchReleases(page: Page): Promise<Set<string>> {
  await holdStreamInPage(page);
  const released = new Set<string>();
  const intervalOf = new Map<string, string>();
  page.on("websocket", (ws) =>
    ws.on("framesent", ({ payload }) => {
      const f = JSON.parse(String(payload)) as { type: string; id?: string; channel?: string; params?: { interval?: string } };
      if (f.type === "subscribe" && f.channel === "ohlcv" && f.id && f.params?.interval) {
        intervalOf.set(f.id, f.params.interval);
        released.delete(f.params.interval);
      }
      const interval = f.type === "unsubscribe" && f.id ? intervalOf.get(f.id) : undefined;
      if (interval) released.add(interval);
    }),
  );
  return released;
}

test("15m → 1m → 5m → 15m keeps each interval's full history", async ({ page, pageErrors }) => {
  const released = await watchReleases(page);
  await page.goto(`/token/${token.chain}/${token.address}?interval=15m`);
  await expect.poll(async () => (await chartState(page)).bars).toBeGreaterThanOrEqual(60);
  const first15 = await chartState(page);
  await pick(page, "1m");
  await expect.poll(async () => (await chartState(page)).bars).toBeGreaterThanOrEqual(60);
  await pick(page, "5m");
  await expect.poll(async () => (await chartState(page)).bars).toBeGreaterThanOrEqual(60);
  const first5 = await chartState(page);
  // Back only once the store has let go of the 15m series nobody shows (after its 1 s grace): its history comes back
  // from the query cache, not from a series still held.
  await expect.poll(() => released.has("15m")).toBe(true);
  await pick(page, "15m");
  await expect.poll(async () => (await chartState(page)).bars).toBeGreaterThanOrEqual(first15.bars);
  const back15 = await chartState(page);
  expect(back15.first).toBeLessThanOrEqual(first15.first);
  expect(back15.last).toBeGreaterThanOrEqual(first15.last);
  await expect.poll(() => released.has("5m")).toBe(true);
  await pick(page, "5m");
  await expect.poll(async () => (await chartState(page)).bars).toBeGreaterThanOrEqual(first5.bars);
  expect((await chartState(page)).first).toBeLessThanOrEqual(first5.first);
  expect(pageErrors).toEqual([]);
});

// After any round trip the view lands on the latest candle, even when the series comes back with older pages from
// the cache (they used to land it one page too far back), and a trader's panning loads history without a jump.
async function landsOnLatest(page: Page) {
  await expect
    .poll(async () => {
      const s = await chartState(page);
      return s.bars > 0 && s.viewLast === s.last;
    })
    .toBe(true);
}

/** Pans back until an older page has loaded (or the whole history is drawn); returns what is drawn then. */
async function panAndLoad(page: Page): Promise<ChartState> {
  const before = await chartState(page);
  await expect
    .poll(async () => {
      await panBack(page, 1);
      const s = await chartState(page);
      return s.first < before.first || !s.hasOlder;
    })
    .toBe(true);
  const s = await chartState(page);
  expect(s.viewLast).toBeLessThan(s.last);
  return s;
}

/**
 * Comes back to a 1m series panned and paged before: its history is drawn again, and the view is on the latest. The
 * cached pages are refetched from the newest, so the window may move on by the bars that formed meanwhile (and the
 * live bar drawn before may now be in the first page): it holds as many bars less those, never back to one page.
 */
async function backWithHistory(page: Page, before: ChartState) {
  // The cached series is drawn at once and its newest page refetched: the candle formed before leaving (drawn then
  // from the stream) is back once that refetch lands.
  await expect.poll(async () => (await chartState(page)).last).toBeGreaterThanOrEqual(before.last);
  await landsOnLatest(page);
  const s = await chartState(page);
  const moved = (s.last - before.last) / 60 + 1;
  expect(s.last).toBeGreaterThanOrEqual(before.last);
  expect(s.bars).toBeGreaterThanOrEqual(before.bars - moved);
}

test("the view lands on the latest candle after 15m → 1m → 5m → 15m with cached older pages", async ({
  page,
  pageErrors,
}) => {
  await page.goto(`/token/${token.chain}/${token.address}?interval=1m`);
  await landsOnLatest(page);
  const bars1m = await panAndLoad(page);
  await pick(page, "5m");
  await landsOnLatest(page);
  // the trader looks back (5m may hold its whole history in the pages already drawn)
  await panBack(page, 1);
  await expect.poll(async () => (await chartState(page)).viewLast).toBeLessThan((await chartState(page)).last);
  await pick(page, "15m");
  await landsOnLatest(page);
  await pick(page, "1m");
  await backWithHistory(page, bars1m);
  await pick(page, "5m");
  await landsOnLatest(page);
  await pick(page, "15m");
  await landsOnLatest(page);
  expect(pageErrors).toEqual([]);
});

test("the view lands on the latest candle after pool → aggregate → pool", async ({ page, pageErrors }) => {
  await page.goto(`/token/${token.chain}/${token.address}?interval=1m`);
  const select = page.getByTestId("pool-select");
  const pool = need(await select.locator("option").nth(1).getAttribute("value"), "the token has a pool to pick");
  await landsOnLatest(page);
  const barsAll = await panAndLoad(page);
  await select.selectOption(pool);
  await expect(page).toHaveURL(new RegExp(`pool=${pool}`));
  await landsOnLatest(page);
  const barsPool = await panAndLoad(page);
  await select.selectOption("");
  await expect(page).not.toHaveURL(/pool=/);
  await backWithHistory(page, barsAll);
  await select.selectOption(pool);
  await expect(page).toHaveURL(new RegExp(`pool=${pool}`));
  await backWithHistory(page, barsPool);
  expect(pageErrors).toEqual([]);
});
