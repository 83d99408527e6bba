import { chromium } from "@playwright/test";
import { type PulseToken, tradeKey } from "@/lib/api";
import {
  applyPulseDelta,
  applyPulseSnapshot,
  emptyPulse,
  type PulseListState,
} from "@/lib/client/stream/reducers/pulse";
import { chromiumLaunchOptions } from "../chromium";
import type { System } from "./harness";
import { check, notable, openStream, percentile, sleep } from "./util";

// Stream chaos: the market ends every stream connection (the gateway's upstream ones) 12 times, alternately cut
// (1006) and closed 1001, through its control API (`drop-streams`), while Chromium shows a busy token's tape, two
// stream clients keep that token's trades (repairing from REST on `resync`, as the explorer's store does) and one
// keeps the `new` pulse board from snapshot + deltas (the explorer's own reducer). Each drop follows the previous one
// once the market has seen the gateway back with its subscriptions and 1.5 s of streaming have passed (6 s of market
// time at speed 4), so no fixed interval decides what is compared.
// Must hold: each drop cut at least one gateway connection, the gateway counted each (its `upstreamReconnects` grew by
// ≥ the drops) and the market saw it connected again with its subscriptions before the next drop; afterwards every
// tape (browser and stream clients) has 0 duplicate and 0 missing confirmed trades (identity txHash + block +
// logIndex; a preconfirmed row and its confirmation are one) against the market's REST tape over the span it covers,
// and each client compared at least MIN_ROWS rows; every client was told of every drop: `resync` (it repairs from
// REST) or `mode: poll` (the gateway polls from its last streamed row and repairs the gap itself, then streams again); the pulse board's top 30 (the market's documented guarantee between
// snapshots, docs/stream.md) equals each streamed snapshot's top 30 and the market's REST `/v1/pulse` (limit 30) at
// the same `asOf`.

const DROPS = 12;
/** Streaming between the gateway's return and the next drop. */
const STREAMING_MS = 1_500;
/** How long the gateway may take to come back with its subscriptions. */
const BACK_WITHIN_MS = 10_000;
const SETTLE_MS = 6_000;
/** Confirmed REST rows each stream client must have been compared against. */
const MIN_ROWS = 20;
const TOP = 30;
const BOARD = { view: "new" as const, chains: ["solana", "evm:8453"] };

type Row = { txHash: string; block: number; logIndex: number; at: number; preconfirmed: boolean };
const rowKey = (r: Row) => tradeKey(r);
const top = (items: readonly PulseToken[]) =>
  items
    .slice(0, TOP)
    .map((t) => `${t.chain}:${t.address}`)
    .join(",");

interface PulseFrame {
  kind: string;
  data: unknown;
  asOf: number;
  streamed: boolean;
}

function apply(state: PulseListState, f: PulseFrame): PulseListState {
  if (f.kind === "snapshot") return applyPulseSnapshot(emptyPulse(BOARD.view), f.data as PulseToken[], f.asOf);
  if (f.kind === "leave") {
    const d = f.data as { chain: string; address: string };
    return applyPulseDelta(state, { kind: "leave", chain: d.chain, address: d.address, asOf: f.asOf });
  }
  return applyPulseDelta(state, { kind: f.kind as "enter" | "update", token: f.data as PulseToken, asOf: f.asOf });
}

/**
 * A stream client of the gateway keeping the rows of one trades subscription: `rows` as streamed; on `resync` it
 * repairs from the app's REST tape into `repaired`, as the explorer's store does.
 */
function tradesViewer(sys: System, ip: string, t: { chain: string; address: string; pools: string[] }) {
  const s = openStream(sys, { "x-forwarded-for": ip });
  const rows: Row[] = [];
  const repaired = new Set<string>();
  const repairs: Promise<void>[] = [];
  let resyncs = 0;
  let polled = 0; // `mode: poll` frames: the gateway polls the subscription and repairs its gap itself
  const repair = async () => {
    const q = `chain=${encodeURIComponent(t.chain)}&address=${t.address}&pools=${t.pools.join(",")}&limit=100`;
    const res = await fetch(`${sys.appUrl}/api/v1/token/trades?${q}`, { headers: { "x-forwarded-for": ip } });
    if (res.ok) for (const r of ((await res.json()) as { data: Row[] }).data) repaired.add(rowKey(r));
  };
  // The newest row of the first event it received: rows of the market up to it may have been sent before this
  // subscription was acknowledged (to a browser that subscribed first), so the comparison starts after it.
  let joinedAt = Number.NaN;
  s.ws.on("message", (raw) => {
    const f = JSON.parse(String(raw));
    if (f.type === "event" && f.channel === "trades") {
      if (Number.isNaN(joinedAt)) joinedAt = Math.max(...(f.data as Row[]).map((r) => r.at));
      rows.push(...(f.data as Row[]));
    }
    if (f.type === "mode" && f.mode === "poll" && (f.ids as string[]).includes("t")) polled++;
    if (f.type === "resync" && (f.ids as string[]).includes("t")) {
      resyncs++;
      repairs.push(repair());
    }
  });
  void s.opened.then(() =>
    s.send({ type: "subscribe", id: "t", channel: "trades", params: { chain: t.chain, address: t.address } }),
  );
  return { s, rows, repaired, repairs, joinedAt: () => joinedAt, resyncs: () => resyncs, polled: () => polled };
}

/** The gateway's own counters (/api/usage, loopback). */
async function gatewayCounters(sys: System): Promise<{ upstreamReconnects: number; resyncs: number }> {
  const res = await fetch(`${sys.appUrl}/api/usage`);
  check(res.ok, `/api/usage → ${res.status}`);
  const stream = ((await res.json()) as { sources?: { stream?: Record<string, number> } }).sources?.stream ?? {};
  return { upstreamReconnects: stream.upstreamReconnects ?? Number.NaN, resyncs: stream.resyncs ?? Number.NaN };
}

export async function streamChaos(sys: System): Promise<string> {
  const n = await notable(sys);
  const t = n.establishedToken;
  const keyName = `${sys.key.slice(0, 4)}…${sys.key.length}`;
  const upstream = async () => {
    const u = (
      await sys.sim<{
        data: Record<string, { stream?: { now?: { connections: number; subscriptionsPerConnection: number[] } } }>;
      }>("GET", "/__control/usage")
    ).data[keyName]?.stream?.now;
    return {
      connections: u?.connections ?? 0,
      subscriptions: (u?.subscriptionsPerConnection ?? []).reduce((a, b) => a + b, 0),
    };
  };
  const market = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${sys.simUrl}${path}`, { headers: { authorization: sys.key } });
    check(res.ok, `GET ${path} from the market → ${res.status}`);
    return (await res.json()) as T;
  };

  // The pulse board: every frame kept in order, with the subscription's mode when it came.
  const pulse = openStream(sys, { "x-forwarded-for": "10.90.0.1" });
  await pulse.opened;
  const pulseFrames: PulseFrame[] = [];
  let pulseMode = "stream";
  pulse.ws.on("message", (raw) => {
    const f = JSON.parse(String(raw));
    if (f.type === "subscribed" && f.id === "p1" && f.mode) pulseMode = f.mode;
    if (f.type === "mode" && (f.ids as string[]).includes("p1")) pulseMode = f.mode;
    if (f.type === "event" && f.channel === "pulse")
      pulseFrames.push({ kind: f.kind, data: f.data, asOf: f.meta?.asOf as number, streamed: pulseMode === "stream" });
  });
  pulse.send({ type: "subscribe", id: "p1", channel: "pulse", params: BOARD });
  const viewers = [tradesViewer(sys, "10.90.0.2", t), tradesViewer(sys, "10.90.0.3", t)];

  const browser = await chromium.launch(chromiumLaunchOptions(["--no-first-run"]));
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${sys.appUrl}/token/${encodeURIComponent(t.chain)}/${t.address}`);
    await page.getByTestId("trade-row").first().waitFor({ timeout: 30_000 });
    const before = await upstream();
    check(
      before.connections >= 1 && before.subscriptions >= 2,
      `the gateway is not streaming before the chaos: ${JSON.stringify(before)}`,
    );

    // The drops, and the market's view of the gateway coming back after each.
    const countersBefore = await gatewayCounters(sys);
    const dropped: number[] = [];
    const backAfterMs: number[] = [];
    // Before each drop (after the gateway came back from the previous one), the market's pulse list at that moment.
    const restBoards: { asOf: number; ids: string; streamed: boolean }[] = [];
    const restPulse = () =>
      market<{ data: PulseToken[]; meta: { asOf: number } }>(
        `/v1/pulse?view=${BOARD.view}&chains=${BOARD.chains.join(",")}&limit=${TOP}`,
      );
    for (let i = 0; i < DROPS; i++) {
      const mode = i % 2 === 0 ? "abrupt" : "shutdown";
      const streamedBefore = pulseMode === "stream";
      const board = await restPulse();
      restBoards.push({
        asOf: board.meta.asOf,
        ids: top(board.data),
        streamed: streamedBefore && pulseMode === "stream",
      });
      const at = performance.now();
      dropped.push(
        (await sys.sim<{ data: { dropped: number } }>("POST", "/__control/scenario", { action: "drop-streams", mode }))
          .data.dropped,
      );
      let back = Number.NaN;
      while (Number.isNaN(back) && performance.now() - at < BACK_WITHIN_MS) {
        await sleep(100);
        const u = await upstream();
        if (u.connections >= 1 && u.subscriptions >= 2) back = performance.now() - at;
      }
      backAfterMs.push(back);
      check(
        !Number.isNaN(back),
        `drop ${i + 1}: the gateway was not back with its subscriptions within ${BACK_WITHIN_MS / 1000} s`,
      );
      await sleep(STREAMING_MS);
    }
    await sleep(SETTLE_MS);
    const countersAfter = await gatewayCounters(sys);
    await Promise.all(viewers.flatMap((v) => v.repairs));

    // The browser's tape against REST over the span it shows.
    await page.getByTestId("trade-tape").hover();
    await sleep(500);
    const shown = await page
      .getByTestId("trade-row")
      .evaluateAll((els) =>
        els.map((e) => ({ key: (e as HTMLElement).dataset.key ?? "", tx: (e as HTMLElement).dataset.tx ?? "" })),
      );
    // The market's own tape (not the app's cache), paged back past the start of the stream clients' rows.
    const since = Math.min(...viewers.flatMap((v) => v.rows.map((r) => r.at)));
    const rest: Row[] = [];
    let asOf = 0;
    for (let cursor: string | undefined, page = 0; page < 40; page++) {
      const q = `/v1/token/trades?chain=${encodeURIComponent(t.chain)}&address=${t.address}&pools=${t.pools.join(",")}&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const r = await market<{ data: Row[]; meta: { asOf: number; hasMore: boolean; nextCursor?: string } }>(q);
      asOf ||= r.meta.asOf;
      rest.push(...r.data);
      if (!r.meta.hasMore || r.data.length === 0 || (r.data.at(-1) as Row).at < since) break;
      cursor = r.meta.nextCursor;
    }
    const confirmed = rest.filter((r) => !r.preconfirmed);

    const txs = new Set(shown.map((r) => r.tx));
    const inRest = confirmed.filter((r) => txs.has(r.txHash));
    check(
      shown.length > 5 && inRest.length > 0,
      `the tape shows ${shown.length} rows, ${inRest.length} of them in the REST tape`,
    );
    const newest = Math.max(...inRest.map((r) => r.at));
    const oldest = Math.min(...inRest.map((r) => r.at));
    const browserMissing = confirmed.filter((r) => r.at > oldest && r.at < newest && !txs.has(r.txHash)).length;
    const browserDuplicates = shown.length - new Set(shown.map((r) => r.key)).size;

    // Each stream client: every confirmed REST row after its first event's rows to 10 s of market time before the
    // REST read, received; no confirmed row received twice.
    const clientFigures = viewers.map((v) => {
      // Each identity once per state: a preconfirmed row and its confirmation are one row, a second copy of either is
      // a duplicate.
      const got = new Map<string, number>();
      for (const r of v.rows) {
        const k = `${rowKey(r)}:${r.preconfirmed}`;
        got.set(k, (got.get(k) ?? 0) + 1);
      }
      const have = new Set([...v.rows.map(rowKey), ...v.repaired]);
      const first = v.joinedAt();
      const span = confirmed.filter((r) => r.at > first && r.at <= asOf - 10_000);
      const lost = span.filter((r) => !have.has(rowKey(r)));
      const missing = lost.length;
      // Where a missing row lies: its market time after the client's first event, and the rows received around it.
      const received = v.rows.map((r) => r.at).sort((a, b) => a - b);
      const where = lost.slice(0, 3).map((r) => {
        const before = received.filter((at) => at < r.at).at(-1);
        const after = received.find((at) => at > r.at);
        return `${r.txHash.slice(0, 10)}:${r.logIndex} at +${r.at - first} ms (received rows at ${before === undefined ? "none" : `-${r.at - before}`}/${after === undefined ? "none" : `+${after - r.at}`} ms)`;
      });
      const duplicates = [...got.values()].filter((c) => c > 1).length;
      return {
        rows: v.rows.length,
        span: span.length,
        missing,
        where,
        duplicates,
        resyncs: v.resyncs(),
        polled: v.polled(),
        spanS: Math.round((asOf - 10_000 - first) / 1000),
      };
    });
    const reconnects = countersAfter.upstreamReconnects - countersBefore.upstreamReconnects;

    // The pulse board: each streamed snapshot against the list the streamed deltas built before it…
    let state = emptyPulse(BOARD.view);
    let comparable = false;
    let compared = 0;
    const differ: string[] = [];
    for (const f of pulseFrames) {
      if (f.kind === "snapshot") {
        const next = apply(emptyPulse(BOARD.view), f);
        if (comparable && f.streamed) {
          compared++;
          if (top(state.items) !== top(next.items)) differ.push(`snapshot at ${f.asOf}`);
        }
        state = next;
        comparable = f.streamed;
      } else {
        state = apply(state, f);
        comparable &&= f.streamed;
      }
    }
    // …and the market's REST list before each drop and at the end against the board built from the frames up to
    // its asOf (those read while the board was polled are skipped: a polled board is as old as its last poll).
    const last = await restPulse();
    restBoards.push({ asOf: last.meta.asOf, ids: top(last.data), streamed: pulseMode === "stream" });
    await sleep(2_000); // every frame up to that asOf has arrived
    const boardAt = (asOf: number) => {
      let board = emptyPulse(BOARD.view);
      for (const f of pulseFrames) if (f.asOf <= asOf) board = apply(board, f);
      return top(board.items);
    };
    const restCompared = restBoards.filter((b) => b.streamed);
    const restDiffer = restCompared.filter((b) => boardAt(b.asOf) !== b.ids);

    const reconnected = backAfterMs.filter((ms) => !Number.isNaN(ms));
    const figures =
      `${DROPS} drops, each ${STREAMING_MS / 1000} s after the gateway was back (${dropped.join(",")} gateway connections cut; gateway counted ${reconnects} upstream reconnects, sent ${countersAfter.resyncs - countersBefore.resyncs} resyncs; back with its subscriptions after ` +
      `p50 ${percentile(reconnected, 50).toFixed(0)} ms, max ${Math.max(...reconnected).toFixed(0)} ms, ${reconnected.length}/${DROPS}); ` +
      `browser tape ${shown.length} rows (${inRest.length} in REST over ${Math.round((newest - oldest) / 1000)} s of market time): ${browserDuplicates} duplicates, ${browserMissing} missing; ` +
      `stream clients ${clientFigures.map((c) => `${c.rows} rows, ${c.resyncs} resyncs + ${c.polled} polled repairs, ${c.span} REST rows over ${c.spanS} s: ${c.duplicates} duplicates, ${c.missing} missing${c.where.length ? ` (${c.where.join(", ")})` : ""}`).join(" / ")}; ` +
      `pulse board (top ${TOP}): ${restCompared.length} of ${restBoards.length} REST lists compared (the others read while it was polled), ${restDiffer.length} differ; ${pulseFrames.filter((f) => f.kind === "snapshot").length} snapshots received, ${compared} of them compared with the streamed deltas before them, ${differ.length} differ`;
    check(
      dropped.every((d) => d >= 1),
      `a drop found no gateway connection to cut: ${figures}`,
    );
    check(reconnected.length === DROPS, `the gateway was not back after every drop: ${figures}`);
    check(reconnects >= DROPS, `the gateway did not see every drop (upstreamReconnects +${reconnects}): ${figures}`);
    check(
      clientFigures.every((c) => c.resyncs + c.polled >= DROPS),
      `a stream client was not told of every drop (resync, or mode poll with the gateway's own repair): ${figures}`,
    );
    check(browserDuplicates === 0 && browserMissing === 0, `browser tape: ${figures}`);
    check(
      clientFigures.every((c) => c.span >= MIN_ROWS && c.missing === 0 && c.duplicates === 0),
      `stream clients' trades (each compared against ≥ ${MIN_ROWS} REST rows): ${figures}`,
    );
    check(differ.length === 0, `pulse snapshots: ${differ.slice(0, 3).join("; ")}: ${figures}`);
    check(
      restCompared.length >= DROPS / 2 && restCompared.at(-1) === restBoards.at(-1),
      `too few pulse boards compared with REST: ${figures}`,
    );
    const firstDiff = restDiffer[0];
    check(
      !firstDiff,
      `pulse board ≠ REST at ${firstDiff?.asOf}: board ${firstDiff ? boardAt(firstDiff.asOf).slice(0, 160) : ""} REST ${firstDiff?.ids.slice(0, 160)}: ${figures}`,
    );
    return figures;
  } finally {
    pulse.close();
    for (const v of viewers) v.s.close();
    await browser.close();
  }
}
