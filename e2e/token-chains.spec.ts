import { expect as baseExpect, test } from "./fixtures";
import { simScenario, simState } from "./sim";

// What differs between EVM and Solana token pages: the USD chart, the Solana-only authorities, and one tape call.

test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

interface Notable {
  chain: string;
  address: string;
}
let notable: Record<"baseToken" | "graduatedToken" | "bondingToken", Notable>;

test.beforeAll(async () => {
  notable = (await simState()).data.notable;
});

/** "O 0.0₄1388" → 0.00001388; "O 1,234.5" → 1234.5 (the legend's subscript-zero notation). */
function parsePrice(text: string): number {
  const t = text.replace(/^[OHLC]\s*/, "").replace(/[$,]/g, "");
  const m = /^0\.0([₀-₉]+)(\d+)/.exec(t);
  if (!m) return Number(t);
  const zeros = Number([...(m[1] as string)].map((c) => c.charCodeAt(0) - 0x2080).join(""));
  return Number(`0.${"0".repeat(zeros)}${m[2]}`);
}

const tokenUrl = (t: Notable, qs = "") => `/token/${t.chain}/${t.address}${qs}`;

test("an EVM chart switches to USD and back", async ({ page, pageErrors }) => {
  expect(notable.baseToken.chain).toBe("evm:8453");
  await page.goto(tokenUrl(notable.baseToken));
  const legend = page.getByTestId("chart-legend");
  await expect(legend).toContainText("/ETH");
  const open = async () => parsePrice((await legend.locator("span.num > span").first().textContent()) ?? "");
  const native = await open();
  const quote = page.getByRole("radiogroup", { name: "Quote currency" });
  await quote.getByText("USD", { exact: true }).click();
  await expect(legend).toContainText("/USD");
  await expect(page).toHaveURL(/quote=usd/);
  // The same candle at the ETH/USD price (hundreds to thousands of dollars per ETH, as the market quotes it).
  const ratio = (await open()) / native;
  expect(ratio).toBeGreaterThan(100);
  expect(ratio).toBeLessThan(100_000);
  await quote.getByText("ETH", { exact: true }).click();
  await expect(legend).toContainText("/ETH");
  expect(pageErrors).toEqual([]);
});

test("mint and freeze authorities show on Solana tokens only", async ({ page }) => {
  expect(notable.bondingToken.chain).toBe("solana");
  await page.goto(tokenUrl(notable.bondingToken));
  await expect(page.getByTestId("security-flags")).toBeVisible();
  await page.goto(tokenUrl(notable.baseToken));
  await expect(page.getByTestId("token-mcap")).toBeVisible();
  await expect(page.getByTestId("trade-row").first()).toBeVisible();
  await expect(page.getByTestId("security-flags")).toHaveCount(0);
});

test("opening a token page asks for each tape page once", async ({ page }) => {
  const calls: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/v1/token/trades") calls.push(r.url());
  });
  for (const token of [notable.graduatedToken, notable.baseToken]) {
    calls.length = 0;
    await page.goto(tokenUrl(token));
    await expect(page.getByTestId("trade-row").first()).toBeVisible();
    // The stream's join with the REST snapshot is done once a trade made now has reached the tape live.
    const made = await simScenario<{ data: { trade: { txHash: string } } }>({
      action: "trade",
      chain: token.chain,
      address: token.address,
      side: "buy",
      usd: 40,
    });
    await expect(page.locator(`[data-testid="trade-row"][data-tx="${made.data.trade.txHash}"]`)).toBeVisible({
      timeout: 30_000,
    });
    const dupes = calls.filter((u, i) => calls.indexOf(u) !== i);
    expect(dupes, `${token.chain} ${calls.length} tape calls`).toEqual([]);
  }
});
