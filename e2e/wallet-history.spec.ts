import { expect as baseExpect, test } from "./fixtures";
import { simGet, simState } from "./sim";

// A busy wallet's whole trade history: EVM pages back to the first trade, every row named by its token's symbol;
// Solana (no cursor in §4.2) shows the one page the service gives at its largest.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

interface Wallet {
  chain: string;
  address: string;
  trades: number;
}
let notable: Record<"evmWallet" | "solanaWallet", Wallet>;

test.beforeAll(async () => {
  notable = (await simState()).data.notable;
});

interface Row {
  at: number;
}

/** Every trade of the wallet on the chain, paged straight from the market (the truth the page must match). */
async function allTrades(chain: string, wallet: string): Promise<number> {
  let n = 0;
  let beforeAt: number | undefined;
  for (let i = 0; i < 100; i++) {
    const qs = new URLSearchParams({ chain, wallet, limit: "100" });
    if (beforeAt !== undefined) qs.set("beforeAt", String(beforeAt));
    const page = await simGet<{ data: Row[]; meta: { oldestAt?: number | null } }>(`/v1/wallet/trades?${qs}`);
    n += page.data.length;
    if (page.data.length === 0 || page.meta.oldestAt == null) break;
    beforeAt = page.meta.oldestAt;
  }
  return n;
}

test("an EVM wallet pages through all its trades, each row naming its token", async ({ page }) => {
  const w = notable.evmWallet;
  const before = await allTrades(w.chain, w.address);
  expect(before).toBeGreaterThan(100); // more than two pages of 50
  await page.goto(`/wallet/${w.address}?chain=${w.chain}`);
  const table = page.getByTestId("wallet-trades");
  const count = page.getByTestId("trade-count");
  await expect(table.getByTestId("wallet-trade-row").first()).toBeVisible();
  // Scroll the list to its end until the table says it holds everything.
  for (let i = 0; i < 60 && !/· all/.test((await count.textContent()) ?? ""); i++) {
    await table.getByTestId("wallet-trade-row").last().scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
  }
  await expect(count).toContainText("· all");
  const loaded = await table.getByTestId("wallet-trade-row").count();
  // The wallet keeps trading while the test runs: at least every trade the market had before the page opened.
  expect(loaded).toBeGreaterThanOrEqual(before);
  const links = table.getByTestId("trade-token-link");
  const raw = await links.evaluateAll((els) => els.filter((el) => /0x[0-9a-f]{4}…/i.test(el.textContent ?? "")).length);
  expect(raw).toBe(0);
});

test("a Solana wallet shows the service's largest page and says it is the latest only", async ({ page }) => {
  const w = notable.solanaWallet;
  test.skip(w.trades <= 100, "the busiest Solana wallet fits one page");
  await page.goto(`/wallet/${w.address}?chain=solana`);
  const table = page.getByTestId("wallet-trades");
  await expect(table.getByTestId("wallet-trade-row").first()).toBeVisible();
  await expect(table.getByTestId("wallet-trade-row")).toHaveCount(100);
  await expect(page.getByTestId("trade-count")).toContainText("latest only");
});
