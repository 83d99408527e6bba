// The one token bucket (rate limits of the REST proxy per client, of the gateway and the embedded market per
// connection, the pace of the gateway's polling credits): `burst` at once, refilled at `ratePerSec`. Pure apart from
// the injected time source.

export interface TokenBucket {
  take(n?: number): boolean;
  /**
   * Takes `n` whether or not they are there: what was spent beyond the level is owed (it goes below zero and later
   * takes wait for it to refill). A negative `n` gives back, up to the burst.
   */
  charge(n: number): void;
  available(): number;
  /** Milliseconds until `n` tokens are there (0 when they already are). */
  waitMs(n?: number): number;
  /** From now on refills at `ratePerSec` up to `burst` (what is there is kept, within the new burst). */
  setRate(ratePerSec: number, burst: number): void;
}

function checkSettings(ratePerSec: number, burst: number): void {
  if (!(ratePerSec > 0) || !(burst >= 1)) throw new RangeError("token bucket needs ratePerSec > 0 and burst >= 1");
}

export function createTokenBucket(opts: { ratePerSec: number; burst: number; now: () => number }): TokenBucket {
  checkSettings(opts.ratePerSec, opts.burst);
  let { ratePerSec, burst } = opts;
  let tokens = burst;
  let last = opts.now();
  const refill = () => {
    const t = opts.now();
    // A clock that steps backwards must not mint tokens.
    if (t > last) tokens = Math.min(burst, tokens + ((t - last) * ratePerSec) / 1000);
    last = Math.max(last, t);
  };
  return {
    take(n = 1) {
      refill();
      if (tokens < n) return false;
      tokens -= n;
      return true;
    },
    charge(n) {
      refill();
      tokens = Math.min(burst, tokens - n);
    },
    available() {
      refill();
      return tokens;
    },
    waitMs(n = 1) {
      refill();
      return tokens >= n ? 0 : ((n - tokens) * 1000) / ratePerSec;
    },
    setRate(nextRate, nextBurst) {
      checkSettings(nextRate, nextBurst);
      refill();
      ratePerSec = nextRate;
      burst = nextBurst;
      tokens = Math.min(burst, tokens);
    },
  };
}
