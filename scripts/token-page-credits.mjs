// Credits one token page view spends upstream: loads each token page once in Chromium against a running server on
// the embedded market and reads /api/usage before and after. Pages of freshly launched tokens (nothing cached).
//   node scripts/token-page-credits.mjs http://127.0.0.1:PORT http://127.0.0.1:SIM_PORT [pages=3] [settleMs=12000]
import { chromium } from "@playwright/test";

const [base, sim, pages = "3", settle = "12000"] = process.argv.slice(2);
if (!base || !sim) {
  console.error("usage: node scripts/token-page-credits.mjs <app url> <embedded market url> [pages] [settleMs]");
  process.exit(2);
}
const json = async (url, init) => await (await fetch(url, init)).json();
const usage = async () => (await json(`${base}/api/usage`)).rest;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
});
const results = [];
for (let i = 0; i < Number(pages); i++) {
  const chain = i % 2 === 0 ? "solana" : "evm:8453";
  const t = (
    await json(`${sim}/__control/scenario`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "launch", chain, bundle: 4 }),
    })
  ).data;
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const before = await usage();
  await page.goto(`${base}/token/${chain}/${t.address}`, { waitUntil: "load" });
  await page.waitForTimeout(Number(settle));
  const after = await usage();
  await page.close();
  const byEndpoint = {};
  for (const [k, v] of Object.entries(after.byEndpoint)) {
    const d = v.spent - (before.byEndpoint[k]?.spent ?? 0);
    if (d) byEndpoint[k] = d;
  }
  results.push({ chain, spent: after.spent - before.spent, byEndpoint });
}
await browser.close();
const mean = results.reduce((s, r) => s + r.spent, 0) / results.length;
console.log(JSON.stringify({ pages: results, meanSpent: mean }, null, 1));
