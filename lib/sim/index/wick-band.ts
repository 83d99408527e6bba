// §4.5 wick-outlier clamping, sized by the token itself: a trade's candle price may stray from the deep (pricing)
// pool's price before/after it by a band that follows the token's recent volatility. A calm deep token gets a narrow
// band, so a thin-pool fat-finger cannot draw a wick; a young launch moving 50 %+ a minute gets a wide one.

/** Floor of the band: a calm deep token's main pools sit within ~1 % of each other (arbitrage keeps them there). */
export const MIN_BAND = 0.01;
/** Ceiling of the band: ±100 % (a candle may still halve or double beyond the deep pool's own move). */
export const MAX_BAND = 1;
/** A wick may reach this many times the recent per-minute range beyond the deep pool's move. */
export const VOL_MULT = 1;
/** Per quiet minute, the remembered volatility fades by this factor (half-life ~4 min). */
export const DECAY_PER_MIN = 0.85;

export interface WickVol {
  /** Minute (unix minutes) of `hi`/`lo`. */
  minute: number;
  hi: number;
  lo: number;
  /** Decaying max of completed minutes' ranges (high / low − 1), as of `minute`. */
  vol: number;
}

/** A launch starts with the full band until its own minutes show otherwise; an established token with the floor. */
export function newWickVol(launch: boolean): WickVol {
  return { minute: Number.NEGATIVE_INFINITY, hi: 0, lo: 0, vol: launch ? MAX_BAND / VOL_MULT : 0 };
}

/** Records the deep pool's price at `atMs`. */
export function observe(w: WickVol, atMs: number, price: number): void {
  if (!(price > 0)) return;
  const minute = Math.floor(atMs / 60_000);
  if (minute > w.minute) {
    const done = w.hi > 0 ? w.hi / w.lo - 1 : 0;
    const gap = Number.isFinite(w.minute) ? minute - w.minute : 0;
    w.vol = Math.max(w.vol, done) * DECAY_PER_MIN ** Math.min(gap, 1_000);
    w.minute = minute;
    w.hi = w.lo = price;
    return;
  }
  if (price > w.hi) w.hi = price;
  if (price < w.lo) w.lo = price;
}

/** The clamp band now: VOL_MULT × recent per-minute range (this minute's too), within [MIN_BAND, MAX_BAND]. */
export function wickBand(w: WickVol): number {
  const current = w.hi > 0 ? w.hi / w.lo - 1 : 0;
  return Math.min(MAX_BAND, Math.max(MIN_BAND, VOL_MULT * Math.max(w.vol, current)));
}
