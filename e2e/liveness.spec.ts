import { type ChildProcess, spawn } from "node:child_process";
import { WebSocket } from "ws";
import { expect as baseExpect, test } from "./fixtures";

// Tiered liveness in the browser: a server of its own whose key may stream only two tokens or pools
// (STREAM_MAX_TRACKED=2), so scripted viewers can fill the budget. The token page then gets its trades polled
// ("Delayed ~N s" on the tape and in the header, trades still arriving) and turns "Live" in place once the viewers
// leave and it is promoted.

test.describe.configure({ mode: "serial", timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PORT = Number(process.env.E2E_PORT ?? 3210) + 5;
const SIM_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
let server: ChildProcess | undefined;
let serverLog = "";

async function control<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${SIM_PORT}/__control/${path}`, {
    method: body ? "POST" : "GET",
    headers: body ? { "content-type": "application/json" } : undefined,
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${path} → ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return ((await res.json()) as { data: T }).data;
}

const launch = () =>
  control<{ chain: string; address: string; pool: string }>("scenario", { action: "launch", chain: "solana" });
const buy = (t: { chain: string; address: string }) =>
  control<{ trade: { txHash: string } }>("scenario", {
    action: "trade",
    chain: t.chain,
    address: t.address,
    side: "buy",
    usd: 50,
  });

test.beforeAll(async () => {
  test.setTimeout(600_000); // start.mjs builds first when the build is stale
  server = spawn("node", ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SIM_PORT: String(SIM_PORT),
      SIM_SEED: "7",
      SIM_SPEED: "1",
      SIM_KEY: "e2e-liveness-key-8d02c6e4f1a9b357",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      MARKET_API_URL: "",
      MARKET_STREAM_URL: "",
      MARKET_API_KEY: "",
      STREAM_MAX_CONNECTIONS: "1",
      STREAM_MAX_TRACKED: "2",
      STREAM_PULSE_RESERVE: "0",
      // Every scripted viewer and the page are on loopback, one client address: no per-address cap here, the test is
      // about the key's budget (address shares: lib/server/gateway/liveness/address-shares.test.ts).
      STREAM_ADDRESS_SHARE: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d) => (serverLog = (serverLog + String(d)).slice(-4_000)));
  server.stderr?.on("data", (d) => (serverLog = (serverLog + String(d)).slice(-4_000)));
  const deadline = Date.now() + 540_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited ${server.exitCode}: ${serverLog}`);
    const ok = await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server did not start: ${serverLog}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server?.once("exit", r));
  server.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (server.exitCode === null) server.kill("SIGKILL");
});

/** A scripted viewer: one stream connection holding trades subscriptions on the given tokens. */
async function viewer(
  tokens: { chain: string; address: string; pool: string }[],
): Promise<{ ws: WebSocket; modes: () => string[] }> {
  const ws = new WebSocket(`ws://127.0.0.1:${PORT}/api/stream`);
  const frames: { type: string; mode?: string }[] = [];
  ws.on("message", (d) => frames.push(JSON.parse(String(d))));
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  tokens.forEach((t, i) =>
    ws.send(
      JSON.stringify({
        type: "subscribe",
        id: `v${i}`,
        channel: "trades",
        params: { chain: t.chain, address: t.address, pools: [t.pool] },
      }),
    ),
  );
  return { ws, modes: () => frames.filter((f) => f.type === "subscribed").map((f) => f.mode ?? "") };
}

test("with the stream budget full a token page shows trades arriving and Delayed (tape and header), then Live once promoted", async ({
  page,
  pageErrors,
}) => {
  const fillers = [await launch(), await launch()];
  const crowd = await Promise.all([viewer(fillers), viewer(fillers), viewer(fillers)]);
  await expect
    .poll(() => crowd.flatMap((v) => v.modes()))
    .toEqual(["stream", "stream", "stream", "stream", "stream", "stream"]);

  const token = await launch();
  await page.goto(`${BASE}/token/${token.chain}/${token.address}`);
  const liveness = page.getByRole("region", { name: "Trades" }).getByTestId("liveness");
  await expect(liveness).toHaveAttribute("data-mode", "poll");
  await expect(liveness).toHaveText(/^Delayed ~\d+ s$/);
  // The header's overall status says the page is polled, not "Live".
  const header = page
    .getByRole("banner")
    .getByRole("status")
    .filter({ hasText: /^(Live|Delayed ~\d+ s|Partly live|Connecting|Reconnecting|Offline)$/ });
  await expect(header).toHaveText(/^Delayed ~\d+ s$/);
  const polled = await buy(token);
  await expect(page.locator(`[data-testid="trade-row"][data-tx="${polled.trade.txHash}"]`)).toBeVisible();
  await expect(liveness).toHaveAttribute("data-mode", "poll");

  for (const v of crowd) v.ws.close(); // the crowd leaves: the budget frees and the page's trades are promoted
  await expect(liveness).toHaveAttribute("data-mode", "stream");
  await expect(liveness).toHaveText("Live");
  await expect(header).toHaveText("Live");
  const streamed = await buy(token);
  await expect(page.locator(`[data-testid="trade-row"][data-tx="${streamed.trade.txHash}"]`)).toBeVisible();
  await expect(page.locator(`[data-testid="trade-row"][data-tx="${polled.trade.txHash}"]`)).toHaveCount(1);
  expect(pageErrors).toEqual([]);
});
