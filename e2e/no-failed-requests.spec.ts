import type { Page } from "@playwright/test";
import { expect as baseExpect, test } from "./fixtures";
import { settle } from "../test/network-quiet";
import { simState } from "./sim";

// Embedded mode makes no request that fails: no icon on a host that does not exist, no 4xx/5xx, nothing off the
// machine, and nothing in the console — on every page, after its live data has settled.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

interface Notable {
  chain: string;
  address: string;
}
let notable: Record<"establishedToken" | "graduatedToken" | "baseToken" | "evmWallet" | "solanaWallet", Notable>;

test.beforeAll(async () => {
  notable = (await simState()).data.notable;
});

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  page.on("requestfailed", (r) => {
    // A navigation cancels the previous page's prefetches: aborted on purpose, not failed.
    if (r.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
  });
  page.on("request", (r) => {
    const host = new URL(r.url()).hostname;
    if (!["127.0.0.1", "localhost"].includes(host) && !r.url().startsWith("data:"))
      problems.push(`off the machine: ${r.url()}`);
  });
  return problems;
}

const PAGES: Record<string, () => string> = {
  home: () => "/",
  pulse: () => "/pulse",
  watchlist: () => "/watchlist",
  credits: () => "/credits",
  tracker: () => "/tracker",
  charts: () => "/charts",
  "established token": () => `/token/${notable.establishedToken.chain}/${notable.establishedToken.address}`,
  "graduated token": () => `/token/${notable.graduatedToken.chain}/${notable.graduatedToken.address}`,
  "Base token": () => `/token/${notable.baseToken.chain}/${notable.baseToken.address}`,
  "EVM wallet": () => `/wallet/${notable.evmWallet.address}?chain=${notable.evmWallet.chain}`,
  "Solana wallet": () => `/wallet/${notable.solanaWallet.address}?chain=solana`,
};

for (const [name, path] of Object.entries(PAGES)) {
  test(`the ${name} page loads with zero failed requests`, async ({ page }) => {
    const problems = watch(page);
    await page.goto(path());
    await expect(page.getByRole("list", { name: "Native coin prices" }).locator("li").first()).toBeVisible();
    await settle(page);
    // Lazy images below the fold load as the page scrolls.
    await page.mouse.wheel(0, 4000);
    await settle(page);
    expect(problems, path()).toEqual([]);
  });
}

test("no page aborts its links' prefetches", async ({ page }) => {
  const aborted: string[] = [];
  page.on("requestfailed", (r) => {
    if (r.url().includes("_rsc=")) aborted.push(`${r.url()} ${r.failure()?.errorText}`);
  });
  for (const path of [
    "/pulse",
    `/token/${notable.establishedToken.chain}/${notable.establishedToken.address}`,
    `/wallet/${notable.evmWallet.address}?chain=${notable.evmWallet.chain}`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole("list", { name: "Native coin prices" }).locator("li").first()).toBeVisible();
    await settle(page);
  }
  expect(aborted).toEqual([]);
});
