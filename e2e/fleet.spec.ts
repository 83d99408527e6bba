import { type LaunchedFleet, launchFleet } from "../scripts/fleet/launch";
import { expect as baseExpect, need, test } from "./fixtures";

// A real browser through nginx in front of three instances in fleet mode (redis-server, the standalone market):
// the deployment of README "Run several instances". Pulse and the token page are live over the WebSocket that nginx
// upgrades; the wallet page loads; every instance answered and shares one Redis.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: "serial", timeout: 180_000 });

let fleet: LaunchedFleet;
// biome-ignore lint/suspicious/noExplicitAny: the control state summary is documented in docs/sim.md
let notable: any;

async function market<T>(path: string, init?: RequestInit): Promise<T> {
  const r = await fetch(`${fleet.market.url}${path}`, init);
  if (!r.ok) throw new Error(`${path} → ${r.status}`);
  return (await r.json()) as T;
}
/** A scenario action on the fleet's market (docs/sim.md): its `data`. */
async function scenario<T>(action: Record<string, unknown>): Promise<T> {
  const answer = await market<{ data: T }>("/__control/scenario", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(action),
  });
  return answer.data;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  fleet = await launchFleet({ instances: 3, speed: 4, output: "pipe", env: { LOG_LEVEL: "warn" } });
  notable = ((await market<{ data: { notable: unknown } }>("/__control/state")).data as { notable: unknown }).notable;
});
test.afterAll(async () => {
  await fleet?.stop();
});

test("pulse is live through nginx", async ({ page, pageErrors }) => {
  await page.goto(`${fleet.url}/pulse`, { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { name: "Pulse", level: 1 })).toBeVisible();
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  // A launch made now reaches the board through the stream (nginx upgraded the socket to one of the instances).
  const launched = await scenario<{ chain: string; address: string }>({ action: "launch", chain: "solana" });
  await expect(page.locator(`article[data-token="${launched.chain}:${launched.address}"]`).first()).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("a token page's tape gets a new trade live through nginx", async ({ page, pageErrors }) => {
  const launched = await scenario<{ chain: string; address: string }>({ action: "launch", chain: "solana" });
  await page.goto(`${fleet.url}/token/${launched.chain}/${launched.address}?interval=1h`, {
    waitUntil: "domcontentloaded",
  });
  await expect(page.getByTestId("liveness").first()).toHaveAttribute("data-mode", "stream");
  const trade = await scenario<{ trade: { txHash: string } }>({
    action: "trade",
    chain: "solana",
    address: launched.address,
    side: "buy",
    usd: 400,
  });
  await expect(page.locator(`[data-testid="trade-row"][data-tx="${trade.trade.txHash}"]`)).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("a wallet page loads through nginx", async ({ page, pageErrors }) => {
  const wallet = need(notable.evmWallet, "a busy EVM wallet") as { chain: string; address: string };
  const res = await page.goto(`${fleet.url}/wallet/${wallet.address}`, { waitUntil: "domcontentloaded" });
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("every instance answered and reaches Redis", async () => {
  for (const app of fleet.apps) {
    const health = (await (await fetch(`${app.url}/api/health`)).json()) as { fleet: { redis: string } };
    expect(health.fleet.redis).toBe("up");
    const usage = (await (await fetch(`${app.url}/api/usage`)).json()) as {
      fleet: { instances: number; totals: { upstreamCalls: number } };
    };
    expect(usage.fleet.instances).toBe(3);
    expect(usage.fleet.totals.upstreamCalls).toBeGreaterThan(0);
  }
});
