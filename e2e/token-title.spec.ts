import { safeText } from "../lib/format/safe-text";
import { expect, test } from "./fixtures";
import { simScenario } from "./sim";

// The token page's title flags a look-alike name, as the page itself does: a tab strip or a bookmark shows only it.

test("a look-alike symbol is flagged in the document title", async ({ page, request }) => {
  const t = (await simScenario({ action: "launch", chain: "solana", hostile: "lookalike" })).data as {
    chain: string;
    address: string;
  };
  await expect
    .poll(async () => (await request.get(`/api/v1/token?chain=${t.chain}&address=${t.address}`)).status())
    .toBe(200);
  await page.goto(`/token/${t.chain}/${t.address}`);
  await expect(page.getByTestId("token-header")).toBeVisible();
  await expect(page).toHaveTitle(/^⚠ Lookalike/);
});

test("a plain token's title is its symbol and price", async ({ page, request }) => {
  // The market names 3 % of launches as a scammer would (hidden characters, look-alike letters:
  // lib/sim/engine/names.ts), which the title rightly flags: launch until one whose name and symbol are plain.
  type Launch = { chain: string; address: string; name: string; symbol: string };
  let t: Launch | undefined;
  for (let i = 0; i < 20 && !t; i++) {
    const l = (await simScenario({ action: "launch", chain: "solana" })).data as Launch;
    if (![l.name, l.symbol].some((s) => safeText(s).suspicious)) t = l;
  }
  if (!t) throw new Error("20 launches in a row were named as a scammer would");
  await expect
    .poll(async () => (await request.get(`/api/v1/token?chain=${t.chain}&address=${t.address}`)).status())
    .toBe(200);
  await page.goto(`/token/${t.chain}/${t.address}`);
  await expect(page.getByTestId("token-header")).toBeVisible();
  await expect(page).toHaveTitle(/^[^⚠].* \$/);
});
