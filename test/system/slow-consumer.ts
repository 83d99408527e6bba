import WebSocket from "ws";
import { CLOSE_CODES } from "@/lib/api";
import { rssMb, type System } from "./harness";
import { check, notable, percentile, sleep, streamUrl } from "./util";

// Slow consumers at a high rate: browsers that subscribe to the busiest resources and to every pulse board (100-entry
// snapshots of ~100 KB), keep asking for fresh snapshots, and never read a byte. The gateway must close each one 4009
// `slow_consumer` within 5 s of it stopping reading, hold no more memory for them than a bound, and keep serving a
// healthy viewer on time: its events' delay behind the market (the same events received straight from the market on
// a second connection with the key) stays within +10 % at p99 of the delay measured while the same clients, with
// the same subscriptions and re-subscriptions, were still reading (so only the cost of not reading is measured).
// Bounds (test/system/README.md): eviction ≤ 5 s; server RSS ≤ +64 MB over the figure before; the viewer's p99
// ≤ baseline p99 × 1.1 + 20 ms (the 20 ms is the timer and scheduling noise of a shared 2-core machine).

const SLOW_CLIENTS = 4;
const BASELINE_MS = 15_000;
const EVICT_WITHIN_MS = 5_000;
const AFTER_MS = 8_000;
const RSS_BOUND_MB = 64;
const P99_RATIO = 1.1;
const P99_SLACK_MS = 20;

type Ref = { chain: string; address: string; pools: string[] };
type Frame = { type: string; id?: string; channel?: string; kind?: string; data?: unknown; meta?: { asOf?: number } };

/** Keys of what an event frame carries, so the same event can be matched on two connections. */
function eventKeys(f: Frame): string[] {
  if (f.type !== "event") return [];
  if (f.channel === "trades")
    return (f.data as { txHash: string; logIndex: number }[]).map((r) => `t:${r.txHash}:${r.logIndex}`);
  if (f.channel === "pulse" && f.kind !== "snapshot") {
    const d = f.data as { chain: string; address: string };
    return [`p:${f.kind}:${d.chain}:${d.address}:${f.meta?.asOf}`];
  }
  return [];
}

function viewerSubs(tokens: Ref[]) {
  return [
    ...tokens.map((t, i) => ({ id: `t${i}`, channel: "trades", params: { chain: t.chain, address: t.address } })),
    { id: "pn", channel: "pulse", params: { view: "new", chains: ["solana", "evm:8453"] } },
  ];
}

/** Arrival times per event key on one connection. */
function recorder(ws: WebSocket) {
  const seen = new Map<string, number>();
  ws.on("message", (raw) => {
    const now = performance.now();
    for (const k of eventKeys(JSON.parse(String(raw)) as Frame)) if (!seen.has(k)) seen.set(k, now);
  });
  return seen;
}

/** Delay of each event the viewer got behind the market's own connection, for events first seen in [from, to). */
function delays(direct: Map<string, number>, viewer: Map<string, number>, from: number, to: number): number[] {
  const out: number[] = [];
  for (const [k, at] of direct) if (at >= from && at < to && viewer.has(k)) out.push((viewer.get(k) as number) - at);
  return out;
}

const opened = (ws: WebSocket) =>
  new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });

export async function slowConsumer(sys: System): Promise<string> {
  const n = await notable(sys);
  const tokens = [n.establishedToken, n.baseToken, n.bondingToken, n.graduatedToken].filter(Boolean) as Ref[];
  check(tokens.length >= 2, "the market names too few busy tokens");
  const stats = async () => (await (await fetch(`${sys.appUrl}/api/usage`)).json()).sources?.stream ?? {};

  // The reference: the same subscriptions straight from the market, with the key.
  const simWs = `${sys.simUrl.replace(/^http/, "ws")}/v1/stream`;
  const direct = new WebSocket(simWs);
  await opened(direct);
  const directSeen = recorder(direct);
  direct.send(JSON.stringify({ type: "auth", key: sys.key }));
  for (const s of viewerSubs(tokens)) direct.send(JSON.stringify({ type: "subscribe", ...s }));

  const viewer = new WebSocket(streamUrl(sys), { headers: { "x-forwarded-for": "10.91.0.1" } });
  await opened(viewer);
  const viewerSeen = recorder(viewer);
  let viewerClosed: number | null = null;
  viewer.on("close", (code) => {
    viewerClosed = code;
  });
  for (const s of viewerSubs(tokens)) viewer.send(JSON.stringify({ type: "subscribe", ...s }));

  const slow: { ws: WebSocket; close: { code: number; reason: string } | null; frames: number }[] = [];
  const rss: { at: number; mb: number }[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rss.push({ at: performance.now(), mb: await rssMb(sys.appPid) });
      await sleep(200);
    }
  })();
  let churner: NodeJS.Timeout | undefined;
  try {
    // The heavy clients: every busy token on trades and candles, every pulse board, and a board re-subscribed every
    // 250 ms (each time the gateway sends its whole snapshot). They read at first: the baseline carries their load,
    // so what the pause adds is the cost of their not reading alone.
    for (let c = 0; c < SLOW_CLIENTS; c++) {
      const ws = new WebSocket(streamUrl(sys), { headers: { "x-forwarded-for": `10.92.0.${c + 1}` } });
      const entry = { ws, close: null as { code: number; reason: string } | null, frames: 0 };
      ws.on("message", () => entry.frames++);
      ws.on("close", (code, reason) => {
        entry.close = { code, reason: String(reason) };
      });
      ws.on("error", () => {}); // writes to a socket the server dropped
      await opened(ws);
      slow.push(entry);
    }
    const boards = ["new", "bonding", "graduated"].flatMap((view) =>
      [["solana"], ["evm:8453"], ["solana", "evm:8453"]].map((chains) => ({ view, chains })),
    );
    for (const { ws } of slow) {
      let i = 0;
      for (const t of tokens) {
        ws.send(
          JSON.stringify({
            type: "subscribe",
            id: `t${i++}`,
            channel: "trades",
            params: { chain: t.chain, address: t.address },
          }),
        );
        ws.send(
          JSON.stringify({
            type: "subscribe",
            id: `c${i++}`,
            channel: "ohlcv",
            params: { chain: t.chain, address: t.address, interval: "1s" },
          }),
        );
      }
      for (const b of boards.slice(0, 20 - i - 1))
        ws.send(JSON.stringify({ type: "subscribe", id: `p${i++}`, channel: "pulse", params: b }));
    }
    let churn = 0;
    churner = setInterval(() => {
      const b = boards[churn++ % boards.length];
      for (const { ws, close } of slow) {
        if (close || ws.readyState !== WebSocket.OPEN) continue;
        ws.send(JSON.stringify({ type: "unsubscribe", id: "again" }));
        ws.send(JSON.stringify({ type: "subscribe", id: "again", channel: "pulse", params: b }));
      }
    }, 250);
    await sleep(3_000); // subscriptions acknowledged, first snapshots in
    const t0 = performance.now();
    await sleep(BASELINE_MS);
    const t1 = performance.now();
    const rssBefore = await rssMb(sys.appPid);
    const closesBefore = Number((await stats()).slowConsumerCloses ?? 0);
    for (const { ws } of slow) ws.pause();
    const paused = performance.now();
    let evictedAt = Number.NaN;
    let closes = 0;
    try {
      while (performance.now() - paused < EVICT_WITHIN_MS * 3) {
        closes = Number((await stats()).slowConsumerCloses ?? 0) - closesBefore;
        if (closes >= SLOW_CLIENTS) {
          evictedAt = performance.now();
          break;
        }
        await sleep(100);
      }
    } finally {
      clearInterval(churner);
      // Read what they were sent: the close frame is at the end of it (the server drops the socket 2 s after).
      for (const { ws } of slow) ws.resume();
    }
    await Promise.all(
      slow
        .map((s) => (s.close ? null : new Promise((r) => s.ws.once("close", r))))
        .map((p) => Promise.race([p, sleep(5_000)])),
    );
    const evictMs = evictedAt - paused;
    await sleep(AFTER_MS);
    const t3 = performance.now();
    const rssPeak = Math.max(...rss.filter((r) => r.at >= t1).map((r) => r.mb));
    const rssAfter = await rssMb(sys.appPid);

    const base = delays(directSeen, viewerSeen, t0, t1);
    // While they do not read (until 1 s after the last is closed), and afterwards.
    const during = delays(
      directSeen,
      viewerSeen,
      paused,
      (Number.isNaN(evictedAt) ? paused + EVICT_WITHIN_MS * 3 : evictedAt) + 1_000,
    );
    const after = delays(
      directSeen,
      viewerSeen,
      (Number.isNaN(evictedAt) ? paused + EVICT_WITHIN_MS * 3 : evictedAt) + 1_000,
      t3,
    );
    const missed = [...directSeen.entries()].filter(
      ([k, at]) => at >= t0 && at < t3 - 2_000 && !viewerSeen.has(k),
    ).length;
    const p99Base = percentile(base, 99);
    const p99During = percentile(during, 99);
    const closeCodes = slow.map((s) => s.close?.code ?? "open");
    const figures =
      `${SLOW_CLIENTS} paused clients (${tokens.length} tokens × trades + 1 s candles, pulse boards, a board snapshot re-asked every 250 ms): ` +
      `${closes} closed ${Number.isNaN(evictMs) ? "—" : `${(evictMs / 1000).toFixed(1)} s`} after they stopped reading (bound ${EVICT_WITHIN_MS / 1000} s), close codes ${closeCodes.join(",")}; ` +
      `server RSS ${rssBefore.toFixed(0)} MB before, peak ${rssPeak.toFixed(0)}, ${rssAfter.toFixed(0)} after (bound +${RSS_BOUND_MB}); ` +
      `viewer delay behind the market p50/p99 ${percentile(base, 50).toFixed(1)}/${p99Base.toFixed(1)} ms while they read (${base.length} events) → ` +
      `${percentile(during, 50).toFixed(1)}/${p99During.toFixed(1)} ms while they do not (${during.length} events; bound ${(p99Base * P99_RATIO + P99_SLACK_MS).toFixed(1)}) → ` +
      `${percentile(after, 50).toFixed(1)}/${percentile(after, 99).toFixed(1)} ms once closed (${after.length} events), ${missed} missed`;
    check(base.length >= 20 && during.length >= 20, `too few events to compare: ${figures}`);
    check(closes >= SLOW_CLIENTS && evictMs <= EVICT_WITHIN_MS, `slow clients not evicted in time: ${figures}`);
    check(
      slow.every((s) => s.close?.code === CLOSE_CODES.slowConsumer && s.close.reason === "slow_consumer"),
      `slow clients not closed 4009 slow_consumer: ${figures}`,
    );
    check(
      viewerClosed === null && missed === 0,
      `the healthy viewer was closed (${viewerClosed}) or missed events: ${figures}`,
    );
    check(rssPeak - rssBefore <= RSS_BOUND_MB, `server memory grew past the bound: ${figures}`);
    check(p99During <= p99Base * P99_RATIO + P99_SLACK_MS, `the healthy viewer was slowed: ${figures}`);
    return figures;
  } finally {
    clearInterval(churner);
    sampling = false;
    await sampler;
    for (const s of slow) s.ws.terminate();
    viewer.close();
    direct.close();
  }
}
