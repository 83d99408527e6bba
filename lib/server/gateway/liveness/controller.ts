import { ApiError, type Channel, createTokenBucket, type TokenBucket, isPollOnly, type ChannelParams, type LivenessMode, type TokenUpdatesParams, tokenUpdateSchema } from "@/lib/api";
import type { Clock, TimerHandle } from "@/lib/api/clock";
import type { SharedSub, Subscriber } from "../shared-sub";
import type { LivenessHooks, UpstreamPool } from "../upstream-pool";
import { DEFAULT_LADDER_MS, planCadence, type PollDemand } from "./cadence";
import { CandlePoller, type PollOutcome, PulsePoller, TradesPoller, WalletTradesPoller } from "./poller";
import type { RestCaller } from "./rest-caller";
import { ANONYMOUS, addressCaps, pollCreditCaps, ShareLedger } from "./shares";
import { SpendWindow } from "./spend-window";
import { adopt, budgetSlots, DEFAULT_SCHEDULER_OPTIONS, EMPTY_SCHEDULER_STATE, type LivenessBudget, type ResourceDemand, type SchedulerOptions, type SchedulerState, schedule } from "./scheduler";

// The I/O half of tiered liveness: feeds the pure scheduler the browsers' demand every tick, applies its decision to
// the upstream pool (demotions first, so promotions find room), and runs one poller per polled resource on the
// cadence the credits budget allows, hottest first.

export interface LivenessOptions {
  budget: LivenessBudget;
  /** Credits a minute the pollers may spend (REST calls the cache does not answer). */
  pollCreditsPerMinute: number;
  rest: RestCaller;
  clock: Clock;
  scheduler?: Partial<Omit<SchedulerOptions, "budget">>;
  ladderMs?: readonly number[];
  /** How often the scheduler runs. */
  tickMs?: number;
  /** How often due polls are started. */
  pollTickMs?: number;
  /** A cached REST answer younger than this serves a poll (coalescing with browsers' reads). */
  pollMaxAgeMs?: number;
  onWarn?(message: string): void;
  /** Fleet mode: the modes come from one decision over every instance's demand while there is one. */
  fleet?: SharedLiveness;
  /**
   * STREAM_ADDRESS_SHARE: the most one client address holds of the streamed slots and tracked tokens, and its
   * guaranteed part of the polling credits a minute (shares.ts). Default 1 (no per-address cap).
   */
  addressShare?: number;
  /**
   * The day's credit budget (MARKET_CREDIT_BUDGET): what is left of it and how long until it resets. Polling then
   * spends at most `POLL_DAY_FRACTION` of what is left, spread over the rest of the day. Absent or null: no day budget.
   */
  dayBudget?: () => { remainingToday: number | null; msToReset: number } | null;
}

/** One resource as this instance reports it to a fleet: its demand, plus what a leader needs to subscribe it. */
export interface ReportedDemand extends ResourceDemand {
  params: ChannelParams[Channel];
  /** Streamed without viewers (within the release grace: a browser may come back): kept upstream while there is room. */
  lingering?: boolean;
}

/** A fleet's stream budget shared by every instance (lib/server/fleet/fleet-liveness.ts). */
export interface SharedLiveness {
  /** The budget this instance decides with alone (no fleet decision: Redis away, no leader yet): its share. */
  localBudget: LivenessBudget;
  /** This instance's demand, every tick. */
  report(demand: readonly ReportedDemand[]): void;
  /** The fleet's decision (resources the leader has not seen yet are absent), or null: decide alone. */
  modes(): ReadonlyMap<string, LivenessMode> | null;
}

/** Credits one poll costs (§8); a token update is one item of a batch. */
const POLL_CREDITS: Record<Channel, number> = { trades: 1, ohlcv: 5, "token-updates": 1, pulse: 1, "wallet-trades": 1 };
/**
 * Polling spends its minute's credits at a pace: at most this many ms' worth at once, the rest as they refill. A join of
 * many views (every new resource polls at once) would otherwise spend the minute in seconds and put every poll off
 * until that spend leaves the minute, while the delay each view was told is the plan's.
 */
export const POLL_BURST_MS = 5_000;
const MAX_POLL_CREDITS = Math.max(...Object.values(POLL_CREDITS));
/** Polling may spend at most this part of what is left of the day's credit budget; pages' own reads keep the rest. */
export const POLL_DAY_FRACTION = 0.5;
const MINUTE_MS = 60_000;
const TOKEN_BATCH = 100;
const DELAY_SAMPLES = 2_000;
const REFUSING_CODES = new Set(["token_not_found", "invalid_parameter", "unknown_chain", "not_found"]);
/** The gap repair at a promotion: waits before each retry (so at most 1 + this many attempts), then its browsers resync. */
export const REPAIR_RETRY_MS: readonly number[] = [500, 1_000, 2_000, 4_000, 8_000];

type Poller = { poll(now: () => number, maxAgeMs: number): Promise<PollOutcome> };

/** A promoted resource's gap repair still owed: its poller (and what it knows) is kept until a poll succeeds. */
interface Repair {
  poller: Poller;
  failures: number;
  timer: TimerHandle | undefined;
}

interface PollState {
  poller: Poller | null;
  intervalMs: number;
  nextAt: number;
  inFlight: boolean;
  latencyMs: number;
  delayEwmaMs: number | null;
  sentDelayMs: number | null;
  lastUpdate: string;
  /** Due but put off (counted once in `pollsDeferred`): the credits were not there yet. */
  deferred: boolean;
}

export interface LivenessStats {
  liveStreamed: number;
  livePolled: number;
  promotions: number;
  demotions: number;
  polls: number;
  pollErrors: number;
  pollCreditsPerMinute: number;
  pollDelayP50Ms: number;
  pollDelayP99Ms: number;
  /** Planned cadence of the polled resources with viewers: median and slowest. */
  pollIntervalP50Ms: number;
  pollIntervalMaxMs: number;
  /** The credits a minute polling may spend now: POLL_CREDITS_PER_MINUTE, or less as the day's budget runs low. */
  pollBudgetPerMinute: number;
  /** Credits the pollers actually spent (calls the cache did not answer) over the last minute, and since start. */
  pollCreditsLastMinute: number;
  pollCreditsSpent: number;
  /** Of which, per channel, since start. */
  pollCreditsTrades: number;
  pollCreditsOhlcv: number;
  pollCreditsTokenUpdates: number;
  pollCreditsPulse: number;
  pollCreditsWalletTrades: number;
  /** The most one client address made the pollers spend over the last minute. */
  pollCreditsTopAddressLastMinute: number;
  /** Polls put off because the credits (the whole budget's, or their addresses' caps) were not there yet. */
  pollsDeferred: number;
  /** How long the polls due now wait for the budget's credits to refill (the pace's queue). */
  pollQueueMs: number;
}

export class LivenessController implements LivenessHooks {
  private pool: UpstreamPool | null = null;
  private state: SchedulerState = EMPTY_SCHEDULER_STATE;
  private readonly polls = new Map<SharedSub, PollState>();
  private readonly repairs = new Map<SharedSub, Repair>();
  private readonly sched: SchedulerOptions;
  private tickTimer: TimerHandle | undefined;
  private pollTimer: TimerHandle | undefined;
  private plannedCredits = 0;
  private readonly delays: number[] = [];
  private delayCursor = 0;
  private readonly counts = { promotions: 0, demotions: 0, polls: 0, pollErrors: 0, pollsDeferred: 0 };
  /** Credits actually spent by the pollers over the last minute: in all, and per client address (charged by viewers). */
  private readonly spentMinute = new SpendWindow(MINUTE_MS);
  private readonly spentByAddress = new Map<string, SpendWindow>();
  /** The same credits paced (null where nothing is: no budget, no cap): the budget's, and each address's at its cap. */
  private pace: TokenBucket | null;
  private readonly paceByAddress = new Map<string, TokenBucket>();
  /** The wait of the polls due at the last poll turn for the budget's pace (0 when none waited). */
  private queueMs = 0;
  private readonly spentByChannel: Record<Channel, number> = { trades: 0, ohlcv: 0, "token-updates": 0, pulse: 0, "wallet-trades": 0 };
  private spentTotal = 0;
  /** The poll budget and each address's cap at the last plan. */
  private pollBudget: number;
  private addressCaps = new Map<string, number>();
  private closed = false;
  /** REST for the pollers: each answer's `asOf` tells the pool how far the market's clock has got at least. */
  private readonly rest: RestCaller;

  constructor(private readonly o: LivenessOptions) {
    this.sched = {
      ...DEFAULT_SCHEDULER_OPTIONS,
      ...o.scheduler,
      addressShare: o.addressShare ?? o.scheduler?.addressShare ?? DEFAULT_SCHEDULER_OPTIONS.addressShare,
      budget: o.fleet?.localBudget ?? o.budget,
    };
    this.pollBudget = o.pollCreditsPerMinute;
    this.pace = this.paced(null, this.pollBudget);
    this.rest = async (id, request, options) => {
      const r = await o.rest(id, request, options);
      this.pool?.noteMarketTime((r as { meta?: { asOf?: unknown } } | null)?.meta?.asOf);
      return r;
    };
  }

  start(pool: UpstreamPool): void {
    this.pool = pool;
    this.tickTimer = this.o.clock.setTimeout(() => this.tick(), this.o.tickMs ?? 1_000);
    this.pollTimer = this.o.clock.setTimeout(() => this.pollDue(), this.o.pollTickMs ?? 200);
  }

  close(): void {
    this.closed = true;
    this.o.clock.clearTimeout(this.tickTimer);
    this.o.clock.clearTimeout(this.pollTimer);
    this.polls.clear();
    for (const s of [...this.repairs.keys()]) this.dropRepair(s);
  }

  stats(): LivenessStats {
    let streamed = 0;
    let polled = 0;
    for (const s of this.pool?.resources() ?? []) {
      if (s.memberCount === 0) continue;
      if (s.mode === "stream") streamed++;
      else polled++;
    }
    const quantile = (xs: number[], p: number) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number) : 0;
    };
    const q = (p: number) => quantile(this.delays, p);
    const intervals = [...this.polls].filter(([s]) => s.memberCount > 0).map(([, st]) => st.intervalMs);
    return {
      liveStreamed: streamed, livePolled: polled, ...this.counts,
      pollCreditsPerMinute: Math.round(this.plannedCredits), pollDelayP50Ms: q(0.5), pollDelayP99Ms: q(0.99),
      pollIntervalP50Ms: quantile(intervals, 0.5), pollIntervalMaxMs: Math.max(0, ...intervals),
      pollBudgetPerMinute: Math.round(this.pollBudget),
      pollCreditsLastMinute: Math.round(this.spentMinute.sum(this.o.clock.now())),
      pollCreditsSpent: Math.round(this.spentTotal),
      pollCreditsTrades: Math.round(this.spentByChannel.trades),
      pollCreditsOhlcv: Math.round(this.spentByChannel.ohlcv),
      pollCreditsTokenUpdates: Math.round(this.spentByChannel["token-updates"]),
      pollCreditsPulse: Math.round(this.spentByChannel.pulse),
      pollCreditsWalletTrades: Math.round(this.spentByChannel["wallet-trades"]),
      pollCreditsTopAddressLastMinute: Math.round(Math.max(0, ...this.addressSpendLastMinute().values())),
      pollQueueMs: Math.round(this.queueMs),
    };
  }

  /** Credits each client address made the pollers spend over the last minute. */
  addressSpendLastMinute(): Map<string, number> {
    const now = this.o.clock.now();
    const out = new Map<string, number>();
    for (const [a, w] of this.spentByAddress) {
      const sum = w.sum(now);
      if (sum > 0) out.set(a, sum);
      else {
        this.spentByAddress.delete(a);
        this.paceByAddress.delete(a);
      }
    }
    return out;
  }

  /** Per client address: polling credits over the last minute (in flight included) and its cap at the last plan. */
  addressFigures(): { address: string; pollCreditsLastMinute: number; pollCreditCap: number | null }[] {
    const spent = this.addressSpendLastMinute();
    const addresses = new Set([...spent.keys(), ...this.addressCaps.keys()]);
    return [...addresses].map((address) => ({
      address,
      pollCreditsLastMinute: spent.get(address) ?? 0,
      pollCreditCap: this.addressCaps.get(address) ?? null,
    }));
  }

  // ---- hooks the pool calls ----

  wantsStream(shared: SharedSub, first?: Subscriber): boolean {
    if (isPollOnly(shared.channel)) return false;
    const fleet = this.o.fleet;
    const decided = fleet?.modes();
    if (fleet && decided) {
      // As the fleet decided; a resource the leader has not seen yet is asked for as a stream: the fleet's upstream
      // acknowledges it once the leader streams it, or refuses it (polled from then on) if the leader polls it.
      fleet.report([...this.reported().filter((r) => r.key !== shared.key), { ...this.reportOf(shared), viewers: 1 }]);
      return decided.get(shared.key) !== "poll";
    }
    const demand = this.demand();
    const viewer = first?.shareOf?.() ?? { address: ANONYMOUS, weight: 1 };
    demand.push({ key: shared.key, channel: shared.channel, tracked: shared.tracked, viewers: viewer.weight, by: { [viewer.address]: viewer.weight } });
    if (schedule(this.state, demand, this.o.clock.now(), this.sched).modes.get(shared.key) !== "stream") return false;
    return this.hasRoom(shared, [[viewer.address, viewer.weight]]);
  }

  /**
   * Whether streaming `shared` now keeps what is streamed (or on its way) within this instance's budget. A burst of new
   * resources between two ticks is otherwise ranked against resources the state has not seen yet; the pool's own
   * limits are the key's whole budget in fleet mode, so they do not hold an instance to its share.
   */
  private hasRoom(shared: SharedSub, viewers: readonly [string, number][]): boolean {
    const b = this.sched.budget;
    const slots = budgetSlots(b);
    let general = 0;
    let pulse = 0;
    const tracked = new Set<string>();
    // What each address holds of what streams now (or is on its way), charged by its viewers as the scheduler does.
    const shares = new ShareLedger(addressCaps(slots.general, b.trackedTokens, this.sched.addressShare));
    for (const s of this.pool?.resources() ?? []) {
      if (s === shared || !(s.mode === "stream" || s.promoting)) continue;
      if (s.channel === "pulse") pulse++;
      else general++;
      const fresh = s.tracked.filter((t) => !tracked.has(t));
      for (const t of fresh) tracked.add(t);
      const by = Object.entries(viewersByAddress(s).by);
      const total = by.reduce((sum, [, v]) => sum + v, 0);
      if (total > 0) shares.charge(new Map(by.map(([a, v]) => [a, v / total])), new Set(fresh).size);
    }
    const used = general + Math.max(0, pulse - slots.reserve);
    const fits = shared.channel === "pulse" ? general + pulse < slots.total && (pulse < slots.reserve || used < slots.general) : used < slots.general;
    const fresh = new Set(shared.tracked.filter((t) => !tracked.has(t))).size;
    return fits && tracked.size + fresh <= b.trackedTokens && shares.payers(viewers, fresh).size > 0;
  }

  polled(shared: SharedSub): void {
    // Polled again with a promotion's repair still owed: its poller goes on from where it was (the gap included).
    const owed = this.repairs.get(shared)?.poller;
    this.dropRepair(shared);
    if (!this.polls.has(shared)) this.polls.set(shared, this.newPollState(shared, owed));
    const st = this.polls.get(shared) as PollState;
    st.nextAt = this.o.clock.now();
    const delayMs = this.expectedDelayMs(shared);
    if (this.hasAcked(shared)) {
      this.counts.demotions++;
      st.sentDelayMs = delayMs;
      this.announce(shared, "poll", delayMs);
    }
  }

  streamed(shared: SharedSub, wasPolled: boolean): void {
    const st = this.polls.get(shared);
    this.polls.delete(shared);
    if (!wasPolled) return;
    this.counts.promotions++;
    this.announce(shared, "stream");
    // Gap repair at the switch: rows between the last poll and the upstream's acknowledgement come from REST; the
    // shared replay window drops what the stream delivers as well.
    if (shared.channel === "trades" && st?.poller) this.repair(shared, { poller: st.poller, failures: 0, timer: undefined });
  }

  disposed(shared: SharedSub): void {
    this.polls.delete(shared);
    this.dropRepair(shared);
  }

  /**
   * One attempt at a promotion's gap repair (uncached). A failure (a REST timeout under load) is retried after
   * `REPAIR_RETRY_MS`; past the last, the browsers are sent `resync` and repair from REST themselves.
   */
  private repair(s: SharedSub, r: Repair): void {
    this.repairs.set(s, r);
    r.timer = undefined;
    r.poller.poll(this.o.clock.now, 0).then(
      () => {
        if (this.repairs.get(s) === r) this.repairs.delete(s);
      },
      (e: unknown) => {
        if (this.repairs.get(s) !== r || this.closed) return;
        this.counts.pollErrors++;
        const wait = REPAIR_RETRY_MS[r.failures++];
        if (wait !== undefined) {
          r.timer = this.o.clock.setTimeout(() => {
            if (this.repairs.get(s) === r) this.repair(s, r);
          }, wait);
          return;
        }
        this.repairs.delete(s);
        this.o.onWarn?.(`gap repair of ${s.key} after its promotion failed ${r.failures} times; its browsers resync from REST: ${e instanceof Error ? e.message : String(e)}`);
        this.pool?.resyncAll(s, "gap_repair_failed");
      },
    );
  }

  private dropRepair(s: SharedSub): void {
    const r = this.repairs.get(s);
    if (!r) return;
    this.o.clock.clearTimeout(r.timer);
    this.repairs.delete(s);
  }

  /**
   * The delay a browser is told in its acknowledgement of a polled resource; remembered as the one told, so a plan that
   * changes it by much tells every browser of the resource again.
   */
  delayMs(shared: SharedSub): number {
    const delay = this.expectedDelayMs(shared);
    const st = this.polls.get(shared);
    if (st) st.sentDelayMs = delay;
    return delay;
  }

  private expectedDelayMs(shared: SharedSub): number {
    const st = this.polls.get(shared);
    if (!st) return 0;
    // What rows waited lately, but never less than the cadence planned now: when the plan slows a resource (more
    // views sharing the credits), the delay shown grows at once rather than after the next rows are measured. Polls
    // waiting for the pace (a join's first polls) add their wait.
    const planned = st.intervalMs / 2 + st.latencyMs + this.queueMs;
    return Math.round(st.delayEwmaMs === null ? planned : Math.max(st.delayEwmaMs, planned));
  }

  // ---- scheduling ----

  private demand(): ResourceDemand[] {
    const out: ResourceDemand[] = [];
    for (const s of this.pool?.resources() ?? []) if (s.memberCount > 0) out.push(this.demandOf(s));
    return out;
  }

  /** A resource's viewers, weighted per connection, per client address. */
  private demandOf(s: SharedSub): ResourceDemand {
    const { viewers, by } = viewersByAddress(s);
    return { key: s.key, channel: s.channel, tracked: s.tracked, viewers, by };
  }

  private reportOf(s: SharedSub): ReportedDemand {
    return { ...this.demandOf(s), params: s.params };
  }

  /** Resources with viewers, and streamed ones without (lingering). */
  private reported(): ReportedDemand[] {
    const out: ReportedDemand[] = [];
    for (const s of this.pool?.resources() ?? []) {
      if (s.memberCount > 0) out.push(this.reportOf(s));
      else if (s.mode === "stream" || s.promoting) out.push({ ...this.reportOf(s), lingering: true });
    }
    return out;
  }

  /**
   * Runs the scheduler, applies its modes (demotions first), and plans the poll cadence. In fleet mode the modes are
   * the fleet's while it has a decision (the local one, on this instance's share, is kept up to date for when not).
   */
  tick(): void {
    if (this.closed || !this.pool) return;
    const pool = this.pool;
    const now = this.o.clock.now();
    const demand = this.demand();
    const d = schedule(this.state, demand, now, this.sched);
    let modes = d.modes;
    this.state = d.state;
    const fleet = this.o.fleet;
    if (fleet) {
      fleet.report(this.reported());
      const decided = fleet.modes();
      if (decided) {
        // Resources the leader has not decided yet keep their mode until it has.
        modes = new Map(demand.flatMap((r) => { const m = decided.get(r.key); return m ? [[r.key, m] as const] : []; }));
        this.state = adopt(d.state, modes, now);
      }
    }
    const promote: SharedSub[] = [];
    const own = modes === d.modes;
    for (const s of [...pool.resources()]) {
      const want = modes.get(s.key);
      if (!want) continue;
      const streaming = s.mode === "stream" || s.promoting;
      if (want === "poll" && streaming) pool.demote(s);
      else if (want === "stream" && !streaming) promote.push(s);
    }
    // A demotion of a resource the upstream has not acknowledged yet waits for a later tick: a promotion in its place
    // would pass the budget or an address's share meanwhile, so each is checked against what streams now (the fleet's
    // decision is the leader's, over the fleet's budget).
    for (const s of promote) if (!own || this.hasRoom(s, Object.entries(viewersByAddress(s).by))) pool.promote(s);
    this.plan(d.scores, demand);
    this.tickTimer = this.o.clock.setTimeout(() => this.tick(), this.o.tickMs ?? 1_000);
  }

  /**
   * The credits a minute polling may spend now: POLL_CREDITS_PER_MINUTE, and with a day budget at most
   * `POLL_DAY_FRACTION` of what is left of it spread over the minutes until it resets.
   */
  private pollBudgetNow(): number {
    const day = this.o.dayBudget?.();
    if (!day || day.remainingToday === null) return this.o.pollCreditsPerMinute;
    const minutesLeft = Math.max(1, day.msToReset / MINUTE_MS);
    return Math.min(this.o.pollCreditsPerMinute, (Math.max(0, day.remainingToday) * POLL_DAY_FRACTION) / minutesLeft);
  }

  private plan(scores: Map<string, number>, demand: readonly ResourceDemand[]): void {
    const byKey = new Map(demand.map((d) => [d.key, d]));
    const ladder = this.o.ladderMs ?? DEFAULT_LADDER_MS;
    const fastest = Math.min(...ladder);
    const items: PollDemand[] = [...this.polls.keys()]
      .filter((s) => s.memberCount > 0)
      .map((s) => ({ key: s.key, score: scores.get(s.key) ?? s.memberCount, credits: POLL_CREDITS[s.channel], by: byKey.get(s.key)?.by }));
    this.pollBudget = this.pollBudgetNow();
    this.pace = this.paced(this.pace, this.pollBudget);
    // Each address's demand is what its polled views would cost at the fastest rung; its cap is its share of the poll
    // budget, or the max-min fair level when the others leave credits unused.
    const wanted = new Map<string, number>();
    for (const it of items) {
      const by = Object.entries(it.by ?? { [ANONYMOUS]: 1 });
      const total = by.reduce((sum, [, v]) => sum + v, 0) || 1;
      for (const [a, v] of by) wanted.set(a, (wanted.get(a) ?? 0) + (v / total) * ((it.credits * MINUTE_MS) / fastest));
    }
    this.addressCaps = pollCreditCaps(wanted, this.pollBudget, this.sched.addressShare);
    const plan = planCadence(items, { creditsPerMinute: this.pollBudget, ladderMs: ladder, addressCaps: this.addressCaps });
    this.plannedCredits = plan.creditsPerMinute;
    for (const [s, st] of this.polls) {
      const ms = plan.intervals.get(s.key);
      if (ms === undefined) continue;
      if (ms < st.intervalMs) st.nextAt = Math.min(st.nextAt, st.nextAt - st.intervalMs + ms);
      st.intervalMs = ms;
      const delay = this.expectedDelayMs(s);
      const sent = st.sentDelayMs;
      if (sent !== null && Math.abs(delay - sent) >= Math.max(1_000, sent * 0.3) && this.hasAcked(s)) {
        st.sentDelayMs = delay;
        this.announce(s, "poll", delay);
      } else if (sent === null) st.sentDelayMs = delay;
    }
  }

  // ---- polling ----

  /** REST for one resource's poller: what each call costs upstream is charged to the resource's viewers. */
  private restFor(shared: SharedSub): RestCaller {
    return (id, request, options) => this.rest(id, request, { ...options, onCharge: (credits) => this.charge(shared, credits) });
  }

  /** Credits a poll of `shared` spent upstream: counted per channel, and per address of its viewers now. */
  private charge(shared: SharedSub, credits: number): void {
    if (!(credits > 0)) return;
    this.spentTotal += credits;
    this.spentByChannel[shared.channel] += credits;
    this.count(shared, credits);
  }

  /**
   * Adds credits to the minute's windows (in all, and per address of `shared`'s viewers). A poll in flight counts its
   * usual cost there until it is done (then its real cost, charged as the calls go upstream, replaces it), so a burst
   * of polls started in one turn cannot pass the budget or an address's cap before any answer is back.
   */
  private count(shared: SharedSub, credits: number): void {
    const now = this.o.clock.now();
    this.spentMinute.add(now, credits);
    this.pace?.charge(credits);
    const { by } = viewersByAddress(shared);
    const parts = Object.entries(by);
    const total = parts.reduce((sum, [, v]) => sum + v, 0);
    for (const [a, v] of total > 0 ? parts : [[ANONYMOUS, 1] as const]) {
      let w = this.spentByAddress.get(a);
      if (!w) this.spentByAddress.set(a, (w = new SpendWindow(MINUTE_MS)));
      const part = total > 0 ? (credits * v) / total : credits;
      w.add(now, part);
      this.addressPace(a)?.charge(part);
    }
  }

  /** An address's pace at its cap now (null when the cap is unbounded). */
  private addressPace(a: string): TokenBucket | null {
    const p = this.paced(this.paceByAddress.get(a), this.addressCap(a));
    if (p) this.paceByAddress.set(a, p);
    else this.paceByAddress.delete(a);
    return p;
  }

  /**
   * `bucket` set to pace `perMinute` credits (`POLL_BURST_MS` worth at once, at least one poll's cost), made when
   * absent; null where nothing is paced (no credits at all: the minute's window holds every poll; no limit).
   */
  private paced(bucket: TokenBucket | null | undefined, perMinute: number): TokenBucket | null {
    if (!(perMinute > 0) || !Number.isFinite(perMinute)) return null;
    const ratePerSec = perMinute / 60;
    const burst = Math.max(MAX_POLL_CREDITS, (perMinute * POLL_BURST_MS) / MINUTE_MS);
    if (!bucket) return createTokenBucket({ ratePerSec, burst, now: this.o.clock.now });
    bucket.setRate(ratePerSec, burst);
    return bucket;
  }

  /** An address's cap at the last plan; one the plan did not know yet (its first views) gets its guaranteed part. */
  private addressCap(a: string): number {
    const floor = this.sched.addressShare < 1 ? this.sched.addressShare * this.pollBudget : Number.POSITIVE_INFINITY;
    return this.addressCaps.get(a) ?? floor;
  }

  /**
   * The budget's credits are not there for a poll costing `credits` now: the minute's actual spend would pass the poll
   * budget, or its pace has not refilled that much yet.
   */
  private budgetShort(credits: number, now: number): boolean {
    return this.spentMinute.sum(now) + credits > this.pollBudget + 1e-9 || (this.pace?.available() ?? credits) < credits - 1e-9;
  }

  /**
   * Every address of `shared`'s viewers has spent its cap over the minute, or its paced part of it, for now (a plan
   * counts a poll's usual cost; a busy tape's extra pages or a token's pools cost more).
   */
  private addressesShort(shared: SharedSub, now: number): boolean {
    const addresses = Object.keys(viewersByAddress(shared).by);
    if (addresses.length === 0) return false;
    const share = POLL_CREDITS[shared.channel] / addresses.length;
    return addresses.every((a) => {
      const cap = this.addressCap(a);
      if ((this.spentByAddress.get(a)?.sum(now) ?? 0) + share > cap + 1e-9) return true;
      // No pace yet is a full one (a poll's share never exceeds its burst): made by the first charge, not by a look.
      if (!this.paceByAddress.has(a)) return false;
      return (this.addressPace(a)?.available() ?? share) < share - 1e-9;
    });
  }

  private newPollState(shared: SharedSub, owed?: Poller): PollState {
    const now = this.o.clock.now();
    const ladder = this.o.ladderMs ?? DEFAULT_LADDER_MS;
    const rest = this.restFor(shared);
    const poller =
      owed ??
      (shared.channel === "trades"
        ? new TradesPoller(shared, rest)
        : shared.channel === "ohlcv"
          ? new CandlePoller(shared, rest)
          : shared.channel === "pulse"
            ? new PulsePoller(shared, rest)
            : shared.channel === "wallet-trades"
              ? new WalletTradesPoller(shared, rest)
              : null); // token updates are batched
    const provisional = ladder[Math.min(ladder.length - 1, 2)] ?? 3_000;
    return { poller, intervalMs: provisional, nextAt: now, inFlight: false, latencyMs: 0, delayEwmaMs: null, sentDelayMs: null, lastUpdate: "", deferred: false };
  }

  /**
   * Starts the due polls, the latest for their cadence first (a view polled every 2 s and 2 s late before one polled
   * every minute and 2 s late), while the budget's paced credits last: once the first in line cannot be paid for, the
   * rest wait behind it (a candle poll is not passed by cheaper tapes for ever). A poll whose addresses have spent
   * their caps waits without holding up other addresses' polls.
   */
  private pollDue(): void {
    if (this.closed) return;
    const now = this.o.clock.now();
    const late = (st: PollState) => (now - st.nextAt) / Math.max(1, st.intervalMs);
    const due = [...this.polls]
      .filter(([s, st]) => !st.inFlight && now >= st.nextAt && s.memberCount > 0)
      .sort((a, b) => late(b[1]) - late(a[1]));
    const updates: [SharedSub, PollState][] = [];
    let waiting = 0;
    for (const [s, st] of due) {
      const usual = POLL_CREDITS[s.channel];
      if (waiting > 0 || this.budgetShort(usual, now)) {
        waiting += usual;
        this.defer(st);
        continue;
      }
      if (this.addressesShort(s, now)) {
        this.defer(st);
        continue;
      }
      st.deferred = false;
      st.nextAt = now + st.intervalMs;
      if (st.poller) this.run(s, st, st.poller);
      else {
        // Counted now, so the polls after it in this turn see its credits spent.
        st.inFlight = true;
        this.count(s, usual);
        updates.push([s, st]);
      }
    }
    this.queueMs = waiting > 0 && this.pace ? this.pace.waitMs(waiting) : 0;
    for (let i = 0; i < updates.length; i += TOKEN_BATCH) void this.pollUpdates(updates.slice(i, i + TOKEN_BATCH));
    this.pollTimer = this.o.clock.setTimeout(() => this.pollDue(), this.o.pollTickMs ?? 200);
  }

  private defer(st: PollState): void {
    if (st.deferred) return;
    st.deferred = true;
    this.counts.pollsDeferred++;
  }

  private run(s: SharedSub, st: PollState, poller: NonNullable<PollState["poller"]>): void {
    st.inFlight = true;
    const started = this.o.clock.now();
    this.counts.polls++;
    const usual = POLL_CREDITS[s.channel];
    this.count(s, usual);
    poller
      .poll(this.o.clock.now, this.o.pollMaxAgeMs ?? 500)
      .then((r) => {
        st.latencyMs = this.o.clock.now() - started;
        for (const d of r.delays) this.noteDelay(st, d);
      })
      .catch((e: unknown) => this.pollFailed(s, e))
      .finally(() => {
        st.inFlight = false;
        this.count(s, -usual);
      });
  }

  /** Token updates for many tokens at once: one batch `POST /v1/token`, one slot per token (§4.14); already counted. */
  private async pollUpdates(batch: [SharedSub, PollState][]): Promise<void> {
    const started = this.o.clock.now();
    this.counts.polls++;
    try {
      const items = batch.map(([s]) => ({ chain: (s.params as TokenUpdatesParams).chain, address: (s.params as TokenUpdatesParams).address }));
      const onCharge = (credits: number) => {
        for (const [s] of batch) this.charge(s, credits / batch.length);
      };
      const env = (await this.rest("tokenBatch", { body: { items } }, { maxAgeMs: this.o.pollMaxAgeMs ?? 500, onCharge })) as {
        data: ({ data: unknown } | { error: { code: string; message: string } })[];
        meta: { asOf: number; degraded?: boolean };
      };
      const t = this.o.clock.now();
      batch.forEach(([s, st], i) => {
        st.latencyMs = t - started;
        const slot = env.data[i];
        if (!slot) return;
        if ("error" in slot) return this.pollFailed(s, new ApiError(slot.error.code, slot.error.message, { status: 404 }));
        const update = tokenUpdateSchema.safeParse(slot.data);
        if (!update.success) return;
        const text = JSON.stringify(update.data);
        if (text === st.lastUpdate) return;
        st.lastUpdate = text;
        const degraded = update.data.priceUsd === null && update.data.priceNative !== null;
        s.onEvent({ upId: s.upId, channel: "token-updates", kind: "update", data: update.data, meta: { asOf: env.meta.asOf, polled: true, ...(degraded ? { degraded: true } : {}) } }, t);
      });
    } catch (e) {
      for (const [s] of batch) this.pollFailed(s, e);
    } finally {
      for (const [s, st] of batch) {
        st.inFlight = false;
        this.count(s, -POLL_CREDITS["token-updates"]);
      }
    }
  }

  private noteDelay(st: PollState, ms: number): void {
    st.delayEwmaMs = st.delayEwmaMs === null ? ms : st.delayEwmaMs * 0.8 + ms * 0.2;
    if (this.delays.length < DELAY_SAMPLES) this.delays.push(ms);
    else this.delays[this.delayCursor++ % DELAY_SAMPLES] = ms;
  }

  /** A refusal about the resource itself ends it for its browsers; anything else is retried on the next turn. */
  private pollFailed(s: SharedSub, e: unknown): void {
    this.counts.pollErrors++;
    if (e instanceof ApiError && REFUSING_CODES.has(e.code) && e.status < 500) {
      this.pool?.fail(s, e.code === "token_not_found" ? "token_not_found" : "invalid_params", e.message.slice(0, 300));
      return;
    }
    this.o.onWarn?.(`poll of ${s.key} failed: ${e instanceof Error ? e.message : String(e)}`);
  }

  private hasAcked(s: SharedSub): boolean {
    for (const [, , m] of s.members()) if (m.acked) return true;
    return false;
  }

  /** One `mode` frame per browser, listing its ids on the resource. */
  private announce(s: SharedSub, mode: LivenessMode, delayMs?: number): void {
    const per = new Map<Subscriber, string[]>();
    for (const [sub, id, m] of s.members()) if (m.acked) per.set(sub, [...(per.get(sub) ?? []), id]);
    for (const [sub, ids] of per) sub.sendFrame({ type: "mode", ids, mode, ...(mode === "poll" ? { delayMs: delayMs ?? 0 } : {}) });
  }
}

/** A resource's viewers per client address, each subscription weighted by its connection's share. */
export function viewersByAddress(s: SharedSub): { viewers: number; by: Record<string, number> } {
  const by: Record<string, number> = {};
  let viewers = 0;
  for (const [sub] of s.members()) {
    const v = sub.shareOf?.() ?? { address: ANONYMOUS, weight: 1 };
    by[v.address] = (by[v.address] ?? 0) + v.weight;
    viewers += v.weight;
  }
  return { viewers, by };
}
