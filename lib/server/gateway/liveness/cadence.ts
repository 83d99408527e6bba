// How often each polled resource is fetched, within a credits-per-minute budget for polling. Pure.
// Every resource starts on the slowest rung of the ladder; then, hottest first in effect, the rung step that saves
// the most viewer-seconds of delay per extra credit is taken while the budget allows. When even the slowest rung
// for everything exceeds the budget, every interval is stretched evenly until it fits: the budget always holds.

export interface PollDemand {
  key: string;
  /** Recency-weighted viewers (the scheduler's score). */
  score: number;
  /** Credits one poll costs (§8: trades 1, ohlcv 5, a token-updates share of a batch 1). */
  credits: number;
}

export interface CadenceOptions {
  creditsPerMinute: number;
  /** Interval rungs in ms, fastest first (e.g. 1 s … 30 s). */
  ladderMs: readonly number[];
}

export const DEFAULT_LADDER_MS = [1_000, 2_000, 3_000, 4_000, 6_000, 10_000, 15_000, 30_000] as const;

export interface CadencePlan {
  intervals: Map<string, number>;
  creditsPerMinute: number;
}

const perMinute = (credits: number, intervalMs: number) => (credits * 60_000) / intervalMs;

export function planCadence(items: readonly PollDemand[], o: CadenceOptions): CadencePlan {
  const ladder = [...o.ladderMs].filter((ms) => ms > 0).sort((a, b) => a - b);
  const intervals = new Map<string, number>();
  if (ladder.length === 0 || items.length === 0) return { intervals, creditsPerMinute: 0 };
  const slowest = ladder.length - 1;
  const budget = Math.max(0, o.creditsPerMinute);
  const rung = new Map<string, number>();
  let spent = 0;
  for (const it of items) {
    rung.set(it.key, slowest);
    spent += perMinute(it.credits, ladder[slowest] as number);
  }
  if (spent > budget) {
    const stretch = budget > 0 ? spent / budget : Number.POSITIVE_INFINITY;
    const ms = Math.ceil((ladder[slowest] as number) * stretch);
    for (const it of items) intervals.set(it.key, Number.isFinite(ms) ? ms : Number.MAX_SAFE_INTEGER);
    return { intervals, creditsPerMinute: budget > 0 ? items.reduce((s, it) => s + perMinute(it.credits, ms), 0) : 0 };
  }
  // Greedy by marginal benefit: a step from rung `cur` to `next` saves score × (cur − next) ms of delay for
  // credits × 60 000 × (1/next − 1/cur) credits a minute, a ratio of score × cur × next / (60 000 × credits). It
  // falls as an item gets faster, so taking all steps in one sorted pass keeps each item's steps in order.
  const steps: { it: PollDemand; r: number; gain: number; extra: number }[] = [];
  for (const it of items) {
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
  for (const s of steps) {
    if (s.gain <= 0 || blocked.has(s.it.key) || rung.get(s.it.key) !== s.r) continue;
    if (spent + s.extra > budget) {
      blocked.add(s.it.key); // its later steps cost at least as much
      continue;
    }
    spent += s.extra;
    rung.set(s.it.key, s.r - 1);
  }
  for (const [key, r] of rung) intervals.set(key, ladder[r] as number);
  return { intervals, creditsPerMinute: spent };
}
