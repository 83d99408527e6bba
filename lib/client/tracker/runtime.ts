import { createStore, type StoreApi } from "zustand/vanilla";
import type { Envelope } from "@/lib/api/core";
import { type FeedRow, keepWallets, mergeFeed, toFeedRows } from "./feed";
import { type FollowedWallet, followKey } from "./follows";
import { feedDelayMs, planTick, type PollState, pushSample, TICK_MS } from "./poll-plan";

// One poller per tab, shared by the tracker page and the "followed wallet buys" alert: it runs while either holds
// it, reads the plan's calls each tick while the tab is visible, and keeps the merged feed.

const SAMPLES = 64;

export interface WalletStatus {
  /** When this tab last read the wallet's trades (local ms), null before the first answer. */
  readAt: number | null;
  /** The newest trade seen (market ms), null when none. */
  lastTradeAt: number | null;
  error: string | null;
}

export interface TrackerState {
  rows: FeedRow[];
  status: Record<string, WalletStatus>;
  /** "Delayed ~N s": how far behind the feed may be (ms), from the measured reads; null with no wallet. */
  delayMs: number | null;
  /** Trade reads answered so far (tests and the page's "updated" hint). */
  reads: number;
  polling: boolean;
}

export interface TrackerDeps {
  /** `minAsOf`: the answer must be newer than the last one (the proxy then never hands back the same cached copy). */
  fetchTrades(w: FollowedWallet, minAsOf: number | undefined): Promise<Envelope<"walletTrades">>;
  fetchPnl(w: FollowedWallet): Promise<unknown>;
  /** Local clock (ms). */
  now(): number;
  visible(): boolean;
  onVisibilityChange(cb: () => void): () => void;
}

export interface TrackerRuntime {
  store: StoreApi<TrackerState>;
  setWallets(ws: readonly FollowedWallet[]): void;
  /** Holds the poller running; call the returned function to let go. */
  acquire(): () => void;
  /** Rows first seen after their wallet's first read (new trades, not history), in arrival order. */
  onFresh(cb: (rows: FeedRow[]) => void): () => void;
  /** One tick now (tests). */
  tick(): void;
}

interface Slot extends PollState {
  wallet: FollowedWallet;
  /** Read once already: later rows are news. */
  baseline: boolean;
  prevReadAt: number | null;
  /** The market time of the last answer. */
  asOf: number | null;
}

export function createTrackerRuntime(deps: TrackerDeps): TrackerRuntime {
  const store = createStore<TrackerState>()(() => ({
    rows: [],
    status: {},
    delayMs: null,
    reads: 0,
    polling: false,
  }));
  let slots: Slot[] = [];
  let holders = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let offVisibility: (() => void) | null = null;
  let lastPnlSteadyAt: number | null = null;
  let gaps: number[] = [];
  const fresh = new Set<(rows: FeedRow[]) => void>();

  const setStatus = (key: string, patch: Partial<WalletStatus>) => {
    const prev = store.getState().status[key] ?? { readAt: null, lastTradeAt: null, error: null };
    store.setState({ status: { ...store.getState().status, [key]: { ...prev, ...patch } } });
  };
  const updateDelay = () => {
    store.setState({ delayMs: feedDelayMs(slots.length, gaps) });
  };

  async function readTrades(slot: Slot) {
    slot.tradesBusy = true;
    const startedAt = deps.now();
    try {
      const env = await deps.fetchTrades(slot.wallet, slot.asOf === null ? undefined : slot.asOf + 1);
      if (!slots.includes(slot)) return;
      const at = deps.now();
      if (slot.prevReadAt !== null) gaps = pushSample(gaps, at - slot.prevReadAt, SAMPLES);
      slot.prevReadAt = at;
      slot.asOf = Math.max(slot.asOf ?? 0, env.meta.asOf);
      const rows = toFeedRows(slot.wallet.address, env.data);
      const before = store.getState().rows;
      const known = new Set(before.map((r) => r.key));
      // A row the bounded feed dropped long ago may come back in a page: only trades newer than the last seen are news.
      const prevNewest = store.getState().status[slot.key]?.lastTradeAt ?? null;
      const merged = mergeFeed(before, rows);
      const newest = env.data.reduce<number | null>((m, t) => (m === null || t.at > m ? t.at : m), null);
      store.setState({ rows: merged, reads: store.getState().reads + 1 });
      setStatus(slot.key, { readAt: at, lastTradeAt: Math.max(newest ?? 0, prevNewest ?? 0) || null, error: null });
      updateDelay();
      if (slot.baseline) {
        const news = rows.filter((r) => !known.has(r.key) && (prevNewest === null || r.at >= prevNewest)).reverse();
        if (news.length > 0) for (const cb of fresh) cb(news);
      }
      slot.baseline = true;
    } catch (e) {
      if (slots.includes(slot)) setStatus(slot.key, { error: e instanceof Error ? e.message : "could not load" });
    } finally {
      slot.tradesAt = startedAt;
      slot.tradesBusy = false;
    }
  }

  async function readPnl(slot: Slot) {
    slot.pnlBusy = true;
    const startedAt = deps.now();
    try {
      await deps.fetchPnl(slot.wallet);
    } catch {
      // The summary row shows its own query's error.
    } finally {
      slot.pnlAt = startedAt;
      slot.pnlBusy = false;
    }
  }

  function tick() {
    if (!deps.visible() || slots.length === 0) return;
    const now = deps.now();
    const plan = planTick(slots, now, lastPnlSteadyAt);
    if (plan.pnlSteady) lastPnlSteadyAt = now;
    const byKey = new Map(slots.map((s) => [s.key, s]));
    for (const k of plan.trades) {
      const s = byKey.get(k);
      if (s) {
        s.tradesBusy = true;
        void readTrades(s);
      }
    }
    for (const k of plan.pnl) {
      const s = byKey.get(k);
      if (s) {
        s.pnlBusy = true;
        void readPnl(s);
      }
    }
  }

  function start() {
    if (timer) return;
    timer = setInterval(tick, TICK_MS);
    // A hidden tab reads nothing; the gaps it leaves are not the feed's cadence, so the samples start over.
    offVisibility = deps.onVisibilityChange(() => {
      gaps = [];
      for (const s of slots) s.prevReadAt = null;
      store.setState({ polling: deps.visible() });
      if (deps.visible()) tick();
    });
    store.setState({ polling: deps.visible() });
    tick();
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    offVisibility?.();
    offVisibility = null;
    gaps = [];
    for (const s of slots) s.prevReadAt = null;
    store.setState({ polling: false });
  }

  return {
    store,
    setWallets(ws) {
      const old = new Map(slots.map((s) => [s.key, s]));
      // The same slot objects carry on (reads in flight write into them); a dropped wallet's answer is ignored.
      slots = ws.map((w) => {
        const key = followKey(w.chain, w.address);
        const prev = old.get(key);
        if (prev) {
          prev.wallet = w;
          return prev;
        }
        return {
          key,
          wallet: w,
          tradesAt: null,
          pnlAt: null,
          tradesBusy: false,
          pnlBusy: false,
          baseline: false,
          prevReadAt: null,
          asOf: null,
        };
      });
      const keys = new Set(slots.map((s) => s.key));
      const status = Object.fromEntries(Object.entries(store.getState().status).filter(([k]) => keys.has(k)));
      store.setState({ rows: keepWallets(store.getState().rows, keys), status });
      if (slots.length === 0) store.setState({ delayMs: null });
      else updateDelay();
      if (holders > 0) tick();
    },
    acquire() {
      holders++;
      if (holders === 1) start();
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        holders--;
        if (holders === 0) stop();
      };
    },
    onFresh(cb) {
      fresh.add(cb);
      return () => fresh.delete(cb);
    },
    tick,
  };
}
