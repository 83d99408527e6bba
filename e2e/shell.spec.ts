import { settle } from "../test/network-quiet";
import { expect, test } from "./fixtures";
import { waitForShell } from "./shell-helpers";

test("home page renders the shell", async ({ page, pageErrors }) => {
  // The home page is the live pulse board: each check waits for a main thread busy with live updates, so it gets the
  // board tests' budget (pulse.spec.ts), not the default's.
  test.setTimeout(90_000);
  await page.goto("/");
  await expect(page).toHaveTitle("TradeScope");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "TradeScope" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Pulse" })).toHaveAttribute("href", "/pulse");
  await expect(nav.getByRole("link", { name: "Watchlist" })).toHaveAttribute("href", "/watchlist");
  await expect(header.getByRole("button", { name: /Search/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("unknown pages show a clear not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
});

test("the header's native prices come with the page's HTML, and the browser does not ask for them on load", async ({
  browser,
  page,
}) => {
  // Without script: what the first bytes paint.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto("/watchlist");
  const ticker = bare.getByRole("list", { name: "Native coin prices" }).first();
  await expect(ticker.getByRole("listitem").first()).toContainText(/^SOL\s*\$[\d,]+\.\d+/);
  await noScript.close();

  const asked: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/v1/prices/native") asked.push(r.url());
  });
  await page.goto("/watchlist");
  await waitForShell(page);
  await settle(page);
  await expect(page.getByRole("list", { name: "Native coin prices" }).first()).toContainText("SOL");
  expect(asked).toEqual([]);
});
