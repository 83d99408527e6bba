import { fileURLToPath } from "node:url";
import type { CDPSession, Page, WebSocketRoute } from "@playwright/test";

// The token page under a synthetic trade storm: the page's own stream socket is routed through the benchmark, which
// passes the real frames on and adds trade and forming-candle events at a fixed rate on the page's own subscription
// ids, so the browser does exactly the work a real burst would cause (parse, store, tape, chart).

export interface PhaseResult {
  name: string;
  seconds: number;
  frames: number;
  fpsMedian: number;
  fpsP5: number;
  longFrames: number;
  worstFrameMs: number;
  heapStartMb: number;
  heapEndMb: number;
  scriptSecPerSec: number;
  injectedTrades: number;
  injectedUpdates: number;
}

export interface Injector {
  rate: number;
  /** token-updates events per second on the page's token-updates subscription. */
  updates: number;
  updatesSent: number;
  sent: number;
  /** Move the forming candle with the injected trades (the service re-pushes it on each trade). */
  candles: boolean;
  /** Stops injecting (a closing browser does not always report its sockets closed; a live timer would hold the process). */
  stop(): void;
}

/** Routes the page's stream socket; returns a handle whose `rate` (trades/s) can be changed between phases. */
export async function routeStream(page: Page): Promise<Injector> {
  const timers = new Set<ReturnType<typeof setInterval>>();
  const inj: Injector = {
    rate: 0,
    updates: 0,
    updatesSent: 0,
    sent: 0,
    candles: true,
    stop() {
      for (const t of timers) clearInterval(t);
      timers.clear();
    },
  };
  const ids: Record<string, { id: string; params: Record<string, unknown> }> = {};
  let offset = 0;
  let seq = 0;
  let price = 0.00002;
  let candle: { time: number; open: number; high: number; low: number; close: number; volume: number } | null = null;
  // The newest candle the service pushed: injected ticks move that bar, never an older one (which would redraw all).
  let newest: { time: number; open: number; high: number; low: number; close: number; volume: number } | null = null;
  let owed = 0;
  let owedUpdates = 0;
  let last = Date.now();
  await page.routeWebSocket(/\/api\/stream/, (ws: WebSocketRoute) => {
    const server = ws.connectToServer();
    // The page's own subscribe requests name the params; the `subscribed` answer carries the id.
    const asked: Record<string, Record<string, unknown>> = {};
    ws.onMessage((m) => {
      try {
        const f = JSON.parse(String(m));
        if (f.type === "subscribe" && typeof f.id === "string") asked[f.id] = f.params ?? {};
      } catch {
        // not JSON: passed on untouched
      }
      server.send(m);
    });
    server.onMessage((m) => {
      const f = JSON.parse(String(m));
      if (f.type === "subscribed") ids[f.channel] = { id: f.id, params: f.params ?? asked[f.id] ?? {} };
      if (typeof f.meta?.asOf === "number") offset = f.meta.asOf - Date.now();
      if (f.type === "event" && f.channel === "ohlcv" && Array.isArray(f.data) && f.data.length) {
        const c = f.data[f.data.length - 1];
        if (!newest || c.time >= newest.time) newest = c;
      }
      ws.send(m);
    });
    const timer = setInterval(() => {
      const now = Date.now();
      owed += ((now - last) / 1000) * inj.rate;
      owedUpdates += ((now - last) / 1000) * inj.updates;
      last = now;
      const u = ids["token-updates"];
      if (u && owedUpdates >= 1) {
        const k = Math.floor(owedUpdates);
        owedUpdates -= k;
        for (let i = 0; i < k; i++) {
          inj.updatesSent += 1;
          const at = now + offset;
          const data = {
            chain: u.params.chain,
            address: u.params.address,
            priceUsd: price * 3000,
            priceNative: price,
            marketCapUsd: price * 3000 * 1e9,
            liquidityUsd: 250_000 + (inj.updatesSent % 100),
            bondingProgress: null,
            migrated: true,
            graduatedAt: null,
            volume24hUsd: 1_000_000 + inj.updatesSent,
            priceChange1hPct: ((inj.updatesSent % 40) - 20) / 10,
            priceChange24hPct: ((inj.updatesSent % 60) - 30) / 10,
            txns24h: 10_000 + inj.updatesSent,
            buys24h: 5_000 + inj.updatesSent,
            sells24h: 5_000,
            updatedAt: at,
          };
          ws.send(
            JSON.stringify({
              type: "event",
              id: u.id,
              channel: "token-updates",
              kind: "update",
              data,
              meta: { asOf: at },
            }),
          );
        }
      }
      const n = Math.floor(owed);
      if (n <= 0 || !ids.trades) return;
      owed -= n;
      const at = now + offset;
      const rows = [];
      for (let i = 0; i < n; i++) {
        seq += 1;
        price *= 1 + ((seq % 11) - 5) * 0.0004;
        const amountToken = 1000 + (seq % 97) * 13;
        rows.push({
          at,
          maker: `0x${(seq % 5000).toString(16).padStart(40, "b")}`,
          isBuy: seq % 2 === 0,
          amountToken,
          amountQuote: amountToken * price,
          priceNative: price,
          volumeNative: amountToken * price,
          volumeUsd: amountToken * price * 3000,
          isProTrader: seq % 13 === 0,
          isSniper: seq % 29 === 0,
          preconfirmed: false,
          txHash: `0x${seq.toString(16).padStart(64, "a")}`,
          block: 90_000_000 + seq,
          logIndex: 0,
        });
      }
      inj.sent += n;
      ws.send(
        JSON.stringify({
          type: "event",
          id: ids.trades.id,
          channel: "trades",
          kind: "trades",
          data: rows,
          meta: { asOf: at },
        }),
      );
      const o = ids.ohlcv;
      if (o && newest && inj.candles) {
        if (!candle || candle.time < newest.time) candle = { ...newest };
        price = candle.close * (1 + ((seq % 11) - 5) * 0.0004);
        candle = {
          ...candle,
          high: Math.max(candle.high, price),
          low: Math.min(candle.low, price),
          close: price,
          volume: candle.volume + n,
        };
        const meta = { asOf: at, interval: o.params.interval, quote: o.params.quote ?? "native" };
        ws.send(JSON.stringify({ type: "event", id: o.id, channel: "ohlcv", kind: "candle", data: [candle], meta }));
      }
    }, 16);
    timers.add(timer);
    ws.onClose(() => {
      clearInterval(timer);
      timers.delete(timer);
    });
  });
  return inj;
}

async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send("HeapProfiler.collectGarbage");
  const h = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
  return h.usedSize / 1024 / 1024;
}

async function scriptSeconds(cdp: CDPSession): Promise<number> {
  const m = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
  return m.metrics.find((x) => x.name === "ScriptDuration")?.value ?? 0;
}

/** Frames (rAF deltas), fps per second, long frames, heap after GC at both ends, script time. */
export async function measurePhase(
  page: Page,
  cdp: CDPSession,
  inj: Injector,
  name: string,
  seconds: number,
): Promise<PhaseResult> {
  await page.addScriptTag({ path: fileURLToPath(new URL("./frames-page.js", import.meta.url)) });
  const heapStart = await heapMb(cdp);
  const script0 = await scriptSeconds(cdp);
  const sent0 = inj.sent;
  const updates0 = inj.updatesSent;
  const deltas = (await page.evaluate(`window.__recordFrames(${seconds * 1000})`)) as number[];
  const script1 = await scriptSeconds(cdp);
  const heapEnd = await heapMb(cdp);
  const perSecond: number[] = [];
  let acc = 0;
  let count = 0;
  for (const d of deltas) {
    acc += d;
    count += 1;
    if (acc >= 1000) {
      perSecond.push((count * 1000) / acc);
      acc = 0;
      count = 0;
    }
  }
  const sorted = [...perSecond].sort((a, b) => a - b);
  return {
    name,
    seconds,
    frames: deltas.length,
    fpsMedian: sorted[Math.floor(sorted.length / 2)] ?? 0,
    fpsP5: sorted[Math.floor(sorted.length * 0.05)] ?? 0,
    longFrames: deltas.filter((d) => d > 50).length,
    worstFrameMs: Math.max(0, ...deltas),
    heapStartMb: heapStart,
    heapEndMb: heapEnd,
    scriptSecPerSec: (script1 - script0) / seconds,
    injectedTrades: inj.sent - sent0,
    injectedUpdates: inj.updatesSent - updates0,
  };
}
