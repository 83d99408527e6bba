import { createStore, type StoreApi } from "zustand/vanilla";
import type { Envelope, WalletTrade } from "@/lib/api/core";
import { type FeedRow, keepWallets, mergeFeed, toFeedRows } from "./feed";
import { type FollowedWallet, followKey } from "./follows";
import { planTick, type PollState, TICK_MS } from "./poll-plan";

// One tracker per tab, shared by the tracker page and the "followed wallet buys" alert: while either holds it, each
// followed wallet has one `wallet-trades` subscription on the origin's shared stream (the gateway polls §4.2 for it
// within the key's credit budget and shares, and tells how far behind it is), its first rows are read from REST once
// (again after a reconnect or resync), the 7d PnL summaries are read on the plan's round robin while the tab is
// visible, and the merged feed is kept here.

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
  /** "Delayed ~N s": the gateway's delay for the wallets' feeds (the slowest), ms; null before it says. */
  delayMs: number | null;
  /** Trade answers so far: REST reads and the gateway's events (tests and the page's "updated" hint). */
  reads: number;
  polling: boolean;
}

/** What a wallet's `wallet-trades` subscription reports. */
export interface WalletFeedHandlers {
  onRows(rows: WalletTrade[], asOf: number): void;
  /** The gateway's delay for it (ms): 0 when streamed, null when unknown. */
  onDelay(delayMs: number | null): void;
  /** Rows may have been missed (a reconnect, a resync): read the first page from REST again. */
  onRepair(): void;
  onError(message: string): void;
}

export interface TrackerDeps {
  /** Subscribes the wallet's trades on the shared stream; returns the unsubscribe. */
  subscribe(w: FollowedWallet, h: WalletFeedHandlers): () => void;
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
  /** The market time of the last answer. */
  asOf: number | null;
  /** The gateway's delay for this wallet's feed. */
  delayMs: number | null;
  unsubscribe: (() => void) | null;
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
  const fresh = new Set<(rows: FeedRow[]) => void>();

  const setStatus = (key: string, patch: Partial<WalletStatus>) => {
    const prev = store.getState().status[key] ?? { readAt: null, lastTradeAt: null, error: null };
    store.setState({ status: { ...store.getState().status, [key]: { ...prev, ...patch } } });
  };
  /** The slowest wallet's delay, as the gateway states them; null until one is known. */
  const updateDelay = () => {
    const known = slots.map((s) => s.delayMs).filter((d): d is number => d !== null);
    store.setState({ delayMs: known.length > 0 ? Math.max(...known) : null });
  };

  /**
   * Merges a wallet's rows (a REST page or a gateway event). `news`: whether rows not in the feed yet and not older than
   * the wallet's newest are new trades (the gateway's rows always; a REST page after the wallet's first).
   */
  function ingest(slot: Slot, data: readonly WalletTrade[], asOf: number, news: boolean) {
    slot.asOf = Math.max(slot.asOf ?? 0, asOf);
    const rows = toFeedRows(slot.wallet.address, data);
    const before = store.getState().rows;
    const known = new Set(before.map((r) => r.key));
    // A row the bounded feed dropped long ago may come back in a page: only trades newer than the last seen are news.
    const prevNewest = store.getState().status[slot.key]?.lastTradeAt ?? null;
    const merged = mergeFeed(before, rows);
    const newest = data.reduce<number | null>((m, t) => (m === null || t.at > m ? t.at : m), null);
    store.setState({ rows: merged, reads: store.getState().reads + 1 });
    setStatus(slot.key, { readAt: deps.now(), lastTradeAt: Math.max(newest ?? 0, prevNewest ?? 0) || null, error: null });
    if (news) {
      const fresh_ = rows.filter((r) => !known.has(r.key) && (prevNewest === null || r.at >= prevNewest));
      fresh_.sort((a, b) => a.at - b.at);
      if (fresh_.length > 0) for (const cb of fresh) cb(fresh_);
    }
  }

  async function readTrades(slot: Slot) {
    slot.tradesBusy = true;
    const startedAt = deps.now();
    try {
      const env = await deps.fetchTrades(slot.wallet, slot.asOf === null ? undefined : slot.asOf + 1);
      if (!slots.includes(slot)) return;
      ingest(slot, env.data, env.meta.asOf, slot.baseline);
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

  function subscribe(slot: Slot) {
    if (slot.unsubscribe) return;
    slot.unsubscribe = deps.subscribe(slot.wallet, {
      onRows(rows, asOf) {
        if (slots.includes(slot)) ingest(slot, rows, asOf, true);
      },
      onDelay(ms) {
        slot.delayMs = ms;
        if (slots.includes(slot)) updateDelay();
      },
      onRepair() {
        // Read the first page again: what the feed lacks is merged (and is news), the rest is known.
        slot.tradesAt = null;
        if (holders > 0) tick();
      },
      onError(message) {
        if (slots.includes(slot)) setStatus(slot.key, { error: message });
      },
    });
  }

  function unsubscribe(slot: Slot) {
    slot.unsubscribe?.();
    slot.unsubscribe = null;
    slot.delayMs = null;
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
    for (const s of slots) subscribe(s);
    // A hidden tab makes no REST reads (the gateway's feed goes on: other tabs may show it, and alerts fire).
    offVisibility = deps.onVisibilityChange(() => {
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
    for (const s of slots) unsubscribe(s);
    updateDelay();
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
          asOf: null,
          delayMs: null,
          unsubscribe: null,
        };
      });
      for (const s of old.values()) if (!slots.includes(s)) unsubscribe(s);
      if (holders > 0) for (const s of slots) subscribe(s);
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
