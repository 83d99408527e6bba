import { chromium } from "@playwright/test";
import type { PulseToken } from "@/lib/api";
import { applyPulseDelta, applyPulseSnapshot, emptyPulse, type PulseListState } from "@/lib/client/stream/reducers/pulse";
import type { System } from "./harness";
import { check, notable, openStream, sleep } from "./util";

// The market cuts every upstream stream connection once it is 10 s old, for 2 minutes, while a browser watches a busy
// token's tape and a stream client keeps a pulse list from snapshot + deltas. Afterwards the tape has no duplicate and
// no missing confirmed trade against REST. Each pulse snapshot is compared with the list the deltas built before it.
// (The market's fault applies to live connections: a client of it is cut at 10 s with 1006.)

const CHAOS_MS = 120_000;
const DROP_AFTER_MS = 10_000;

const ids = (items: readonly { chain: string; address: string }[]) => items.map((t) => `${t.chain}:${t.address}`).join(",");

export async function streamChaos(sys: System): Promise<string> {
  const n = await notable(sys);
  const t = n.establishedToken;
  const usage = async () => (await (await fetch(`${sys.appUrl}/api/usage`)).json()).sources?.stream ?? {};
  const reconnectsBefore = Number((await usage()).upstreamReconnects ?? 0);

  // Pulse: snapshot + deltas, compared with each next snapshot (the first one after a resync is a repair point).
  const pulse = openStream(sys, { "x-forwarded-for": "10.90.0.1" });
  await pulse.opened;
  let state: PulseListState = emptyPulse("new");
  let compared = 0;
  let resynced = true;
  let resyncFrames = 0;
  const mismatches: string[] = [];
  pulse.ws.on("message", (raw) => {
    const f = JSON.parse(String(raw));
    if (f.type === "resync") {
      resynced = true;
      resyncFrames++;
    }
    if (f.type !== "event" || f.channel !== "pulse") return;
    const asOf = f.meta?.asOf as number;
    if (f.kind === "snapshot") {
      const items = f.data as PulseToken[];
      if (!resynced && state.asOf !== null) {
        compared++;
        const expected = ids(applyPulseSnapshot(emptyPulse("new"), items, asOf).items);
        if (ids(state.items) !== expected) mismatches.push(`snapshot at ${asOf} differs from the delta-built list`);
      }
      resynced = false;
      state = applyPulseSnapshot(emptyPulse("new"), items, asOf);
    } else if (f.kind === "leave") state = applyPulseDelta(state, { kind: "leave", chain: f.data.chain, address: f.data.address, asOf });
    else state = applyPulseDelta(state, { kind: f.kind, token: f.data, asOf });
  });
  pulse.send({ type: "subscribe", id: "p1", channel: "pulse", params: { view: "new", chains: ["solana", "evm:8453"] } });

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${sys.appUrl}/token/${encodeURIComponent(t.chain)}/${t.address}`);
    await page.getByTestId("trade-row").first().waitFor({ timeout: 30_000 });
    await sys.sim("PUT", "/__control/faults", { streamDropAfterMs: DROP_AFTER_MS });
    try {
      await sleep(CHAOS_MS);
    } finally {
      await sys.sim("DELETE", "/__control/faults");
    }
    await sleep(8_000);
    await page.getByTestId("trade-tape").hover();
    await sleep(500);
    const shown = await page.getByTestId("trade-row").evaluateAll((els) =>
      els.map((e) => ({ key: (e as HTMLElement).dataset.key ?? "", tx: (e as HTMLElement).dataset.tx ?? "" })),
    );
    const rest = (
      await (
        await fetch(`${sys.appUrl}/api/v1/token/trades?chain=${encodeURIComponent(t.chain)}&address=${t.address}&pools=${t.pools.join(",")}&limit=200`)
      ).json()
    ).data as { txHash: string; at: number; preconfirmed: boolean }[];
    const txs = new Set(shown.map((r) => r.tx));
    const inRest = rest.filter((r) => txs.has(r.txHash));
    check(shown.length > 5 && inRest.length > 0, `the tape shows ${shown.length} rows, ${inRest.length} of them in the REST tape`);
    const newest = Math.max(...inRest.map((r) => r.at));
    const oldest = Math.min(...inRest.map((r) => r.at));
    const missing = rest.filter((r) => !r.preconfirmed && r.at > oldest && r.at < newest && !txs.has(r.txHash));
    const duplicates = shown.length - new Set(shown.map((r) => r.key)).size;
    const reconnects = Number((await usage()).upstreamReconnects ?? 0) - reconnectsBefore;
    pulse.close();
    const seen = `(the gateway reported ${reconnects} upstream reconnects and sent ${resyncFrames} resync frames)`;
    check(duplicates === 0 && missing.length === 0, `tape: ${duplicates} duplicate rows, ${missing.length} missing trades ${seen}`);
    check(compared > 0, "no pulse snapshot to compare against");
    // Reported, not enforced yet: a run without drops was not yet confirmed to give 0, so a difference here does not
    // prove a lost delta (see test/system/README.md).
    return `${reconnects} upstream reconnects and ${resyncFrames} resync frames in ${CHAOS_MS / 1000} s (dropped every ${DROP_AFTER_MS / 1000} s): tape ${shown.length} rows (${inRest.length} checked against REST over ${Math.round((newest - oldest) / 1000)} s of market time), 0 duplicates, 0 missing; pulse: ${mismatches.length} of ${compared} snapshots differ from the delta-built list ${seen}`;
  } finally {
    await browser.close();
  }
}
