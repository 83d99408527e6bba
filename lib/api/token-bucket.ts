// The one token bucket (rate limits of the REST proxy per client, of the gateway and the embedded market per
// connection): `burst` at once, refilled at `ratePerSec`. Pure apart from the injected time source.

export interface TokenBucket {
  take(n?: number): boolean;
  available(): number;
  /** Milliseconds until `n` tokens are there (0 when they already are). */
  waitMs(n?: number): number;
}

export function createTokenBucket(opts: { ratePerSec: number; burst: number; now: () => number }): TokenBucket {
  if (!(opts.ratePerSec > 0) || !(opts.burst >= 1)) throw new RangeError("token bucket needs ratePerSec > 0 and burst >= 1");
  let tokens = opts.burst;
  let last = opts.now();
  const refill = () => {
    const t = opts.now();
    // A clock that steps backwards must not mint tokens.
    if (t > last) tokens = Math.min(opts.burst, tokens + ((t - last) * opts.ratePerSec) / 1000);
    last = Math.max(last, t);
  };
  return {
    take(n = 1) {
      refill();
      if (tokens < n) return false;
      tokens -= n;
      return true;
    },
    available() {
      refill();
      return tokens;
    },
    waitMs(n = 1) {
      refill();
      return tokens >= n ? 0 : ((n - tokens) * 1000) / opts.ratePerSec;
    },
  };
}
