import type { Page } from "@playwright/test";
import { settle } from "../test/network-quiet";
import { expect as baseExpect, test } from "./fixtures";
import { simState } from "./sim";

// A 390 px phone: no page scrolls sideways, and the tape leaves a maker's name or address readable.

test.describe.configure({ timeout: 180_000 }); // seven page loads on a shared, busy machine
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
const expect = baseExpect.configure({ timeout: 30_000 });

interface Notable {
  chain: string;
  address: string;
}
let notable: Record<"establishedToken" | "graduatedToken" | "evmWallet" | "solanaWallet", Notable>;

test.beforeAll(async () => {
  notable = (await simState()).data.notable;
});

async function pageWidth(page: Page): Promise<{ scroll: number; client: number }> {
  return page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
}

const paths = () => [
  "/",
  "/pulse",
  "/watchlist",
  `/token/${notable.establishedToken.chain}/${notable.establishedToken.address}`,
  `/token/${notable.graduatedToken.chain}/${notable.graduatedToken.address}`,
  `/wallet/${notable.evmWallet.address}?chain=${notable.evmWallet.chain}`,
  `/wallet/${notable.solanaWallet.address}?chain=solana`,
  "/tracker",
  `/charts?layout=2x2&c=${notable.establishedToken.chain}:${notable.establishedToken.address}:5m:native,${notable.graduatedToken.chain}:${notable.graduatedToken.address}:1m:native`,
];

test("no page is wider than a 390 px screen", async ({ page }) => {
  for (const path of paths()) {
    await page.goto(path);
    // Wait for live content (prices in the header ticker) so late-arriving rows are measured too.
    await expect(page.getByRole("list", { name: "Native coin prices" }).locator("li").first()).toBeVisible();
    await settle(page);
    const w = await pageWidth(page);
    expect(w.scroll, `${path} scrolls sideways`).toBeLessThanOrEqual(w.client);
  }
});

test("the tape shows maker names and addresses uncut on a phone", async ({ page }) => {
  await page.goto(`/token/${notable.establishedToken.chain}/${notable.establishedToken.address}`);
  const makers = page.getByTestId("maker-filter");
  await expect(makers.first()).toBeVisible();
  const cut = await makers.evaluateAll((els) =>
    els
      .slice(0, 20)
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
});

test("the chart's price labels are inside the screen", async ({ page }) => {
  await page.goto(`/token/${notable.establishedToken.chain}/${notable.establishedToken.address}`);
  const chart = page.getByTestId("candle-chart");
  await expect(chart).toBeVisible();
  const box = await chart.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  // Every canvas of the chart (the price scale is the rightmost) lies within the chart's own box.
  const outside = await chart.evaluate((el) => {
    const outer = el.getBoundingClientRect();
    return [...el.querySelectorAll("canvas")]
      .map((c) => c.getBoundingClientRect())
      .filter((r) => r.width > 0 && (r.right > outer.right + 1 || r.left < outer.left - 1)).length;
  });
  expect(outside).toBe(0);
});
