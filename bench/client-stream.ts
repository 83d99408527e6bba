// Client stream benchmark, side by side in one run: the reducers and the once-per-frame store against the naive way
// (apply each event on its own, re-sort everything, feed the chart with setData). Rounds are interleaved so machine
// noise hits every row alike; medians are reported, with each row's ratio to its group's baseline.
// Targets: no reducer slower than the naive way (≥ 1×; most are far faster, pulse deltas on a 100-entry list barely); the store notifies at most once per frame (≤ 0.25× the
// per-event notifications at 4 trades a frame).
// Run: node_modules/.bin/tsx bench/client-stream.ts   [BENCH_ROUNDS=5] [--quick]
import type { Candle, EventFrame, PulseToken, TokenTrade } from "@/lib/api";
import { subscriptionKey, tradeKey } from "@/lib/api";
import { emptySeries, upsertBars } from "@/lib/client/stream/reducers/candles";
import { applyPulseDelta, applyPulseSnapshot, comparePulse, emptyPulse } from "@/lib/client/stream/reducers/pulse";
import {
  compareTrades,
  emptyTape,
  mergeTrades,
  normalizeRows,
  TAPE_CAP,
  tapeView,
} from "@/lib/client/stream/reducers/trades";
import { createManualScheduler } from "@/lib/client/stream/scheduler";
import { createStreamStore } from "@/lib/client/stream/store";
import { pulseToken } from "@/lib/client/stream/testing/fixtures";
import { percentile } from "./lib/percentile";
import { figure, pick } from "./lib/report";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? pick(5, 2));
const T0 = 1_700_000_000_000;

function trade(i: number, preconfirmed = false): TokenTrade {
  return {
    at: T0 + i * 5,
    maker: "0x1111111111111111111111111111111111111111",
    isBuy: i % 2 === 0,
    amountToken: i,
    amountQuote: 1,
    priceNative: 0.1,
    volumeNative: 1,
    volumeUsd: 100 + (i % 1000),
    isProTrader: false,
    isSniper: false,
    preconfirmed,
    txHash: `0x${i.toString(16).padStart(64, "0")}`,
    block: 1_000 + (i >> 3),
    logIndex: i & 7,
  };
}
function token(i: number, progress: number): PulseToken {
  return pulseToken({
    chain: "solana",
    address: `T${i.toString().padStart(40, "1")}`,
    name: `Tok ${i}`,
    symbol: `T${i}`,
    bondingProgress: progress,
    createdAt: T0 + i,
  });
}

// A busy token: 12,000 trades arriving 4 per animation frame (~240 trades/s for 50 s).
const LIVE = Array.from({ length: 12_000 }, (_, i) => trade(i));
const FRAMES = Array.from({ length: LIVE.length / 4 }, (_, f) => LIVE.slice(f * 4, f * 4 + 4));
const REST = Array.from({ length: 5_000 }, (_, i) => trade(-1 - i)); // newest first, as REST pages come
const RING = mergeTrades(emptyTape(), LIVE.slice(-1_000));
const DELTAS = Array.from({ length: 3_000 }, (_, i) => token(i % 400, (i * 37) % 100));
const BARS = Array.from(
  { length: 5_000 },
  (_, i): Candle => ({ time: 1_700_000_000 + i * 60, open: 1, high: 2, low: 0.5, close: 1.5, volume: i }),
);
const TICKS = Array.from(
  { length: 5_000 },
  (_, i): Candle => ({
    ...BARS[BARS.length - 1 - (i % 2)],
    time: BARS[4_999].time + Math.floor(i / 2) * 60,
    close: 1 + i / 1e4,
  }),
);

let sink = 0;

/** What a tape without the reducer would do: re-dedupe and re-sort everything on each event, no bound. */
function naiveTape(rows: TokenTrade[], incoming: TokenTrade[]): TokenTrade[] {
  const byKey = new Map(rows.map((r) => [tradeKey(r), r]));
  for (const r of incoming) byKey.set(tradeKey(r), r);
  return [...byKey.values()].sort(compareTrades);
}

type Case = { group: string; name: string; baseline?: boolean; ops: number; unit: string; run: () => void };
const cases: Case[] = [
  {
    group: "live tape ingest (12k trades)",
    name: "mergeTrades per frame (ring 1,000)",
    ops: LIVE.length,
    unit: "trades",
    run: () => {
      let s = emptyTape();
      for (const f of FRAMES) s = mergeTrades(s, f);
      sink += s.rows.length;
    },
  },
  {
    group: "live tape ingest (12k trades)",
    name: "naive: re-sort all per trade, unbounded",
    baseline: true,
    ops: LIVE.length,
    unit: "trades",
    run: () => {
      let rows: TokenTrade[] = [];
      for (const r of LIVE.slice(0, 3_000)) rows = naiveTape(rows, [r]); // 3k only: the full run takes minutes
      sink += rows.length;
    },
  },
  {
    group: "tape view (ring 1,000 + REST 5,000)",
    name: "tapeView merge",
    ops: 200,
    unit: "views",
    run: () => {
      for (let i = 0; i < 200; i++) sink += tapeView(RING, REST, { restAsOf: T0, serverNow: T0 }).rows.length;
    },
  },
  {
    group: "tape view (ring 1,000 + REST 5,000)",
    name: "naive: dedupe + sort the union",
    baseline: true,
    ops: 200,
    unit: "views",
    run: () => {
      for (let i = 0; i < 200; i++) sink += normalizeRows([...REST, ...RING.rows]).length;
    },
  },
  {
    group: "pulse deltas (3k over a 100 list)",
    name: "applyPulseDelta",
    ops: DELTAS.length,
    unit: "deltas",
    run: () => {
      let s = applyPulseSnapshot(emptyPulse("bonding"), DELTAS.slice(0, 100), 0);
      for (const t of DELTAS) s = applyPulseDelta(s, { kind: "update", token: t, asOf: 1 });
      sink += s.items.length;
    },
  },
  {
    group: "pulse deltas (3k over a 100 list)",
    name: "naive: concat + sort the whole view",
    baseline: true,
    ops: DELTAS.length,
    unit: "deltas",
    run: () => {
      let items: PulseToken[] = DELTAS.slice(0, 100);
      const cmp = comparePulse("bonding");
      for (const t of DELTAS) items = [...items.filter((x) => x.address !== t.address), t].sort(cmp);
      sink += items.length;
    },
  },
  {
    group: "chart feed (5k live pushes on 5k bars)",
    name: "upsertBars → update ops",
    ops: TICKS.length,
    unit: "pushes",
    run: () => {
      let s = upsertBars(emptySeries(), BARS).state;
      for (const t of TICKS) {
        const r = upsertBars(s, [t]);
        s = r.state;
        sink += r.ops.length;
      }
    },
  },
  {
    group: "chart feed (5k live pushes on 5k bars)",
    name: "naive: setData of every bar per push",
    baseline: true,
    ops: TICKS.length,
    unit: "pushes",
    run: () => {
      let bars = BARS.slice();
      for (const t of TICKS.slice(0, 1_000)) {
        bars = [...bars.filter((b) => b.time !== t.time), t].sort((a, b) => a.time - b.time);
        sink += bars.length;
      }
    },
  },
];

// Store: events per React notification (what a tape component re-renders on).
function storeNotifications(batched: boolean): { notifications: number; ms: number } {
  const scheduler = createManualScheduler();
  const store = createStreamStore({ scheduler, now: () => T0 });
  const key = subscriptionKey("trades", { chain: "evm:8453", address: "0x00000000000000000000000000000000000000aa" });
  store.getState().actions.ensure(key, "trades", {});
  let notifications = 0;
  store.subscribe(() => notifications++);
  const t = performance.now();
  for (const f of FRAMES) {
    for (const r of f) {
      store.getState().actions.enqueue(key, {
        type: "event",
        id: "s1",
        channel: "trades",
        kind: "trades",
        data: [r],
        meta: { asOf: T0 },
      } as EventFrame);
      if (!batched) store.getState().actions.flush();
    }
    scheduler.flush();
  }
  return { notifications, ms: performance.now() - t };
}

const timings = new Map<Case, number[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const c of cases) {
    const t = performance.now();
    c.run();
    const ms = performance.now() - t;
    const ops =
      c.baseline && c.group.startsWith("live tape") ? 3_000 : c.baseline && c.group.startsWith("chart") ? 1_000 : c.ops;
    timings.set(c, [...(timings.get(c) ?? []), ops / (ms / 1000)]);
  }
}
const median = (xs: number[]) => percentile(xs, 50);
console.log(`client stream benchmark, ${ROUNDS} rounds, medians (Node ${process.version})\n`);
for (const group of [...new Set(cases.map((c) => c.group))]) {
  const rows = cases.filter((c) => c.group === group);
  const base = rows.find((c) => c.baseline);
  console.log(group);
  for (const c of rows) {
    const rate = median(timings.get(c) ?? [0]);
    const ratio =
      base && c !== base
        ? `  ×${(rate / median(timings.get(base) ?? [1])).toFixed(1)} vs baseline`
        : c.baseline
          ? "  (baseline)"
          : "";
    console.log(`  ${c.name.padEnd(44)} ${Math.round(rate).toLocaleString("en-US").padStart(12)} ${c.unit}/s${ratio}`);
  }
}
const batched = storeNotifications(true);
const each = storeNotifications(false);
console.log("store notifications for 12k trades at 4 per frame (each one a tape re-render)");
console.log(
  `  once per frame                               ${String(batched.notifications).padStart(12)}  ${batched.ms.toFixed(0)} ms`,
);
console.log(
  `  per event (baseline)                         ${String(each.notifications).padStart(12)}  ${each.ms.toFixed(0)} ms  ×${(each.notifications / batched.notifications).toFixed(1)} more renders`,
);
let ring = emptyTape();
for (let i = 0; i < 100_000; i += 50)
  ring = mergeTrades(
    ring,
    Array.from({ length: 50 }, (_, k) => trade(i + k)),
  );
console.log(
  `bound: ring after 100,000 trades holds ${ring.rows.length} rows, remembers ${ring.confirmedTx.length} confirmed tx`,
);
console.log("");
for (const group of [...new Set(cases.map((c) => c.group))]) {
  const rows = cases.filter((c) => c.group === group);
  const base = rows.find((c) => c.baseline);
  for (const c of rows.filter((x) => !x.baseline))
    figure({
      id: `${group.split(" (")[0].replace(/ /g, "-")}.rate`,
      label: `${group}: ${c.name}`,
      value: median(timings.get(c) ?? []),
      unit: `${c.unit}/s`,
      baseline: base ? { label: "naive", value: median(timings.get(base) ?? []) } : undefined,
      target: base ? { of: "ratio", op: ">=", limit: 1 } : undefined,
    });
}
figure({
  id: "store.notifications",
  label: "store notifications, 12k trades at 4 a frame",
  value: batched.notifications,
  unit: "renders",
  baseline: { label: "one per event", value: each.notifications },
  target: { of: "ratio", op: "<=", limit: 0.25 },
});
figure({
  id: "tape.bound",
  label: "tape ring rows after 100,000 trades",
  value: ring.rows.length,
  unit: "rows",
  target: { of: "value", op: "<=", limit: TAPE_CAP },
});
if (sink === -1) console.log(sink);
