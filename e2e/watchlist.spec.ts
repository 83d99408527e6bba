import type { Page } from "@playwright/test";
import { removeLabel } from "../components/watchlist/watch-rows";
import { safeText } from "../lib/format/safe-text";
import { expect, test } from "./fixtures";
import { launchToken, openShell, tokenPath } from "./shell-helpers";
import { simScenario } from "./sim";

test.describe.configure({ timeout: 90_000 });

// The browser-kept watchlist: star, live price, per-row errors, sort, remove / undo, persistence.

const KEY = "tradescope.watchlist";

async function seed(page: Page, items: { chain: string; address: string; symbol?: string; addedAt: number }[]) {
  await page.addInitScript(
    ({ key, value }) => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem(key, value);
        sessionStorage.setItem("seeded", "1");
      }
    },
    { key: KEY, value: JSON.stringify({ state: { items }, version: 1 }) },
  );
}

test("star a token on its page, see it on /watchlist with a live price that moves", async ({
  page,
  request,
  pageErrors,
}) => {
  const token = await launchToken(request, "solana");
  await openShell(page, tokenPath(token));
  const star = page.getByRole("button", { name: /to watchlist$/ }).first();
  await expect(star).toHaveAttribute("aria-pressed", "false");
  await star.click();
  await expect(page.getByRole("button", { name: /from watchlist$/ }).first()).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Watchlist" }).click();
  const row = page.getByTestId("watch-row");
  await expect(row).toHaveCount(1);
  // The symbol as the page draws it: a launch's name may be hostile (bidi controls, zero-width marks), which it cleans.
  await expect(row).toContainText(safeText(token.symbol).full.slice(0, 10));
  const price = row.getByTestId("watch-price");
  await expect(price).toContainText("$");
  await expect(row).toContainText("live");
  const before = await price.textContent();
  // Every tint the price cell gets, from now on.
  await price.evaluate((cell) => {
    const tints: string[] = [];
    (window as unknown as { __tints: string[] }).__tints = tints;
    new MutationObserver((records) => {
      for (const r of records) {
        const flash = (r.target as HTMLElement).dataset.flash;
        if (flash) tints.push(flash);
      }
    }).observe(cell, { subtree: true, attributes: true, attributeFilter: ["data-flash"] });
  });
  // A big buy moves the price; token-updates brings it here without a reload, and the price flashes up.
  await expect(async () => {
    await simScenario({ action: "trade", chain: token.chain, address: token.address, side: "buy", usd: 5_000 });
    expect(await price.textContent()).not.toBe(before);
  }).toPass({ timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => (window as unknown as { __tints: string[] }).__tints)).toContain("up");
  // …for a moment only.
  await expect(price.locator("[data-flash]")).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test("rows show their own errors, sort by column in the URL, remove with undo, and persist", async ({
  page,
  request,
}) => {
  const a = await launchToken(request, "evm:8453");
  const b = await launchToken(request, "evm:8453");
  await simScenario({ action: "trade", chain: b.chain, address: b.address, side: "buy", usd: 20_000 });
  const unknown = "0x00000000000000000000000000000000000000a1";
  await seed(page, [
    { chain: a.chain, address: a.address, symbol: a.symbol, addedAt: 3 },
    { chain: b.chain, address: b.address, symbol: b.symbol, addedAt: 2 },
    { chain: "evm:8453", address: unknown, symbol: "GHOST", addedAt: 1 },
  ]);
  await openShell(page);
  const rows = page.getByTestId("watch-row");
  await expect(rows).toHaveCount(3);
  // Rows by address: a launch's symbol or name can share letters with another's, or be GHOST itself.
  const ghost = page.locator(`[data-testid="watch-row"][data-address="${unknown}"]`);
  await expect(ghost.getByTestId("watch-row-error")).toBeVisible();
  await expect(
    page.locator(`[data-testid="watch-row"][data-address="${a.address}"]`).getByTestId("watch-price"),
  ).toContainText("$");

  await page.getByRole("button", { name: /^MCap/ }).click();
  await expect(page).toHaveURL(/sort=mcap&dir=desc/);
  await expect(page.getByRole("columnheader", { name: /MCap/ })).toHaveAttribute("aria-sort", "descending");
  await expect(rows.last()).toHaveAttribute("data-address", unknown); // unknown values sort last
  await page.getByRole("button", { name: /^MCap/ }).click();
  await expect(page).toHaveURL(/sort=mcap&dir=asc/);
  await expect(rows.last()).toHaveAttribute("data-address", unknown);
  await page.reload();
  await expect(page.getByRole("columnheader", { name: /MCap/ })).toHaveAttribute("aria-sort", "ascending");

  await page
    .locator(`[data-testid="watch-row"][data-address="${a.address}"]`)
    .getByRole("button", { name: removeLabel(a.symbol, a.address) })
    .click();
  await expect(rows).toHaveCount(2);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(rows).toHaveCount(3);
  await ghost.getByRole("button", { name: "Remove GHOST from watchlist" }).click();
  await expect(rows).toHaveCount(2);
  await page.reload();
  await expect(rows).toHaveCount(2);
  const stored = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "{}"), KEY);
  expect(stored.state.items.map((i: { address: string }) => i.address).sort()).toEqual([a.address, b.address].sort());
});

test("an empty watchlist says how to add tokens", async ({ page }) => {
  await openShell(page);
  await expect(page.getByText("No tokens on your watchlist yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Find tokens on Pulse" })).toHaveAttribute("href", "/pulse");
});
