import { expect, test } from "./fixtures";
import { launchToken, openShell, resultOptions, searchableToken, searchField, waitForShell } from "./shell-helpers";

test.describe.configure({ timeout: 90_000 });

// The ⌘K palette against the embedded market: by name, by token / pool / wallet address, keyboard, recents.

test("search by symbol and open the result with the keyboard", async ({ page, request, pageErrors }) => {
  const token = await searchableToken(request);
  await openShell(page);
  await page.keyboard.press("/");
  const input = searchField(page);
  await expect(input).toBeFocused();
  await input.fill(token.symbol);
  const row = resultOptions(page).filter({ hasText: token.symbol }).first();
  await expect(row).toBeVisible();
  // Rich rows: price, 24h change, liquidity and market cap.
  await expect(resultOptions(page).first()).toContainText("$");
  await expect(resultOptions(page).first()).toContainText("Liq");
  await expect(resultOptions(page).first()).toContainText("MC");
  const options = resultOptions(page);
  const n = await options.count();
  expect(n).toBeGreaterThan(0);
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  if (n > 1) {
    await page.keyboard.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowUp");
  }
  await page.keyboard.press("ArrowUp");
  await expect(options.nth(n - 1)).toHaveAttribute("aria-selected", "true"); // wraps
  await page.keyboard.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await expect(input).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id")) ?? "");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/token\/[^/]+\/[^/]+$/);
  expect(pageErrors).toEqual([]);
});

test("a token address jumps to its token page; a pool address too; an unknown address opens the wallet", async ({
  page,
  request,
}) => {
  const token = await launchToken(request);
  for (const [typed, expected] of [
    [token.address, `/token/${encodeURIComponent(token.chain)}/${token.address}`],
    [token.pool, `/token/${encodeURIComponent(token.chain)}/${token.address}`],
    ["0x000000000000000000000000000000000000dEaD", "/wallet/0x000000000000000000000000000000000000dead"],
  ] as const) {
    if (!typed) continue;
    await openShell(page);
    await page.keyboard.press("Control+k");
    await searchField(page).fill(typed);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${expected.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\?.*)?$`));
  }
});

test("pasting an address jumps at once", async ({ page, request, context }) => {
  const token = await launchToken(request);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openShell(page);
  await page.evaluate((a) => navigator.clipboard.writeText(a), token.address);
  await page.keyboard.press("Control+k");
  await searchField(page).focus();
  await page.keyboard.press("Control+v");
  await expect(page).toHaveURL(new RegExp(`/token/${encodeURIComponent(token.chain)}/${token.address}`));
});

test("only the latest query's results are shown, even when an older answer arrives last", async ({ page, request }) => {
  const latest = await searchableToken(request, "a");
  const older = await searchableToken(request, "e", undefined, latest.symbol);
  await page.route("**/api/v1/search?*", async (route) => {
    const q = new URL(route.request().url()).searchParams.get("q");
    if (q === older.symbol) await new Promise((r) => setTimeout(r, 1200)); // the older query answers last
    await route.continue().catch(() => {}); // the page may have cancelled it meanwhile
  });
  await openShell(page);
  await page.keyboard.press("/");
  const input = searchField(page);
  const isOlder = (url: string) => url.includes(`q=${encodeURIComponent(older.symbol)}`);
  // The older request either answers late or is cancelled by the page; both must leave the newer rows alone.
  const olderSettled = new Promise<void>((resolve) => {
    const done = (r: { url(): string }) => isOlder(r.url()) && resolve();
    page.on("requestfinished", done);
    page.on("requestfailed", done);
  });
  // listening before typing: the request can leave before `fill` returns
  const olderAsked = page.waitForRequest((r) => isOlder(r.url()));
  await input.fill(older.symbol);
  await olderAsked;
  await input.fill(latest.symbol);
  await expect(resultOptions(page).filter({ hasText: latest.symbol }).first()).toBeVisible();
  await olderSettled;
  const expected = (await (await request.get(`/api/v1/search?q=${encodeURIComponent(latest.symbol)}&limit=12`)).json())
    .data;
  const rows = resultOptions(page);
  await expect(rows).toHaveCount(expected.length);
  await expect(rows.first()).toContainText(expected[0].symbol);
  await expect(input).toHaveValue(latest.symbol);
});

test("chain filter restricts results; Esc closes; ⌘K toggles; recents persist and can be cleared", async ({
  page,
  request,
}) => {
  const token = await searchableToken(request, "a", "solana");
  await openShell(page);
  await page.keyboard.press("Control+k");
  const dialog = page.getByRole("dialog", { name: "Search tokens and wallets" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "SOL", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "SOL", exact: true })).toHaveAttribute("aria-pressed", "true");
  await searchField(page).fill(token.symbol);
  const options = resultOptions(page);
  await expect(options.first()).toBeVisible();
  for (const t of await options.allInnerTexts()) expect(t).toContain("SOL");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await page.keyboard.press("Control+k");
  await searchField(page).fill(token.address);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(token.address));
  await page.reload();
  await waitForShell(page);
  await page.keyboard.press("Control+k");
  await expect(resultOptions(page).first()).toContainText("Recent");
  await expect(resultOptions(page).first()).toContainText(token.symbol);
  await page.getByRole("button", { name: "Clear recent" }).click();
  await expect(resultOptions(page)).toHaveCount(0);
  await page.keyboard.press("Control+k");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
