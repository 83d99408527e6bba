import type { QueryClient } from "@tanstack/react-query";
import {
  bucketStart,
  type Candle,
  type Channel,
  type ChannelParams,
  type OhlcvParams,
  type PulseParams,
  parseChannelParams,
  subscriptionKey,
  type TokenUpdate,
  type TokenUpdatesParams,
  type TradesParams,
} from "@/lib/api/core";
import { type ApiFetcher, apiFetch } from "../api-fetch";
import { stableJson } from "../query-keys";
import { createGapTracker } from "./gap-tracker";
import { replayFrom } from "./reducers/trades";
import {
  refetchFirstTapePage,
  repairPulse,
  repairSeries,
  repairTape,
  repairTokenState,
  tapeSnapshot,
} from "./repair";
import { createRepairQueue } from "./repair-queue";
import { createResumeTracker, type ResumePoint } from "./resume-tracker";
import type { FrameScheduler } from "./scheduler";
import { createBrowserStreamClient } from "./shared/connect";
import { defaultStreamUrl, type StreamClient, type StreamClientOptions } from "./socket";
import { createStreamStore, type StreamStore } from "./store";
import { createTokenCacheWriter } from "./token-cache";

// Wires the socket to the store and the query cache: ref-counted subscriptions per key, gap repair after a
// reconnect or resync, live token state written into REST cache entries, periodic pruning.

export interface StreamRuntimeOptions {
  queryClient: QueryClient;
  url?: string | (() => string);
  // biome-ignore lint/suspicious/noExplicitAny: any WebSocket-compatible constructor (browser, ws)
  WebSocket?: any;
  scheduler?: FrameScheduler;
  fetcher?: ApiFetcher;
  now?: () => number;
  /** Keep a subscription this long after its last user leaves (remounts, quick navigation). */
  releaseDelayMs?: number;
  pruneIntervalMs?: number;
  /** Pause between failed repair attempts. */
  repairRetryMs?: number;
  /** How long a repair waits for the first live event after a resume (it tells exactly where live data restarts). */
  resumeEventWaitMs?: number;
  /** Pauses between asks for a fresh enough REST answer during repair. */
  freshRetryDelaysMs?: readonly number[];
  /** The least time between two refetches of a token's first tape page for a hole (tests shorten it). */
  tapeRefreshMinMs?: number;
  client?: Partial<StreamClientOptions>;
  /**
   * The store to drive when one exists before the runtime (the tab's, made at first render while the runtime's code
   * loads): called once with the writer of live token state into the query cache. The runtime makes its own otherwise.
   */
  attachStore?: (onTokenUpdates: (updates: TokenUpdate[]) => void) => StreamStore;
}

export interface StreamRuntime {
  client: StreamClient;
  store: StreamStore;
  /** Subscribes while held; identical params share one key and one stream subscription. */
  acquire(channel: Channel, params: unknown): { key: string; release(): void };
  /** REST history for a series (records its asOf so a stale forming candle is repaired once live bars arrive). */
  seedSeries(key: string, bars: readonly Candle[], asOf: number): void;
  /**
   * First tape page refetch after a detected hole between REST and live rows, at most once per 5 s per
   * token. Returns 0 when it refetches (or need not), else how long (ms) until asking again can: a caller whose
   * hole is still there then must ask again (a refetch may get the proxy's copy from before the hole).
   */
  refreshTapeRest(chain: string, address: string): number;
  repair(key: string): Promise<void>;
  /** Resolves when no repair is running (tests). */
  idle(): Promise<void>;
  dispose(): void;
}

interface Held {
  channel: Channel;
  params: ChannelParams[Channel];
  count: number;
  unsubscribe: () => void;
  releaseTimer: ReturnType<typeof setTimeout> | null;
  restAsOf: number | null;
  liveChecked: boolean;
  /** The first `subscribed` ack came (the REST snapshot's join with the live flow is checked once). */
  acked: boolean;
  /**
   * Trades: server time from which the ring holds every live row (the first ack, less a margin), so a tape that is still
   * empty resubscribes from there: a trade made while the socket changes hands is replayed, not only repaired.
   */
  liveSince?: number;
}

const TAPE_REFRESH_MIN_MS = 5_000;
/** A hole seen while a join is pending is asked about again this much later (the join may have filled it). */
const TAPE_JOIN_RECHECK_MS = 500;
/** The first ack's server time is an estimate (the store's clock offset): a resume reaches this much further back. */
const LIVE_SINCE_MARGIN_MS = 1_000;

export function createStreamRuntime(opts: StreamRuntimeOptions): StreamRuntime {
  const now = opts.now ?? Date.now;
  const fetcher = opts.fetcher ?? apiFetch;
  const qc = opts.queryClient;
  const tokenCache = createTokenCacheWriter(qc);
  const store = opts.attachStore
    ? opts.attachStore(tokenCache.write)
    : createStreamStore({ scheduler: opts.scheduler, now, onTokenUpdates: tokenCache.write });
  const actions = store.getState().actions;
  const held = new Map<string, Held>();
  const tapeRefreshedAt = new Map<string, number>();
  const tapeRefreshMinMs = opts.tapeRefreshMinMs ?? TAPE_REFRESH_MIN_MS;
  const serverNow = () => now() + store.getState().serverOffsetMs;
  const deps = { fetcher, store, queryClient: qc, serverNow, freshRetryDelaysMs: opts.freshRetryDelaysMs };

  // The origin's shared socket (a shared worker or an elected tab); a socket of its own only where neither exists.
  const client = createBrowserStreamClient({
    url: opts.url ?? defaultStreamUrl,
    WebSocket: opts.WebSocket,
    now,
    // Resubscribe: replay from the newest row held. First subscribe: from the REST snapshot the tape shows, so a
    // trade between that snapshot and the ack comes from the gateway's replay window when it has one. A tape with no
    // row yet and no snapshot holding every trade (a filtered one) resubscribes from when it went live.
    sinceAt: (key) =>
      replayFrom(store.getState().tapes[key]?.rows ?? []) ?? snapshotOf(key)?.sinceAt ?? held.get(key)?.liveSince,
    ...opts.client,
  });

  const gaps = createGapTracker(store, now);

  let wasLive = false;
  const offConnection = client.onConnection((c) => {
    actions.setConnection(c);
    if (wasLive && c.status !== "live")
      for (const [key, h] of held) if (h.channel === "trades") gaps.markDisconnect(key);
    wasLive = c.status === "live";
  });

  function snapshotOf(key: string): { asOf: number; sinceAt: number } | undefined {
    const h = held.get(key);
    const snap = h?.channel === "trades" ? tapeSnapshot(qc, h.params as TradesParams) : undefined;
    return snap && { asOf: snap.asOf, sinceAt: snap.newestAt ?? snap.asOf };
  }

  const resumes = createResumeTracker(serverNow, opts.resumeEventWaitMs);
  const markResumed = (key: string) => resumes.mark(key);

  /** Keys whose pending repair only joins the REST snapshot to the live flow (no REST page refetch after it). */
  const joinOnly = new Set<string>();

  async function repairOnce(key: string) {
    const h = held.get(key);
    if (!h) return;
    const resume = await resumes.current(key);
    const join = joinOnly.has(key);
    // The first live rows reach back to the snapshot's newest row (the gateway replayed them): nothing to fetch.
    const snap = join ? snapshotOf(key) : undefined;
    if (!(snap && resume && resume.liveFrom() <= snap.sinceAt)) await repairFrom(key, h, resume, join);
    joinOnly.delete(key);
    resumes.settle(key, resume); // kept on failure: the retry needs it too
  }

  async function repairFrom(key: string, h: Held, resume: ResumePoint | undefined, join = false) {
    if (h.channel === "trades") {
      const p = h.params as TradesParams;
      const r = await repairTape(deps, key, p, gaps.anchor(key) ?? null, resume);
      gaps.clear(key);
      if (r !== "skipped" && !join) await refetchFirstTapePage(qc, p.chain, p.address);
    } else if (h.channel === "ohlcv") await repairSeries(deps, key, h.params as OhlcvParams, resume);
    else if (h.channel === "pulse") await repairPulse(deps, key, h.params as PulseParams, resume);
    else await repairTokenState(deps, h.params as TokenUpdatesParams);
  }

  const queue = createRepairQueue({
    run: repairOnce,
    wanted: (key) => held.has(key),
    retryMs: opts.repairRetryMs,
    onGiveUp(key, err) {
      // No join is pending any more: a hole the tape sees is refetched (refreshTapeRest) instead of waiting on it.
      joinOnly.delete(key);
      // Could not fill the hole: cut the ring at the gap so what shows is whole.
      const anchor = gaps.anchor(key);
      gaps.clear(key);
      if (anchor) actions.truncateTape(key, anchor, false);
      console.warn(`stream repair of ${key} failed`, err);
    },
  });
  const repair = (key: string) => queue.request(key);

  function checkFirstLiveBars(key: string, h: Held, bars: readonly Candle[]) {
    if (h.liveChecked || h.restAsOf === null || bars.length === 0) return;
    h.liveChecked = true;
    const restBucket = bucketStart((h.params as OhlcvParams).interval, Math.floor(h.restAsOf / 1000));
    // REST's forming bucket closed before the subscription started: it may be stale, refetch the newest page.
    if (Math.min(...bars.map((b) => b.time)) > restBucket) {
      markResumed(key);
      void repair(key);
    }
  }

  /**
   * A trade made between the REST snapshot the tape shows and the subscription's ack is in neither, and on a quiet
   * token no later live row would reveal the hole. Unless the gateway's replay already reached back to the snapshot,
   * fetch the tape once from where the live flow starts (one REST call; the rows join the live ring).
   */
  function joinSnapshot(key: string) {
    const snap = snapshotOf(key);
    if (!snap) return;
    resumes.mark(key, snap.asOf + 1); // the answer must be newer than the snapshot itself
    joinOnly.add(key);
    void repair(key);
  }

  function subscribeKey(key: string, h: Held) {
    h.unsubscribe = client.subscribe(h.channel, h.params, {
      onEvent: (f) => {
        if (f.channel === "ohlcv") checkFirstLiveBars(key, h, f.data);
        else if (f.channel === "trades" && f.kind === "trades") gaps.noteReceipt(key, f.data);
        resumes.observe(key, f);
        actions.enqueue(key, f);
      },
      onError: (e) => actions.setSubError(key, e),
      onAck: () => {
        actions.setSubError(key, null);
        if (h.acked) return;
        h.acked = true;
        if (h.channel === "trades") {
          h.liveSince = serverNow() - LIVE_SINCE_MARGIN_MS;
          joinSnapshot(key);
        }
      },
      onMode: (l) => actions.setLiveness(key, l),
      onResync: () => {
        joinOnly.delete(key); // a full repair (with the REST page refetch) supersedes a pending join
        if (h.channel === "trades") gaps.markResync(key);
        markResumed(key);
        void repair(key);
      },
      onReconnect: () => {
        joinOnly.delete(key);
        h.liveChecked = false;
        markResumed(key);
        void repair(key);
      },
    });
  }

  const pruneTimer = setInterval(() => actions.prune(), opts.pruneIntervalMs ?? 1_000);

  return {
    client,
    store,
    acquire(channel, params) {
      const parsed = parseChannelParams(channel, params);
      if (!parsed.ok) {
        const key = `invalid:${channel}:${stableJson(params)}`;
        actions.setSubError(key, { code: parsed.code, message: parsed.message });
        return { key, release: () => actions.setSubError(key, null) };
      }
      const key = subscriptionKey(channel, parsed.params);
      let h = held.get(key);
      if (!h) {
        h = {
          channel,
          params: parsed.params,
          count: 0,
          unsubscribe: () => {},
          releaseTimer: null,
          restAsOf: null,
          liveChecked: false,
          acked: false,
        };
        held.set(key, h);
        actions.ensure(
          key,
          channel,
          parsed.params as { view?: PulseParams["view"]; interval?: OhlcvParams["interval"] },
        );
        subscribeKey(key, h);
      }
      if (h.releaseTimer) clearTimeout(h.releaseTimer);
      h.releaseTimer = null;
      h.count++;
      const entry = h;
      let released = false;
      return {
        key,
        release() {
          if (released) return;
          released = true;
          if (--entry.count > 0) return;
          const drop = () => {
            if (entry.count > 0 || held.get(key) !== entry) return;
            held.delete(key);
            gaps.forget(key);
            resumes.forget(key);
            joinOnly.delete(key);
            entry.unsubscribe();
            actions.release(key);
          };
          const delay = opts.releaseDelayMs ?? 1_000;
          if (delay <= 0) drop();
          else entry.releaseTimer = setTimeout(drop, delay);
        },
      };
    },
    seedSeries(key, bars, asOf) {
      const h = held.get(key);
      if (h) h.restAsOf = Math.max(h.restAsOf ?? 0, asOf);
      actions.upsertBars(key, bars, asOf);
    },
    refreshTapeRest(chain, address) {
      // A pending join already fetches the rows between the snapshot and the live flow: asking again doubles the call.
      for (const key of joinOnly) {
        const p = held.get(key)?.params as TradesParams | undefined;
        if (p && p.chain === chain && p.address === address) return TAPE_JOIN_RECHECK_MS;
      }
      const id = `${chain}:${address}`;
      const last = tapeRefreshedAt.get(id);
      if (last !== undefined && now() - last < tapeRefreshMinMs) return last + tapeRefreshMinMs - now();
      tapeRefreshedAt.set(id, now());
      if (tapeRefreshedAt.size > 256) tapeRefreshedAt.delete(tapeRefreshedAt.keys().next().value as string);
      void refetchFirstTapePage(qc, chain, address);
      return 0;
    },
    repair,
    async idle() {
      await queue.idle();
    },
    dispose() {
      clearInterval(pruneTimer);
      tokenCache.dispose();
      offConnection();
      for (const h of held.values()) {
        if (h.releaseTimer) clearTimeout(h.releaseTimer);
        h.unsubscribe();
      }
      held.clear();
      client.close();
    },
  };
}
