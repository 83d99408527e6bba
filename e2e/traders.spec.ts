import { expect as baseExpect, test } from "./fixtures";
import { launchWithBundle, simState } from "./sim";

// Top traders on the token page: the dense table, its sorts, tags that open their evidence, and a phone's tab.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const usd = (text: string | null) => {
  const m = /([\d.]+)([KMBT]?)/.exec((text ?? "").replace(/,/g, ""));
  const scale: Record<string, number> = { "": 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 };
  return m ? Number(m[1]) * (scale[m[2] ?? ""] ?? 1) : Number.NaN;
};

test("a busy token's top traders: ranked by PnL, sortable by bought and sold, wallets linked", async ({
  page,
  pageErrors,
}) => {
  const token = (await simState()).data.notable.establishedToken;
  await page.goto(`/token/${token.chain}/${token.address}`);
  await page.getByRole("tab", { name: "Top traders" }).click();
  await expect(page).toHaveURL(/list=traders/);
  const table = page.getByTestId("traders-table");
  const rows = table.getByTestId("trader-row");
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(10);
  await expect(page.getByTestId("traders-coverage")).toContainText(/wallets in [\d,]+ trades/);
  await expect(rows.first().locator('a[href^="/wallet/"]')).toBeVisible();
  await expect(rows.first().locator("td").first()).toHaveText("1");

  const pnl = await rows.getByTestId("trader-pnl").allTextContents();
  const signed = pnl.map((t) => (t.trim().startsWith("−") || t.trim().startsWith("-") ? -1 : 1) * usd(t));
  // Shown rounded, so neighbours can read equal; the slack is relative to the size (a loss's too: ×1.0001 of a
  // negative number would tighten the bound instead).
  for (let i = 1; i < signed.length; i++) {
    const prev = signed[i - 1] as number;
    expect(signed[i]).toBeLessThanOrEqual(prev + Math.abs(prev) * 1e-4 + 0.01);
  }

  for (const [sort, col] of [
    ["Bought", 2],
    ["Sold", 3],
  ] as const) {
    await page.getByRole("radio", { name: sort }).check({ force: true });
    await expect(table).toHaveAttribute("data-sort", sort.toLowerCase());
    const values = (await rows.locator(`td:nth-child(${col + 1}) > div:first-child`).allTextContents()).map(usd);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThanOrEqual((values[i - 1] as number) * 1.0001);
  }
  // a reload keeps the list open
  await page.reload();
  await expect(page.getByTestId("traders-table")).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("a launch's bundle wallets carry BUNDLE chips that open the cohort evidence", async ({ page, pageErrors }) => {
  const t = await launchWithBundle(3);
  await page.goto(`/token/${t.chain}/${t.address}?list=traders`);
  const chips = page.locator('[data-testid="trader-tag"][data-tag="bundle"]');
  await expect(chips).toHaveCount(3);
  for (const w of t.bundle.wallets)
    await expect(page.locator(`[data-testid="trader-row"][data-wallet="${w}"] [data-tag="bundle"]`)).toBeVisible();
  await chips.first().click();
  await expect(page).toHaveURL(/tab=cohorts/);
  await expect(page.getByTestId("bundle")).toHaveCount(1);
  // the list under the chart stays on the traders
  await expect(page.getByTestId("traders-table")).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("on a phone the Traders tab shows the table within the screen's width", async ({ page, pageErrors }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = (await simState()).data.notable.establishedToken;
  await page.goto(`/token/${token.chain}/${token.address}`);
  await page.getByRole("tab", { name: "Traders" }).click();
  await expect(page.getByTestId("trader-row").first()).toBeVisible();
  const w = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(w[0]).toBeLessThanOrEqual(w[1] as number);
  expect(pageErrors).toEqual([]);
});
