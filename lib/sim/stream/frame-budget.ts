/** Token bucket for client frames: `burst` at once, refilled at `perSecond`. */
export function createFrameBudget(burst: number, perSecond: number, now: () => number): () => boolean {
  let tokens = burst;
  let at = now();
  return () => {
    const t = now();
    tokens = Math.min(burst, tokens + ((t - at) * perSecond) / 1000);
    at = t;
    if (tokens < 1) return false;
    tokens--;
    return true;
  };
}
