import type { Page } from "@playwright/test";
import { expect as baseExpect, need, test } from "./fixtures";
import { waitForShell } from "./shell-helpers";
import { simState } from "./sim";

// The wallet page on the embedded market: identity, PnL, positions, trades paging, funding, routing, PnL card.

interface Notable {
  identityWallet: { address: string; linkedWallets: string[] } | null;
  fundedWallet: { chain: string; address: string; funder: string; funderTag: string } | null;
  solanaWallet: { chain: string; address: string; trades: number } | null;
  evmWallet: { chain: string; address: string; trades: number } | null;
}
let notable: Notable;

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test.beforeAll(async () => {
  notable = (await simState()).data.notable;
});

const walletUrl = (address: string, chain?: string, extra = "") =>
  `/wallet/${address}${chain ? `?chain=${encodeURIComponent(chain)}${extra}` : extra ? `?${extra.slice(1)}` : ""}`;

/** Row values and their totals read in one pass: positions refetch as prices move, so two reads could straddle one. */
async function tableSums(page: Page) {
  return page.getByTestId("positions").evaluate((root) => {
    const nums = (id: string) =>
      [...root.querySelectorAll(`[data-testid="${id}"]`)].map((el) => Number((el as HTMLElement).dataset.usd));
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    return {
      value: sum(nums("position-value")),
      total: nums("total-value")[0],
      pnl: sum(nums("position-pnl")),
      totalPnl: nums("total-pnl")[0],
    };
  });
}

test("a wallet with an identity shows its profile and linked wallets", async ({ page, pageErrors }) => {
  const w = need(notable.identityWallet, "the market has a wallet with an identity cluster");
  await page.goto(walletUrl(w.address));
  await expect(page.getByTestId("wallet-identity")).toBeVisible();
  await expect(page.getByTestId("no-identity")).toHaveCount(0);
  const linked = page.getByTestId("linked-wallets").getByRole("link");
  await expect(linked.first()).toBeVisible();
  const href = await linked.first().getAttribute("href");
  expect(href).toMatch(/^\/wallet\//);
  // A link that named no chain hands none on (the linked wallet's PnL stays all-EVM).
  expect(href).not.toContain("chain=");
  // The profile's socials are shown, each either a safe https link or plain text.
  const api = await (await page.request.get(`/api/v1/wallet/profile?address=${w.address}`)).json();
  const socials = Object.keys(api.data.profile.socials);
  if (socials.length > 0) {
    await expect(page.getByTestId("wallet-socials")).toBeVisible();
    for (const a of await page.getByTestId("wallet-socials").getByRole("link").all())
      expect(await a.getAttribute("href")).toMatch(/^https:\/\//);
  }
  if (api.data.profile.displayName)
    await expect(page.getByTestId("wallet-header")).toContainText(api.data.profile.displayName.slice(0, 8));
  expect(pageErrors).toEqual([]);
});

test("a wallet without identity says so plainly", async ({ page }) => {
  await page.goto(walletUrl("0x00000000000000000000000000000000000d3ad0"));
  await expect(page.getByTestId("no-identity")).toContainText("No known identity yet");
  await expect(page.getByTestId("positions")).toContainText("No positions on Base");
  // A bare EVM link names no chain: the page says which one its chain-bound sections show, until one is picked.
  await expect(page.getByTestId("wallet-chain-default")).toContainText("names no chain");
  // The page arrives rendered; a choice made before its script runs is the browser's alone, so pick once it is live.
  await waitForShell(page);
  await page.getByTestId("wallet-chain").selectOption("evm:1");
  await expect(page).toHaveURL(/chain=evm%3A1|chain=evm:1/);
  await expect(page.getByTestId("wallet-chain-default")).toHaveCount(0);
  await expect(page.getByTestId("wallet-trades")).toContainText("No trades on Ethereum");
});

test("positions total the rows shown, and match the API", async ({ page }) => {
  const w = need(notable.evmWallet, "the market has an EVM wallet with trades");
  await page.goto(walletUrl(w.address, w.chain, "&show=all"));
  await expect(page.getByTestId("position-row").first()).toBeVisible();
  // The rows are the API's positions: same tokens, same amounts (values move with prices; amounts only with trades).
  // A busy wallet may trade between two reads: the page refreshes every 30 s, so allow two refreshes.
  const holdings = (rows: { address: string; amount: string }[]) => rows.map((r) => `${r.address}=${r.amount}`).sort();
  await expect
    .poll(
      async () => {
        const api = await (
          await page.request.get(`/api/v1/wallet/positions?chain=${w.chain}&wallet=${w.address}`)
        ).json();
        const shown = await page.getByTestId("position-row").evaluateAll((els) =>
          els.map((e) => ({
            address: e.getAttribute("data-token") ?? "",
            amount: e.getAttribute("data-amount") ?? "",
          })),
        );
        return JSON.stringify(holdings(shown)) === JSON.stringify(holdings(api.data));
      },
      { timeout: 75_000 },
    )
    .toBe(true);
  // The totals row is the sum of the rows shown.
  const sums = await tableSums(page);
  expect(sums.total).toBeCloseTo(sums.value, 4);
  expect(sums.totalPnl).toBeCloseTo(sums.pnl, 4);
});

test("switching the PnL period redraws the curve and keeps it in the URL", async ({ page }) => {
  const w = need(notable.evmWallet, "the market has an EVM wallet with trades");
  await page.goto(walletUrl(w.address, w.chain));
  await expect(page.getByTestId("pnl-summary")).toBeVisible();
  const days = async (period: string) =>
    (await (await page.request.get(`/api/v1/wallet/pnl?wallet=${w.address}&chain=${w.chain}&period=${period}`)).json())
      .data.history.length as number;
  const chartShows = async (n: number) => {
    if (n > 0) await expect(page.getByTestId("pnl-chart")).toHaveAttribute("data-points", String(n));
    else await expect(page.getByTestId("pnl-section")).toContainText("No realized PnL in this period");
  };
  await chartShows(await days("30d"));
  await page.getByTestId("pnl-section").getByText("All", { exact: true }).click();
  await expect(page).toHaveURL(/period=all/);
  const all = await days("all");
  expect(all, "the wallet has a PnL history to draw").toBeGreaterThan(0);
  await chartShows(all);
  await page.getByTestId("pnl-section").getByText("7D", { exact: true }).click();
  await expect(page).toHaveURL(/period=7d/);
  await chartShows(await days("7d"));
  await page.reload();
  await expect(page.getByTestId("pnl-section").locator("[data-period]")).toHaveAttribute("data-period", "7d");
});

test("on a 390 px phone the PnL chart's axis labels stay on one line within the card, a long running total too", async ({
  page,
}) => {
  const w = need(notable.evmWallet, "the market has an EVM wallet with trades");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(walletUrl(w.address, w.chain));
  const chart = page.getByTestId("pnl-chart");
  await chart.scrollIntoViewIfNeeded();
  await expect(page.getByTestId("pnl-total-label")).toBeVisible();
  // The widest total the axis shows in practice ("−$12.89K"), whatever this wallet's is now.
  await page.getByTestId("pnl-total-label").evaluate((el) => {
    el.textContent = "\u2212$12.89K";
  });
  const labels = await chart.evaluate((root) => {
    const card = (root.closest("section") ?? root).getBoundingClientRect();
    return [...root.querySelectorAll("span.num")].map((el) => {
      const r = el.getBoundingClientRect();
      const line = Number.parseFloat(getComputedStyle(el).lineHeight);
      return {
        text: el.textContent,
        lines: Math.round(r.height / line),
        inside: r.left >= card.left && r.right <= card.right,
      };
    });
  });
  expect(labels.length).toBeGreaterThan(2);
  for (const l of labels) expect(l, `label "${l.text}"`).toMatchObject({ lines: 1, inside: true });
});

test("EVM trades page further with no duplicates", async ({ page }) => {
  const w = need(notable.evmWallet, "the market has an EVM wallet with trades");
  expect(w.trades, "the notable EVM wallet has more than one page of trades").toBeGreaterThan(50);
  await page.goto(walletUrl(w.address, w.chain));
  const rows = page.getByTestId("wallet-trade-row");
  await expect(rows.first()).toBeVisible();
  // One page of 50; a page never splits trades sharing a millisecond (`beforeAt` is strict), so it may hold fewer.
  const firstPage = await rows.count();
  expect(firstPage).toBeGreaterThan(40);
  expect(firstPage).toBeLessThanOrEqual(50);
  await page
    .getByTestId("wallet-trades")
    .getByText(/Load older trades|Loading older trades/)
    .scrollIntoViewIfNeeded();
  await expect.poll(() => rows.count()).toBeGreaterThan(firstPage);
  const keys = await rows.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.key));
  expect(new Set(keys).size).toBe(keys.length);
  // Rows open the token page with this wallet as the maker.
  expect(await page.getByTestId("trade-token-link").first().getAttribute("href")).toContain(`maker=${w.address}`);
});

test("funding shows the tagged funder with a link to its wallet", async ({ page }) => {
  const f = need(notable.fundedWallet, "the market has a wallet with tagged funding");
  await page.goto(walletUrl(f.address, f.chain));
  await expect(page.getByTestId("funder-tag")).toHaveText(f.funderTag);
  await expect(page.getByTestId("funder-link")).toHaveAttribute("href", new RegExp(`^/wallet/${f.funder}`));
});

test("Solana and EVM deep links both work; EVM in capitals redirects to lowercase", async ({ page }) => {
  const s = notable.solanaWallet;
  const e = notable.evmWallet;
  expect(s, "the market has a Solana wallet with trades").toBeTruthy();
  expect(e, "the market has an EVM wallet with trades").toBeTruthy();
  if (s) {
    await page.goto(walletUrl(s.address));
    await expect(page.getByTestId("wallet-page")).toHaveAttribute("data-chain", "solana");
    await expect(page.getByTestId("wallet-trade-row").first()).toBeVisible();
  }
  if (e) {
    const upper = `0x${e.address.slice(2).toUpperCase()}`;
    await page.goto(walletUrl(upper, e.chain));
    await expect(page).toHaveURL(new RegExp(`/wallet/${e.address}\\?chain=`));
    await expect(page.getByTestId("wallet-page")).toHaveAttribute("data-chain", e.chain);
  }
});

test("an invalid address gets the not-found page", async ({ page }) => {
  const res = await page.goto("/wallet/not-a-wallet");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("wallet-not-found")).toBeVisible();
});

test("the PnL card image is a PNG", async ({ request }) => {
  const w = need(notable.evmWallet ?? notable.solanaWallet, "the market has a wallet with trades");
  const res = await request.get(`/wallet/${w.address}/opengraph-image`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("image/png");
  const body = await res.body();
  expect(body.subarray(1, 4).toString()).toBe("PNG");
});

test("the chain pickers name every chain as the market's chain list does", async ({ page, request }) => {
  const chains = (await (await request.get("/api/v1/meta/chains")).json()).data as { chain: string; name: string }[];
  const evm = chains.filter((c) => c.chain.startsWith("evm:"));
  expect(evm.filter((c) => /^EVM \d+$/.test(c.name))).toEqual([]);
  await page.goto(walletUrl("0x00000000000000000000000000000000000d3ad0"));
  for (const picker of ["wallet-chain", "pnl-chain"]) {
    const select = page.getByTestId(picker);
    for (const c of evm) await expect(select.locator(`option[value="${c.chain}"]`)).toHaveText(c.name);
  }
});
