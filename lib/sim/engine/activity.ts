import type { Rng } from "./rng";
import type { Activity, Fate } from "./world";

// How lively a token is over its life: a trade rate that decays, and a buy bias that drifts and oscillates.
// Rates are tuned so that, at speed 1, the whole market prints ~20–60 trades/s, a graduation every ~30–90 s.

export const FATE_SHARES: [Fate, number][] = [
  ["runner", 0.0015],
  ["graduate", 0.06],
  ["modest", 0.12],
  ["dud", 0.8185],
];

export function drawFate(rng: Rng): Fate {
  return FATE_SHARES[rng.weighted(FATE_SHARES.map(([, w]) => w))]?.[0] ?? "dud";
}

/** Activity on the bonding curve, by fate. */
export function curveActivity(rng: Rng, fate: Fate, at: number): Activity {
  switch (fate) {
    case "runner":
      return mk(at, rng.range(2, 4), 6 * 3600_000, 3600_000, rng.range(0.66, 0.72), 0.06, rng);
    case "graduate":
      return mk(at, rng.range(0.5, 1.4), 40 * 60_000, 50 * 60_000, rng.range(0.63, 0.7), 0.08, rng);
    case "modest":
      return mk(at, rng.range(0.15, 0.45), rng.range(6, 14) * 60_000, 40 * 60_000, rng.range(0.5, 0.56), 0.12, rng);
    default:
      return mk(at, rng.range(0.06, 0.22), rng.range(60, 300) * 1000, 15 * 60_000, rng.range(0.46, 0.54), 0.15, rng);
  }
}

/** Activity after migration to a DEX pool. */
export function dexActivity(rng: Rng, fate: Fate, at: number): Activity {
  if (fate === "runner") return mk(at, rng.range(1.5, 3), 2.5 * 3600_000, 5 * 3600_000, 0.53, 0.12, rng);
  return mk(at, rng.range(0.15, 0.4), rng.range(10, 30) * 60_000, 90 * 60_000, 0.5, 0.14, rng);
}

/** Established tokens trade steadily forever. */
export function steadyActivity(at: number, rate: number): Activity {
  return {
    rate,
    decayMs: Number.POSITIVE_INFINITY,
    endAt: Number.POSITIVE_INFINITY,
    buyBias: 0.5,
    biasAmp: 0,
    biasPeriodMs: 1,
    phase: 0,
    startAt: at,
  };
}

function mk(at: number, rate: number, decayMs: number, lifeMs: number, bias: number, amp: number, rng: Rng): Activity {
  return {
    rate,
    decayMs,
    endAt: at + lifeMs,
    buyBias: bias,
    biasAmp: amp,
    biasPeriodMs: rng.range(60_000, 600_000),
    phase: rng.range(0, Math.PI * 2),
    startAt: at,
  };
}

export function rateAt(a: Activity, at: number): number {
  if (!Number.isFinite(a.decayMs)) return a.rate;
  return a.rate * Math.exp(-(at - a.startAt) / a.decayMs);
}

export function buyProbability(a: Activity, at: number): number {
  const p = a.buyBias + a.biasAmp * Math.sin(a.phase + ((at - a.startAt) / a.biasPeriodMs) * 2 * Math.PI);
  return Math.min(0.92, Math.max(0.08, p));
}
