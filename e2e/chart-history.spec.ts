import type { Page } from "@playwright/test";
import { chartState } from "./chart";
import { expect as baseExpect, test } from "./fixtures";
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

test("15m → 1m → 5m → 15m keeps each interval's full history", async ({ page, pageErrors }) => {
  await page.goto(`/token/${token.chain}/${token.address}?interval=15m`);
  await expect.poll(async () => (await chartState(page)).bars).toBeGreaterThanOrEqual(60);
  const first15 = await chartState(page);
  await pick(page, "1m");
  await expect.poll(async () => (await chartState(page)).bars).toBeGreaterThanOrEqual(60);
  await pick(page, "5m");
  await expect.poll(async () => (await chartState(page)).bars).toBeGreaterThanOrEqual(60);
  const first5 = await chartState(page);
  // Longer than the store keeps a series nobody shows (1 s): the 15m series is released meanwhile.
  await page.waitForTimeout(2_500);
  await pick(page, "15m");
  await expect.poll(async () => (await chartState(page)).bars).toBeGreaterThanOrEqual(first15.bars);
  const back15 = await chartState(page);
  expect(back15.first).toBeLessThanOrEqual(first15.first);
  expect(back15.last).toBeGreaterThanOrEqual(first15.last);
  await page.waitForTimeout(2_500);
  await pick(page, "5m");
  await expect.poll(async () => (await chartState(page)).bars).toBeGreaterThanOrEqual(first5.bars);
  expect((await chartState(page)).first).toBeLessThanOrEqual(first5.first);
  expect(pageErrors).toEqual([]);
});
