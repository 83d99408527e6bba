import { expect as baseExpect, test } from "./fixtures";

// The credits page: spent, saved, today's budget and each route's §8 cost, moving while it is open.

test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const whole = (text: string | null) => Number((text ?? "").replace(/[^0-9]/g, ""));

test("credits update live as calls are spent and saved", async ({ page, request, pageErrors }) => {
  await page.goto("/credits");
  const view = page.getByTestId("credits-view");
  await expect(view).toBeVisible();
  await expect(page.getByTestId("credits-budget-value")).toContainText(/unlimited|\d/);
  // The stream gateway's pollers: their budget a minute, and what they spent per channel.
  const polling = page.getByTestId("credits-polling");
  await expect(polling).toBeVisible();
  await expect(page.getByTestId("credits-polling-minute")).toContainText(/of \d[\d,]* a minute/);
  // Trades, candles, token updates, pulse and the tracker's poll-only wallet trades.
  await expect(polling.getByTestId("credits-polling-channel")).toHaveCount(5);
  await expect(polling.locator('[data-channel="ohlcv"]')).toContainText("Candles");
  await expect(polling.locator('[data-channel="wallet-trades"]')).toContainText("Wallet trades");

  const searchRow = page.locator('[data-testid="credits-route"][data-route="search"]');
  await expect(searchRow.getByTestId("credits-route-cost")).toHaveText("5");
  await expect(page.locator('[data-route="ohlcv"]').getByTestId("credits-route-cost")).toHaveText("5");
  await expect(page.locator('[data-route="walletPositions"]').getByTestId("credits-route-cost")).toHaveText("2");
  await expect(page.locator('[data-route="chains"]').getByTestId("credits-route-cost")).toHaveText("free");
  await expect(page.locator('[data-route="sparklines"]').getByTestId("credits-route-cost")).toHaveText("1 per pool");
  await expect(page.locator('[data-route="walletProfileBatch"]').getByTestId("credits-route-cost")).toHaveText(
    "1 per item",
  );

  const spentBefore = whole(await page.getByTestId("credits-spent").textContent());
  const searchBefore = whole(await searchRow.getByTestId("credits-route-spent").textContent());
  const cacheBefore = whole(await page.getByTestId("credits-saved-cache").textContent());
  // A search no one made yet (spends 5), then the same again at once (served from the cache: saves 5).
  const q = `credits-${Date.now()}`;
  expect((await request.get(`/api/v1/search?q=${q}`)).status()).toBe(200);
  expect((await request.get(`/api/v1/search?q=${q}`)).status()).toBe(200);

  // No reload: the page polls.
  await expect
    .poll(async () => whole(await searchRow.getByTestId("credits-route-spent").textContent()))
    .toBeGreaterThanOrEqual(searchBefore + 5);
  await expect
    .poll(async () => whole(await page.getByTestId("credits-spent").textContent()))
    .toBeGreaterThanOrEqual(spentBefore + 5);
  await expect
    .poll(async () => whole(await page.getByTestId("credits-saved-cache").textContent()))
    .toBeGreaterThanOrEqual(cacheBefore + 5);
  expect(pageErrors).toEqual([]);
});

test("the credits page fits a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/credits");
  await expect(page.getByTestId("credits-routes")).toBeVisible();
  const w = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(w[0]).toBeLessThanOrEqual(w[1] as number);
});

test("the credits figures are in the first HTML, not a placeholder the table then pushes down", async ({ request }) => {
  // Without running a script: the server's own ledger is in the page (e2e/phone.spec.ts sums the load's shifts).
  const html = await (await request.get("/credits")).text();
  expect(html).toContain('data-testid="credits-view"');
  expect(html).toContain('data-testid="credits-routes"');
});
