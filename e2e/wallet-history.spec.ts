import { expect as baseExpect, test } from "./fixtures";
import { simGet, simScenario, simState } from "./sim";

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

/** The wallet's trade count and oldest trade on the chain, paged straight from the market. */
async function history(chain: string, wallet: string): Promise<{ count: number; oldestAt: number | null }> {
  let count = 0;
  let oldestAt: number | null = null;
  let beforeAt: number | undefined;
  for (let i = 0; i < 100; i++) {
    const qs = new URLSearchParams({ chain, wallet, limit: "100" });
    if (beforeAt !== undefined) qs.set("beforeAt", String(beforeAt));
    const page = await simGet<{ data: Row[]; meta: { oldestAt?: number | null } }>(`/v1/wallet/trades?${qs}`);
    count += page.data.length;
    for (const r of page.data) oldestAt = oldestAt === null ? r.at : Math.min(oldestAt, r.at);
    if (page.data.length === 0 || page.meta.oldestAt == null) break;
    beforeAt = page.meta.oldestAt;
  }
  return { count, oldestAt };
}

test("an EVM wallet pages through all its trades, each row naming its token", async ({ page }) => {
  const w = notable.evmWallet;
  expect((await history(w.chain, w.address)).count).toBeGreaterThan(150); // more than three pages of 50
  await page.goto(`/wallet/${w.address}?chain=${w.chain}`);
  const table = page.getByTestId("wallet-trades");
  const count = page.getByTestId("trade-count");
  await expect(table.getByTestId("wallet-trade-row").first()).toBeVisible();
  // Scroll the list to its end until the table says it holds everything.
  // (The wheel, not scrollIntoView: a busy wallet's rows keep moving as its new trades arrive, never "stable".)
  await table.hover();
  const rowsNow = () => table.getByTestId("wallet-trade-row").count();
  const holdsAll = async () => /· all/.test((await count.textContent()) ?? "");
  for (let i = 0; i < 90 && !(await holdsAll()); i++) {
    const before = await rowsNow();
    await page.mouse.wheel(0, 4_000);
    // The next page is asked for near the end of the list: wait for it (or for the end) before scrolling again.
    await expect
      .poll(async () => (await holdsAll()) || (await rowsNow()) > before, { timeout: 2_000 })
      .toBe(true)
      .catch(() => undefined);
  }
  await expect(count).toContainText("· all");
  const rows = table.getByTestId("wallet-trade-row");
  expect(await rows.count()).toBeGreaterThan(150);
  // Down to the wallet's first trade: the oldest row shown is no newer than the oldest the market still holds (the
  // market keeps trading and retires old rows meanwhile, so counts drift; the end of history does not move forward).
  const shownOldest = Math.min(
    ...(await rows.evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-at"))))),
  );
  const market = await history(w.chain, w.address);
  expect(market.oldestAt).not.toBeNull();
  expect(shownOldest).toBeLessThanOrEqual(market.oldestAt as number);
  const links = table.getByTestId("trade-token-link");
  const raw = await links.evaluateAll((els) => els.filter((el) => /0x[0-9a-f]{4}…/i.test(el.textContent ?? "")).length);
  expect(raw).toBe(0);
});

test("a Solana wallet shows the service's largest page and says it is the latest only", async ({ page }) => {
  // A wallet made for this test with more trades than one page holds (the market's control API trades for it).
  const { data: token } = await simScenario<{ data: { chain: string; address: string } }>({
    action: "launch",
    chain: "solana",
  });
  const maker = `Hist${"1".repeat(40)}`;
  for (let i = 0; i < 110; i++)
    await simScenario({
      action: "trade",
      chain: "solana",
      address: token.address,
      side: i % 3 === 2 ? "sell" : "buy",
      usd: 5,
      maker,
    });
  await page.goto(`/wallet/${maker}?chain=solana`);
  const table = page.getByTestId("wallet-trades");
  await expect(table.getByTestId("wallet-trade-row").first()).toBeVisible();
  await expect(table.getByTestId("wallet-trade-row")).toHaveCount(100);
  await expect(page.getByTestId("trade-count")).toContainText("latest only");
});
