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
  const t = (await simScenario({ action: "launch", chain: "solana" })).data as { chain: string; address: string };
  await expect
    .poll(async () => (await request.get(`/api/v1/token?chain=${t.chain}&address=${t.address}`)).status())
    .toBe(200);
  await page.goto(`/token/${t.chain}/${t.address}`);
  await expect(page.getByTestId("token-header")).toBeVisible();
  await expect(page).toHaveTitle(/^[^⚠].* \$/);
});
