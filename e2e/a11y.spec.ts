import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { settle } from "../test/network-quiet";
import { freezeStream, launchToken, openShell, resultOptions, searchField, tokenPath } from "./shell-helpers";

test.describe.configure({ timeout: 90_000 });

// axe on every page and on the shell's overlays: no serious or critical violations.

async function seriousViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} → ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}

const PAGES: Record<string, (request: APIRequestContext) => Promise<string>> = {
  home: async () => "/",
  pulse: async () => "/pulse",
  token: async (request) => tokenPath(await launchToken(request)),
  "token top traders": async (request) => `${tokenPath(await launchToken(request))}?list=traders`,
  wallet: async () => "/wallet/0x000000000000000000000000000000000000dead",
  watchlist: async () => "/watchlist",
  "not found": async () => "/no-such-page",
};

for (const [name, path] of Object.entries(PAGES)) {
  test(`${name} page has no serious or critical axe violations`, async ({ page, request }) => {
    test.setTimeout(300_000); // axe over a full live board takes minutes on a busy 2-core machine
    const url = await path(request);
    await freezeStream(page);
    await openShell(page, url);
    await settle(page);
    expect(await seriousViolations(page), url).toEqual([]);
  });
}

test("the watchlist with rows, the search palette and the shortcuts overlay pass axe", async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await launchToken(request);
  await freezeStream(page);
  await page.addInitScript(
    ({ item }) =>
      localStorage.setItem("tradescope.watchlist", JSON.stringify({ state: { items: [item] }, version: 1 })),
    { item: { chain: token.chain, address: token.address, symbol: token.symbol, addedAt: Date.now() } },
  );
  await openShell(page);
  await expect(page.getByTestId("watch-price")).toHaveCount(1);
  expect(await seriousViolations(page), "watchlist").toEqual([]);

  await page.keyboard.press("Control+k");
  const input = searchField(page);
  await input.fill(token.symbol);
  await expect(resultOptions(page).first()).toBeVisible();
  expect(await seriousViolations(page, "dialog"), "palette").toEqual([]);
  await page.keyboard.press("Escape");
  // While the palette is open it owns the keyboard: wait until it has closed before the next shortcut.
  await expect(searchField(page)).toHaveCount(0);

  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  expect(await seriousViolations(page, "dialog"), "shortcuts").toEqual([]);
});

test("focus is visible and the palette returns focus on close", async ({ page }) => {
  await openShell(page);
  await page.keyboard.press("Tab");
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
  expect(outline).not.toBe("none");
  const trigger = page.getByRole("banner").getByRole("button", { name: "Search tokens and wallets" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(searchField(page)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(searchField(page)).toHaveCount(0);
  await expect(trigger).toBeFocused();
});
