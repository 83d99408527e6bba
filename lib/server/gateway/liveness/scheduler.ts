import { type Channel, isPollOnly } from "@/lib/api";
import { type AddressViewers, addressCaps, ShareLedger, viewersOf } from "./shares";

// Which resources get the key's stream budget (§8: 5 connections × 20 subscriptions, 50 tracked tokens or pools)
// and which are served by polling REST. Pure: demand and the previous state in, modes out. The gateway feeds it
// the demand of its own browsers; a fleet leader can feed it the demand of every instance.

export type LivenessMode = "stream" | "poll";

export interface ResourceDemand {
  /** `subscriptionKey(channel, params)`: identical subscriptions are one resource. */
  key: string;
  channel: Channel;
  /** `trackedKeys(channel, params)`: the tokens or pools it would track while streamed (none for pulse). */
  tracked: readonly string[];
  /** Browser subscriptions on it now (weighted per connection, shares.ts). Zero (or absent) means nobody wants it. */
  viewers: number;
  /** The same viewers per client address; absent = one anonymous address. */
  by?: AddressViewers;
}

export interface LivenessBudget {
  connections: number;
  subscriptionsPerConnection: number;
  trackedTokens: number;
  /** Subscription slots only pulse views may use, so the board stays live whatever the token pages want. */
  pulseReserve: number;
}

export interface SchedulerOptions {
  budget: LivenessBudget;
  /** Demand decays with this half-life once viewers leave: recent interest counts more than old. */
  halfLifeMs: number;
  /** A challenger must beat a streamed resource's score by this factor (0.25 = 25 %) to take its place. */
  hysteresis: number;
  /** A resource keeps a mode it got less than this long ago, unless a promotion only uses free budget. */
  minDwellMs: number;
  /** Scores of resources nobody wants any more are remembered for at most this many (bounded state). */
  maxRemembered: number;
  /**
   * The most one client address may hold (STREAM_ADDRESS_SHARE): this fraction of the general slots and of the tracked
   * tokens (shares.ts). Past it the address's views are polled. 1 = no cap.
   */
  addressShare: number;
}

export const DEFAULT_SCHEDULER_OPTIONS: Omit<SchedulerOptions, "budget"> = {
  halfLifeMs: 30_000,
  hysteresis: 0.25,
  minDwellMs: 10_000,
  maxRemembered: 2_000,
  addressShare: 1,
};

interface Entry {
  score: number;
  at: number;
  mode: LivenessMode | null;
  since: number;
}

export interface SchedulerState {
  readonly entries: ReadonlyMap<string, Entry>;
}

export interface ModeChange {
  key: string;
  from: LivenessMode | null;
  to: LivenessMode;
}

export interface Decision {
  state: SchedulerState;
  /** One mode per demanded resource (viewers > 0). */
  modes: Map<string, LivenessMode>;
  /** Recency-weighted demand per demanded resource: polling uses it to serve the hottest first. */
  scores: Map<string, number>;
  /** Modes that differ from the previous decision (new resources have `from: null`). */
  changes: ModeChange[];
  usage: { subscriptions: number; pulseSubscriptions: number; tracked: number };
}

export const EMPTY_SCHEDULER_STATE: SchedulerState = { entries: new Map() };

/** Total subscription slots the key allows, and how many of them ordinary resources may use. */
export function budgetSlots(b: LivenessBudget): { total: number; general: number; reserve: number } {
  const total = Math.max(0, b.connections * b.subscriptionsPerConnection);
  const reserve = Math.min(total, Math.max(0, b.pulseReserve));
  return { total, general: total - reserve, reserve };
}

function decayed(e: Entry | undefined, now: number, halfLifeMs: number): number {
  if (!e) return 0;
  const dt = Math.max(0, now - e.at);
  return e.score * 0.5 ** (dt / Math.max(1, halfLifeMs));
}

/**
 * One scheduling step. Score = current viewers, or the decayed memory of earlier viewers when that is higher.
 * Streamed resources compete with their score raised by the hysteresis factor (and are kept outright within their
 * dwell time); resources are then admitted greedily by score while subscription slots and tracked keys last, each
 * paid for by the addresses of its viewers within their shares (a resource only addresses past their share want is
 * polled).
 */
export function schedule(prev: SchedulerState, demand: readonly ResourceDemand[], now: number, o: SchedulerOptions): Decision {
  const slots = budgetSlots(o.budget);
  const wanted = new Map<string, ResourceDemand>();
  for (const d of demand) if (d.viewers > 0 && !wanted.has(d.key)) wanted.set(d.key, d);

  const scores = new Map<string, number>();
  for (const [key, d] of wanted) scores.set(key, Math.max(d.viewers, decayed(prev.entries.get(key), now, o.halfLifeMs)));

  const rank = (key: string): number => {
    const e = prev.entries.get(key);
    const s = scores.get(key) ?? 0;
    if (e?.mode !== "stream") return s;
    if (now - e.since < o.minDwellMs) return Number.POSITIVE_INFINITY;
    return s * (1 + o.hysteresis);
  };
  const order = [...wanted.keys()].map((key) => ({ key, r: rank(key) }));
  order.sort((a, b) => b.r - a.r || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  const modes = new Map<string, LivenessMode>();
  const shares = new ShareLedger(addressCaps(slots.general, o.budget.trackedTokens, o.addressShare ?? 1));
  const tracked = new Set<string>();
  let general = 0;
  let reserve = 0;
  for (const { key } of order) {
    const d = wanted.get(key) as ResourceDemand;
    const fresh = d.tracked.filter((t) => !tracked.has(t));
    const fitsTracked = tracked.size + new Set(fresh).size <= o.budget.trackedTokens;
    let slot: "general" | "reserve" | null = null;
    if (isPollOnly(d.channel)) slot = null; // no upstream channel: polled whatever the budget
    else if (d.channel === "pulse" && reserve < slots.reserve) slot = "reserve";
    else if (general < slots.general) slot = "general";
    const freshCount = new Set(fresh).size;
    const payers = slot && fitsTracked ? shares.payers(viewersOf(d.by, d.viewers), freshCount) : null;
    if (slot && payers && payers.size > 0) {
      if (slot === "reserve") reserve++;
      else general++;
      for (const t of fresh) tracked.add(t);
      shares.charge(payers, freshCount);
      modes.set(key, "stream");
    } else modes.set(key, "poll");
  }

  // A demoted resource within its dwell time stays streamed only if it was pinned above; a polled one within its
  // dwell is promoted only into free budget, which the greedy pass already guarantees (pinned incumbents go first).
  const entries = new Map<string, Entry>();
  const changes: ModeChange[] = [];
  for (const [key, mode] of modes) {
    const e = prev.entries.get(key);
    const from = e?.mode ?? null;
    if (from !== mode) changes.push({ key, from, to: mode });
    entries.set(key, { score: scores.get(key) ?? 0, at: now, mode, since: from === mode && e ? e.since : now });
  }
  // Remember recently wanted resources (decayed score, no mode) so a quick return keeps its rank; bounded.
  const forgotten = [...prev.entries]
    .filter(([key]) => !wanted.has(key))
    .map(([key, e]) => [key, decayed(e, now, o.halfLifeMs)] as const)
    .filter(([, s]) => s >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .slice(0, Math.max(0, o.maxRemembered));
  for (const [key, score] of forgotten) entries.set(key, { score, at: now, mode: null, since: now });

  let pulseSubscriptions = 0;
  for (const [key, mode] of modes) if (mode === "stream" && wanted.get(key)?.channel === "pulse") pulseSubscriptions++;
  return { state: { entries }, modes, scores, changes, usage: { subscriptions: general + reserve, pulseSubscriptions, tracked: tracked.size } };
}

/**
 * The state after modes decided elsewhere (a fleet leader over every instance's demand): scores and other entries as
 * in `state`, each given key in its given mode (its dwell restarts where the mode changes). Lets an instance that
 * follows the fleet fall back to its own decisions (Redis away) from what it actually streams.
 */
export function adopt(state: SchedulerState, modes: ReadonlyMap<string, LivenessMode>, now: number): SchedulerState {
  const entries = new Map(state.entries);
  for (const [key, mode] of modes) {
    const e = state.entries.get(key);
    entries.set(key, { score: e?.score ?? 0, at: e?.at ?? now, mode, since: e?.mode === mode ? e.since : now });
  }
  return { entries };
}
