import type { Locator } from "@playwright/test";
import { expect as baseExpect, need, test } from "./fixtures";
import { simState } from "./sim";

// The multi-chart grid: a layout from the URL, live candles in every cell, edits written back to the URL.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

interface Ref {
  chain: string;
  address: string;
  symbol: string;
}
let tokens: Ref[];

test.beforeAll(async () => {
  const n = (await simState()).data.notable;
  const busy = n.busyEstablished as Ref[] | undefined;
  tokens = need(busy && busy.length >= 5 ? busy : null, "five busy established tokens");
});

const bars = (cell: Locator) =>
  cell.getByTestId("candle-chart").evaluate((el) => Number((el as HTMLElement).dataset.bars ?? 0));

test("a 2×2 grid from a URL: four live charts; a cell's interval and token change the URL, and a reload restores them", async ({
  page,
  pageErrors,
}) => {
  const four = tokens.slice(0, 4);
  // USD on Solana cells (the service's candles): an EVM chart drawn in USD has a known first-paint mismatch between
  // server and browser, on the token page too, outside this page.
  const quoteOf = (t: Ref) => (t.chain === "solana" ? "usd" : "native");
  const c = four.map((t, i) => `${t.chain}:${t.address}:${i === 0 ? "5m" : "1m"}:${quoteOf(t)}`).join(",");
  await page.goto(`/charts?layout=2x2&c=${c}`);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Charts" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const cells = page.getByTestId("chart-cell");
  await expect(cells).toHaveCount(4);
  for (const [i, t] of four.entries()) {
    const cell = cells.nth(i);
    await expect(cell).toHaveAttribute("data-token", `${t.chain}:${t.address}`);
    await expect.poll(() => bars(cell)).toBeGreaterThan(0);
    // Live when streamed, "Delayed ~N s" when the gateway polls it: either way a badge that says so.
    const badge = cell.getByTestId("cell-live");
    await expect(badge).toHaveAttribute("data-live", "true");
    await expect(badge).toHaveText(/^(Live|Delayed ~\d+ s)$/);
  }

  // Interval of the first cell.
  const first = cells.nth(0);
  await first.getByRole("toolbar", { name: "Candle interval" }).locator('[data-interval="1h"]').click();
  await expect
    .poll(() => new URL(page.url()).searchParams.get("c")?.split(",")[0])
    .toBe(`${four[0]?.chain}:${four[0]?.address}:1h:${quoteOf(four[0] as Ref)}`);

  // Token of the second cell, chosen in the search palette.
  const next = tokens[4] as Ref;
  await cells.nth(1).getByTestId("cell-change").click();
  const palette = page.getByRole("dialog", { name: "Choose a token for chart 2" });
  await palette.getByRole("combobox", { name: /^Search by name/ }).fill(next.address);
  await palette.getByRole("combobox", { name: /^Search by name/ }).press("Enter");
  await expect(palette).toHaveCount(0);
  await expect(cells.nth(1)).toHaveAttribute("data-token", `${next.chain}:${next.address}`);
  await expect
    .poll(() => new URL(page.url()).searchParams.get("c")?.split(",")[1])
    .toBe(`${next.chain}:${next.address}:1m:${quoteOf(four[1] as Ref)}`);
  await expect.poll(() => bars(cells.nth(1))).toBeGreaterThan(0);

  await page.reload();
  await expect(cells.nth(1)).toHaveAttribute("data-token", `${next.chain}:${next.address}`);
  await expect(cells.nth(0).locator('[data-interval="1h"]')).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => bars(cells.nth(0))).toBeGreaterThan(0);

  // The grid itself: 3×3 keeps the four cells in place and adds empty ones.
  await page.getByRole("radiogroup", { name: "Grid" }).getByText("3×3").click();
  await expect(cells).toHaveCount(9);
  await expect(page).toHaveURL(/layout=3x3/);
  await expect(cells.nth(8)).toHaveAttribute("data-kind", "empty");
  expect(pageErrors).toEqual([]);
});

test("a bad entry in the URL shows an error in its cell; the rest of the grid works", async ({ page, pageErrors }) => {
  const t = tokens[0] as Ref;
  await page.goto(`/charts?layout=1x2&c=evm:8453:0x1234:5m:usd,${t.chain}:${t.address}:1m:native`);
  const cells = page.getByTestId("chart-cell");
  await expect(cells).toHaveCount(2);
  await expect(cells.nth(0)).toHaveAttribute("data-kind", "error");
  await expect(cells.nth(0).getByRole("alert")).toHaveText(
    "No token address in this entry (expected chain:address:interval:quote)",
  );
  await expect(cells.nth(0)).toContainText("evm:8453:0x1234:5m:usd");
  await expect.poll(() => bars(cells.nth(1))).toBeGreaterThan(0);
  // An unknown layout falls back and says so.
  await page.goto(`/charts?layout=5x5&c=${t.chain}:${t.address}:1m:sats`);
  await expect(page.getByTestId("charts-notice")).toHaveText('Unknown layout "5x5": showing 1×2');
  await expect(page.getByTestId("chart-cell").nth(0).getByRole("alert")).toHaveText(
    'Unknown quote "sats" (usd or native)',
  );
  expect(pageErrors).toEqual([]);
});
