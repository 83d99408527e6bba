import type { Page } from "@playwright/test";
import { expect as baseExpect, test } from "./fixtures";
import { launchWithBundle, simScenario } from "./sim";

// The wallet tracker: followed wallets kept in this browser, their trades polled by the stream gateway (one poll-only
// wallet-trades subscription each) with the delay it states, filters, import/export, and the "a followed wallet buys"
// alert.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
const KEY = "tradescope.tracker";

/** The delay the page states ("Delayed ~N s", the gateway's), in ms, once the feed has been read at least `reads` times. */
async function statedDelay(page: Page, reads = 1): Promise<number> {
  const badge = page.getByTestId("tracker-delay");
  await expect.poll(async () => Number(await badge.getAttribute("data-reads"))).toBeGreaterThanOrEqual(reads);
  // The gateway re-measures its delay as it polls, so the number and the words are read in one go: two reads may see
  // two delays.
  let ms = 0;
  await expect
    .poll(async () => {
      const seen = await badge.evaluate((el) => ({ ms: Number(el.dataset.delayMs || 0), text: el.textContent }));
      ms = seen.ms;
      return seen.ms > 0 && seen.text === `Delayed ~${seen.ms / 1000} s` ? "stated" : JSON.stringify(seen);
    })
    .toBe("stated");
  return ms;
}

test.beforeEach(async ({ page }) => {
  // Headless Chromium has no notification centre: a stand-in records each browser notification.
  await page.addInitScript(() => {
    const shown: { title: string }[] = [];
    (window as unknown as { __notes: typeof shown }).__notes = shown;
    class FakeNotification {
      static permission = "granted";
      static requestPermission = async () => "granted";
      constructor(title: string) {
        shown.push({ title });
      }
    }
    (window as unknown as { Notification: unknown }).Notification = FakeNotification;
  });
});

test("an empty tracker explains how to follow", async ({ page, pageErrors }) => {
  await page.goto("/tracker");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tracker" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByText("Follow wallets to see their trades here")).toBeVisible();
  await expect(page.getByTestId("tracker-feed")).toContainText("press Follow");
  await expect(page.getByTestId("followed-count")).toHaveText("0");
  await expect(page.getByTestId("tracker-delay")).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test("follow from a wallet page; its trades reach the feed within the stated delay; filters; the buy alert fires once", async ({
  page,
  pageErrors,
}) => {
  const launch = await launchWithBundle(2, { holdCohorts: true });
  const wallet = launch.bundle.wallets[0] as string;
  await page.goto(`/wallet/${wallet}`);
  const follow = page.getByTestId("follow-wallet");
  await expect(follow).toHaveText("Follow");
  await follow.click();
  await expect(follow).toHaveAttribute("aria-pressed", "true");
  await expect(follow).toHaveText("Following");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tracker" }).click();
  const followed = page.getByTestId("followed-wallet");
  await expect(followed).toHaveCount(1);
  await expect(followed).toHaveAttribute("data-address", wallet);
  await page.getByTestId("tracker-alert").click();
  await expect(page.getByTestId("tracker-alert")).toHaveAttribute("aria-pressed", "true");
  // The alert layer loads after the page: a buy before it listens would be history to it, not an alert.
  await expect(page.getByTestId("tracker-alert")).toHaveAttribute("data-state", "watching");

  // Its launch buy (before the follow) is history: in the feed, never an alert.
  const rows = page.getByTestId("feed-row");
  await expect(rows.first()).toBeVisible();
  await expect(followed.getByTestId("followed-pnl")).toContainText("7d");
  const delay = await statedDelay(page);
  expect(delay).toBeGreaterThanOrEqual(1_000);

  const trade = (side: "buy" | "sell", usd: number) =>
    simScenario<{ data: { trade: { txHash: string } } }>({
      action: "trade",
      chain: launch.chain,
      address: launch.address,
      side,
      usd,
      maker: wallet,
    });
  const buy = await trade("buy", 60);
  // The stated delay, plus a little for the page to render what it read.
  await expect(
    page.locator(`[data-testid="feed-row"][data-key="solana|${buy.data.trade.txHash}|${launch.address}|b"]`),
  ).toBeVisible({
    timeout: delay + 3_000,
  });
  // The alert fires with it (a toast leaves on its own after a while: checked now).
  const toasts = page.getByTestId("alert-toast").filter({ hasText: "bought" });
  await expect(toasts).toHaveCount(1, { timeout: 5_000 });
  const sell = await trade("sell", 3);
  const sellRow = page.locator(
    `[data-testid="feed-row"][data-key="solana|${sell.data.trade.txHash}|${launch.address}|s"]`,
  );
  await expect(sellRow).toBeVisible({ timeout: (await statedDelay(page)) + 3_000 });
  await expect(sellRow.getByTestId("feed-token")).toHaveAttribute("href", `/token/solana/${launch.address}`);
  await expect(sellRow.getByTestId("feed-wallet")).toHaveAttribute("href", `/wallet/${wallet}?chain=solana`);

  // Filters: buys only, a USD floor, the chain, the token (by symbol and by address); each in the URL.
  await page.getByLabel("Buys only").check();
  await expect(page.locator('[data-testid="feed-row"][data-side="sell"]')).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
  expect(page.url()).toContain("buys=1");
  await page.getByLabel("Minimum USD").fill("50");
  for (const usd of await rows.evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.usd))))
    expect(usd).toBeGreaterThanOrEqual(50);
  await expect(rows).not.toHaveCount(0);
  await page.getByLabel("Buys only").uncheck();
  await page.getByLabel("Minimum USD").fill("");
  await page.getByLabel("Token filter").fill(launch.address);
  await expect(sellRow).toBeVisible();
  for (const t of await rows.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.token)))
    expect(t).toBe(launch.address);
  await page.getByLabel("Token filter").fill("NO-SUCH-SYMBOL");
  await expect(page.getByText("No trade matches these filters")).toBeVisible();
  await page.getByLabel("Token filter").fill("");
  await page.getByLabel("Chain filter").selectOption("solana");
  await expect(sellRow).toBeVisible();
  expect(page.url()).toContain("chain=solana");

  // One buy, one alert: after a later trade has arrived, still one notification and one alert in the log (stored with
  // its trade).
  const later = await trade("sell", 2);
  await expect(
    page.locator(`[data-testid="feed-row"][data-key="solana|${later.data.trade.txHash}|${launch.address}|s"]`),
  ).toBeVisible({ timeout: (await statedDelay(page)) + 3_000 });
  const notes = await page.evaluate(() => (window as unknown as { __notes: { title: string }[] }).__notes);
  expect(notes.filter((n) => n.title.includes("bought")).map((n) => n.title)).toEqual([
    expect.stringContaining(" bought "),
  ]);
  const fired = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem("tradescope.alerts") ?? "{}").state?.fired as {
        title: string;
        keys?: string[];
      }[],
  );
  expect(fired.filter((f) => f.title.includes("bought"))).toHaveLength(1);
  expect(fired.find((f) => f.title.includes("bought"))?.keys).toEqual([
    `solana|${buy.data.trade.txHash}|${launch.address}|b`,
  ]);
  expect(pageErrors).toEqual([]);
});

test("export, then import: the list comes back with its names; a bad file is refused naming its row", async ({
  page,
  pageErrors,
}) => {
  const launch = await launchWithBundle(2);
  const [a, b] = launch.bundle.wallets as [string, string];
  const evm = "0x00000000000000000000000000000000000000a1";
  await page.addInitScript(
    ({ key, value }) => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem(key, value);
        sessionStorage.setItem("seeded", "1");
      }
    },
    {
      key: KEY,
      value: JSON.stringify({
        version: 1,
        state: {
          wallets: [
            { chain: "solana", address: a, name: "Alpha, the first", addedAt: 1 },
            { chain: "solana", address: b, name: "=beta", addedAt: 1 },
            { chain: "evm:8453", address: evm, addedAt: 1 },
            { chain: "solana", address: "not-an-address", addedAt: 1 },
          ],
        },
      }),
    },
  );
  await page.goto("/tracker");
  const followed = page.getByTestId("followed-wallet");
  // The stored list is checked on read: the invalid entry is dropped.
  await expect(followed).toHaveCount(3);

  const saved: Record<string, string> = {};
  for (const kind of ["JSON", "CSV"]) {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: `Export ${kind}` }).click(),
    ]);
    const path = await download.path();
    saved[kind] = await (await import("node:fs/promises")).readFile(path, "utf8");
  }
  expect(JSON.parse(saved.JSON as string).wallets).toEqual([
    { chain: "solana", address: a, name: "Alpha, the first" },
    { chain: "solana", address: b, name: "=beta" },
    { chain: "evm:8453", address: evm },
  ]);
  expect(saved.CSV).toContain(`solana,${b},'=beta`);

  for (const kind of ["JSON", "CSV"]) {
    for (const name of ["Alpha, the first", "=beta", "0x0000…00a1"])
      await page.getByRole("button", { name: `Unfollow ${name}` }).click();
    await expect(followed).toHaveCount(0);
    await page.getByTestId("tracker-import").setInputFiles({
      name: `wallets.${kind.toLowerCase()}`,
      mimeType: kind === "JSON" ? "application/json" : "text/csv",
      buffer: Buffer.from(saved[kind] as string),
    });
    await expect(page.getByTestId("tracker-import-message")).toHaveText("Imported 3 new wallets");
    await expect(followed).toHaveCount(3);
    await expect(page.getByTestId("followed-wallets")).toContainText("Alpha, the first");
    await expect(page.getByTestId("followed-wallets")).toContainText("=beta");
  }

  // A bad row: named, and nothing changes.
  await page.getByTestId("tracker-import").setInputFiles({
    name: "bad.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`chain,address,name\nsolana,${a},ok\nevm:8453,0x1234,broken\n`),
  });
  await expect(page.getByTestId("tracker-import-message")).toContainText('Row 3: "0x1234" is not an EVM address');
  await expect(followed).toHaveCount(3);
  // The list survives a reload, names included.
  await page.reload();
  await expect(followed).toHaveCount(3);
  await expect(page.getByTestId("followed-wallets")).toContainText("Alpha, the first");
  expect(pageErrors).toEqual([]);
});
