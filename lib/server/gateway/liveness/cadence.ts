import { type AddressViewers, viewersOf } from "./shares";

// How often each polled resource is fetched, within a credits-per-minute budget for polling and each client address's
// cap of it (shares.ts: a resource's credits are charged to its viewers' addresses in proportion). Pure.
// Every resource starts on the slowest rung of the ladder; then, hottest first in effect, the rung step that saves
// the most viewer-seconds of delay per extra credit is taken while the budget and the caps allow. When even the
// slowest rung exceeds the budget (or an address's cap), the intervals concerned are stretched until they fit: the
// budget and every cap always hold.

export interface PollDemand {
  key: string;
  /** Recency-weighted viewers (the scheduler's score). */
  score: number;
  /** Credits one poll costs (§8: trades 1, ohlcv 5, a token-updates share of a batch 1). */
  credits: number;
  /** Its viewers per client address; absent = one anonymous address. */
  by?: AddressViewers;
}

export interface CadenceOptions {
  creditsPerMinute: number;
  /** Interval rungs in ms, fastest first (e.g. 1 s … 30 s). */
  ladderMs: readonly number[];
  /** Credits a minute each address may be charged (shares.ts `pollCreditCaps`); an address not named has no cap. */
  addressCaps?: ReadonlyMap<string, number>;
}

export const DEFAULT_LADDER_MS = [1_000, 2_000, 3_000, 4_000, 6_000, 10_000, 15_000, 30_000] as const;

export interface CadencePlan {
  intervals: Map<string, number>;
  creditsPerMinute: number;
}

const perMinute = (credits: number, intervalMs: number) => (credits * 60_000) / intervalMs;

/** Each address's fraction of an item's cost. */
function fractionsOf(it: PollDemand): [string, number][] {
  const by = viewersOf(it.by, 1);
  const total = by.reduce((sum, [, v]) => sum + v, 0);
  return by.map(([a, v]) => [a, v / total]);
}

export function planCadence(items: readonly PollDemand[], o: CadenceOptions): CadencePlan {
  const ladder = [...o.ladderMs].filter((ms) => ms > 0).sort((a, b) => a - b);
  const intervals = new Map<string, number>();
  if (ladder.length === 0 || items.length === 0) return { intervals, creditsPerMinute: 0 };
  const slowest = ladder.length - 1;
  const slowestMs = ladder[slowest] as number;
  const budget = Math.max(0, o.creditsPerMinute);
  const caps = o.addressCaps;
  const capOf = (a: string) => Math.max(0, caps?.get(a) ?? Number.POSITIVE_INFINITY);
  const fractions = new Map(items.map((it) => [it.key, fractionsOf(it)]));
  // Everything on the slowest rung: what the whole and each address would spend.
  let spent = 0;
  const byAddress = new Map<string, number>();
  for (const it of items) {
    const c = perMinute(it.credits, slowestMs);
    spent += c;
    for (const [a, f] of fractions.get(it.key) ?? []) byAddress.set(a, (byAddress.get(a) ?? 0) + f * c);
  }
  const stretchOf = (used: number, cap: number) => (used <= cap ? 1 : cap > 0 ? used / cap : Number.POSITIVE_INFINITY);
  const addressStretch = new Map([...byAddress].map(([a, used]) => [a, stretchOf(used, capOf(a))]));
  const itemStretch = (it: PollDemand) => Math.max(1, ...(fractions.get(it.key) ?? []).map(([a]) => addressStretch.get(a) ?? 1));
  // Then the whole: what is left after each address is held to its cap, against the budget.
  let capped = 0;
  for (const it of items) capped += perMinute(it.credits, slowestMs) / itemStretch(it);
  const global = stretchOf(capped, budget);
  // An item past an address's cap (or, with every address held, the budget) even at the slowest rung is stretched by
  // the worst of those factors (each address then spends at most its cap, the whole at most the budget) and takes no
  // step; a light address's items are not slowed by a heavy one.
  const rung = new Map<string, number>();
  spent = 0;
  byAddress.clear();
  const charge = (key: string, c: number) => {
    spent += c;
    for (const [a, f] of fractions.get(key) ?? []) byAddress.set(a, (byAddress.get(a) ?? 0) + f * c);
  };
  for (const it of items) {
    const stretch = itemStretch(it) * global;
    if (stretch > 1) {
      const ms = Number.isFinite(stretch) ? Math.ceil(slowestMs * stretch) : Number.MAX_SAFE_INTEGER;
      intervals.set(it.key, ms);
      if (Number.isFinite(stretch)) charge(it.key, perMinute(it.credits, ms));
    } else {
      rung.set(it.key, slowest);
      charge(it.key, perMinute(it.credits, slowestMs));
    }
  }
  // Greedy by marginal benefit: a step from rung `cur` to `next` saves score × (cur − next) ms of delay for
  // credits × 60 000 × (1/next − 1/cur) credits a minute, a ratio of score × cur × next / (60 000 × credits). It
  // falls as an item gets faster, so taking all steps in one sorted pass keeps each item's steps in order.
  const steps: { it: PollDemand; r: number; gain: number; extra: number }[] = [];
  for (const it of items) {
    if (!rung.has(it.key)) continue;
    for (let r = slowest; r > 0; r--) {
      const cur = ladder[r] as number;
      const next = ladder[r - 1] as number;
      const extra = perMinute(it.credits, next) - perMinute(it.credits, cur);
      const gain = extra > 0 ? (Math.max(0, it.score) * (cur - next)) / extra : Number.POSITIVE_INFINITY;
      steps.push({ it, r, gain, extra });
    }
  }
  steps.sort((a, b) => b.gain - a.gain || b.r - a.r || (a.it.key < b.it.key ? -1 : a.it.key > b.it.key ? 1 : 0));
  const blocked = new Set<string>();
  const fits = (key: string, extra: number) =>
    spent + extra <= budget && (fractions.get(key) ?? []).every(([a, f]) => (byAddress.get(a) ?? 0) + f * extra <= capOf(a) + 1e-9);
  for (const s of steps) {
    if (s.gain <= 0 || blocked.has(s.it.key) || rung.get(s.it.key) !== s.r) continue;
    if (!fits(s.it.key, s.extra)) {
      blocked.add(s.it.key); // its later steps cost at least as much
      continue;
    }
    charge(s.it.key, s.extra);
    rung.set(s.it.key, s.r - 1);
  }
  for (const [key, r] of rung) intervals.set(key, ladder[r] as number);
  return { intervals, creditsPerMinute: spent };
}

/** What a plan charges each address, credits a minute (the same split as the plan's). */
export function addressSpend(items: readonly PollDemand[], intervals: ReadonlyMap<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const it of items) {
    const ms = intervals.get(it.key);
    if (ms === undefined) continue;
    const c = perMinute(it.credits, ms);
    for (const [a, f] of fractionsOf(it)) out.set(a, (out.get(a) ?? 0) + f * c);
  }
  return out;
}
