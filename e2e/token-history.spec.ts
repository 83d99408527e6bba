import { chartState } from "./chart";
import { expect as baseExpect, need, test } from "./fixtures";
import { simGet, simState } from "./sim";
import { MAX_TAPE_PAGES, TAPE_OLDER_PAGE_ROWS } from "@/lib/client/queries/infinite";

// How far back a token page reaches: a busy token's tape pages back a whole day, and a token past the half hour the
// market keeps second candles for opens on a chart that covers its whole life.

test.describe.configure({ timeout: 360_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

const DAY_MS = 86_400_000;

type Ref = { chain: string; address: string; pools: string[] };

test("a busy token's tape scrolls back a full day, newest first, each trade once", async ({ page, pageErrors }) => {
  const state = (await simState()).data;
  const t = need<Ref>(state.notable.dayTapeToken, "a busy established token whose day fits its tape");
  const day = await simGet<{ data: { txns24h: number } }>(`/v1/token?chain=${t.chain}&address=${t.address}`);
  expect(day.data.txns24h, "a busy token: thousands of trades a day").toBeGreaterThan(2_000);

  await page.goto(`/token/${t.chain}/${t.address}`);
  const tape = page.getByTestId("trade-tape");
  await expect(tape.getByTestId("trade-row").first()).toBeVisible();
  // What a trader does: keep scrolling to the bottom; older pages load as the end comes near.
  const bottom = () =>
    tape.evaluate((el: HTMLElement) => {
      el.scrollTop = el.scrollHeight;
      const rows = [...el.querySelectorAll<HTMLElement>('[data-testid="trade-row"]')];
      return rows.map((r) => ({
        key: r.dataset.key ?? "",
        at: Date.parse(r.querySelector("time")?.getAttribute("datetime") ?? ""),
        age: r.querySelector("time")?.textContent ?? "",
      }));
    });
  const seen = new Map<string, number>();
  let oldest = Number.POSITIVE_INFINITY;
  await expect
    .poll(
      async () => {
        for (const r of await bottom()) {
          expect(r.at, `row ${r.key} has a time`).not.toBeNaN();
          seen.set(r.key, r.at);
          oldest = Math.min(oldest, r.at);
        }
        return oldest;
      },
      { timeout: 180_000, intervals: [200] },
    )
    .toBeLessThanOrEqual(state.now - DAY_MS);
  // The rows drawn at the bottom are the day-old ones, newest first, and say so.
  const last = await bottom();
  for (let i = 1; i < last.length; i++) expect(last[i].at).toBeLessThanOrEqual(last[i - 1].at);
  expect(new Set(last.map((r) => r.key)).size).toBe(last.length);
  expect(last[last.length - 1]?.age).toMatch(/^\d+d$/);
  // Every row the list holds is a distinct trade: its height is one row per trade seen.
  const held = await tape.locator('ol[aria-label="Trade tape"]').evaluate((el: HTMLElement) => el.offsetHeight);
  const rowHeight = await tape
    .getByTestId("trade-row")
    .first()
    .evaluate((el: HTMLElement) => el.offsetHeight);
  expect(Math.round(held / rowHeight)).toBeGreaterThan(2_000);
  await expect(tape.getByText("Trades could not load")).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test("a token older than the half hour of second candles opens on 1m candles covering its whole life", async ({
  page,
  pageErrors,
}) => {
  // The oldest launchpad token still trading: on this market they date from the warm-up, so wait (on the market's
  // clock) until it is past its 33rd minute. The default used to be 15 s candles, which reach only 30 minutes back:
  // they would start 3 minutes after its first trade, not within its first 2.
  const boards = await Promise.all(
    ["graduated", "bonding"].map((view) =>
      simGet<{
        data: { chain: string; address: string; createdAt: number; txns: number; pool: { address: string } }[];
      }>(`/v1/pulse?view=${view}&chains=solana,evm:8453&limit=100`),
    ),
  );
  const candidates = boards.flatMap((b) => b.data).filter((x) => x.txns >= 30);
  const t = need(
    candidates.sort((a, b) => a.createdAt - b.createdAt)[0],
    "a launchpad token with some trading on the boards",
  );
  await expect
    .poll(async () => (await simState()).data.now - t.createdAt, { timeout: 300_000, intervals: [2_000] })
    .toBeGreaterThanOrEqual(33 * 60_000);

  await page.goto(`/token/${t.chain}/${t.address}`);
  await expect(page.getByTestId("chart-legend")).toContainText("· 1m");
  await expect(page).not.toHaveURL(/interval=/); // the default, not a choice kept in the URL
  const latest = await simGet<{ data: { at: number }[] }>(
    `/v1/token/trades?chain=${t.chain}&address=${t.address}&pools=${t.pool.address}&limit=1`,
  );
  const lastTradeAt = need(latest.data[0], "the token's latest trade").at;
  const minutes = await simGet<{ data: { time: number }[] }>(
    `/v1/token/ohlcv?chain=${t.chain}&address=${t.address}&pools=${t.pool.address}&interval=1m&limit=500`,
  );
  await expect.poll(async () => (await chartState(page)).first).toBeGreaterThan(0);
  const c = await chartState(page);
  // From its first minutes to the minute of its latest trade.
  expect(c.first).toBeLessThanOrEqual(Math.floor(t.createdAt / 1000) + 2 * 60);
  expect(c.last).toBeGreaterThanOrEqual(Math.floor(lastTradeAt / 60_000) * 60);
  // every minute it traded in its main pool is a candle on the chart
  expect(c.bars).toBeGreaterThanOrEqual(minutes.data.length);
  await expect(page.getByTestId("chart-empty")).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test("the busiest token's tape holds a day; the page scrolls back to its page cap and says the tape goes on", async ({
  page,
  pageErrors,
}) => {
  const state = (await simState()).data;
  const busy = state.notable.busyEstablished as Ref[];
  const counts = await Promise.all(
    busy.map(async (t) => (await simGet<{ data: { txns24h: number } }>(`/v1/token?chain=${t.chain}&address=${t.address}`)).data.txns24h),
  );
  const t = need(busy[counts.indexOf(Math.max(...counts))], "the busiest established token");
  // The market keeps its whole day: rows a day old are still on its tape (the date-range filter, one call).
  const now = (await simState()).data.now as number;
  const dayOld = await simGet<{ data: { at: number }[] }>(
    `/v1/token/trades?chain=${t.chain}&address=${t.address}&pools=${t.pools.join(",")}&limit=5&toAt=${now - DAY_MS}`,
  );
  expect(dayOld.data.length, "the busiest token's tape reaches a day back").toBeGreaterThan(0);
  expect(Math.max(...dayOld.data.map((r) => r.at))).toBeLessThanOrEqual(now - DAY_MS);
  // What the page holds: the first page (100 rows) and the older ones (500 each) up to its cap; a day is more.
  const cap = 100 + (MAX_TAPE_PAGES - 1) * TAPE_OLDER_PAGE_ROWS;
  expect(Math.max(...counts), "a day of the busiest token is more than the page holds").toBeGreaterThan(cap);

  await page.goto(`/token/${t.chain}/${t.address}`);
  const tape = page.getByTestId("trade-tape");
  await expect(tape.getByTestId("trade-row").first()).toBeVisible();
  const end = tape.getByTestId("tape-end");
  // What a trader does: keep scrolling to the bottom until the tape stops.
  await expect
    .poll(
      async () => {
        await tape.evaluate((el: HTMLElement) => {
          el.scrollTop = el.scrollHeight;
        });
        return end.count();
      },
      { timeout: 240_000, intervals: [250] },
    )
    .toBeGreaterThan(0);
  // It stops at the page's cap, and says so: not "No older trades", since the tape goes on.
  await expect(end).toHaveAttribute("data-end", "cap");
  await expect(end).toContainText("Older trades not loaded");
  await expect(end).not.toContainText("No older trades");
  // the end row names the oldest trade, the last one drawn once the list is scrolled to its end; both are read
  // together (the last page can land after the scroll that brought the end row into view, and move both)
  await expect
    .poll(() =>
      tape.evaluate((el: HTMLElement) => {
        el.scrollTop = el.scrollHeight;
        const times = [...el.querySelectorAll<HTMLElement>('[data-testid="trade-row"] time')];
        const last = Date.parse(times.at(-1)?.getAttribute("datetime") ?? "");
        const named = Number(el.querySelector('[data-testid="tape-end"]')?.getAttribute("data-oldest-at"));
        return last === named ? "the end row names the last row drawn" : `last row ${last}, end row ${named}`;
      }),
    )
    .toBe("the end row names the last row drawn");
  expect(pageErrors).toEqual([]);
});
