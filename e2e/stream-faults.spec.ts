import { expect as baseExpect, test } from "./fixtures";
import { type OwnServer, startOwnServer } from "./own-server";
import { holdStreamInPage } from "./page-socket";
import { controlCall } from "./sim";
import { tokenViewQuery } from "./token-view";

// The token page's tape through a forced stream drop while the market repeats frames. A server of this spec's own:
// the market's faults apply to every stream it serves, so on the suite's shared market they would reach the tests
// running beside this one (a preconfirmed row repaired from REST before it was ever drawn flagged).

test.describe.configure({ mode: "serial", timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

let srv: OwnServer;
type Token = { chain: string; address: string };
const control = <T>(method: string, path: string, body?: unknown) =>
  controlCall<{ data: T }>(srv.simBase, method, path, body).then((r) => r?.data as T);

test.beforeAll(async () => {
  test.setTimeout(600_000);
  srv = await startOwnServer(9, { SIM_SPEED: "4", STREAM_IP_EXEMPT_LOOPBACK: "1" });
});

test.afterAll(async () => {
  await srv?.stop();
});

test("no duplicate or missing rows after a forced stream drop while the market repeats frames", async ({
  page,
  request,
}) => {
  const sockets: Array<{ close(): Promise<void> }> = [];
  let connections = 0;
  await holdStreamInPage(page);
  await page.routeWebSocket(/\/api\/stream/, (ws) => {
    connections += 1;
    sockets.push(ws);
    ws.connectToServer();
  });
  const t = (await control<{ notable: { baseToken: Token } }>("GET", "/__control/state")).notable.baseToken;
  await page.goto(`${srv.base}/token/${t.chain}/${t.address}`);
  await expect(page.getByTestId("trade-row").first()).toBeVisible();
  await expect.poll(() => connections).toBeGreaterThan(0);
  await control("PUT", "/__control/faults", { streamDuplicateRate: 0.3 });
  try {
    await sockets[sockets.length - 1]?.close();
    await expect.poll(() => connections, { timeout: 20_000 }).toBeGreaterThan(1);
    // Live again through the new connection, with the market repeating frames: a trade made now reaches the tape.
    const made = await control<{ trade: { txHash: string } }>("POST", "/__control/scenario", {
      action: "trade",
      chain: t.chain,
      address: t.address,
      side: "buy",
      usd: 40,
    });
    await expect(page.locator(`[data-testid="trade-row"][data-tx="${made.trade.txHash}"]`)).toBeVisible({
      timeout: 30_000,
    });
  } finally {
    await control("PUT", "/__control/faults", { streamDuplicateRate: 0 });
  }
  // The trade made after the reconnect can reach the tape before the repair of what the drop missed has landed (the
  // live path is quicker than the REST fetch): the tape is read until it is whole, and a hole that stays fails.
  const q = await tokenViewQuery(page);
  /** A row drawn twice in any read (never allowed, not even for a moment). */
  const doubled: string[] = [];
  const tapeHoles = async () => {
    const shown = await page
      .getByTestId("trade-row")
      .evaluateAll((els) =>
        els.map((e) => ({ key: (e as HTMLElement).dataset.key ?? "", tx: (e as HTMLElement).dataset.tx ?? "" })),
      );
    const rest = (
      await (
        await request.get(
          `${srv.base}/api/v1/token/trades?chain=${q.chain}&address=${q.address}&pools=${q.pools}&limit=200`,
        )
      ).json()
    ).data as { txHash: string; at: number; preconfirmed: boolean }[];
    // Every confirmed trade the service lists inside the shown span is on screen, each once.
    const keys = new Set<string>();
    for (const r of shown) {
      if (keys.has(r.key)) doubled.push(r.key);
      keys.add(r.key);
    }
    const txs = new Set(shown.map((r) => r.tx));
    const shownRest = rest.filter((r) => txs.has(r.txHash));
    const newest = Math.max(...shownRest.map((r) => r.at));
    const oldest = Math.min(...shownRest.map((r) => r.at));
    return {
      shown: shown.length > 5,
      listed: shownRest.length > 0,
      missing: rest
        .filter((r) => !r.preconfirmed && r.at > oldest && r.at < newest && !txs.has(r.txHash))
        .map((r) => `${r.txHash} at ${r.at}`),
    };
  };
  await expect.poll(tapeHoles).toEqual({ shown: true, listed: true, missing: [] });
  expect(doubled).toEqual([]);
});
