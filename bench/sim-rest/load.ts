import autocannon from "autocannon";
import { percentileOfSorted } from "../lib/percentile";

// A fixed-rate load (autocannon `overallRate`) with exact per-response latencies (autocannon's own histogram
// has 1 ms resolution).

export interface LoadResult {
  count: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
}

export async function fixedRate(
  url: string,
  rate: number,
  durationSec: number,
  headers: Record<string, string> = {},
  /** Path of the n-th request (unique paths make cache misses); default: the URL's own. */
  pathFor?: (n: number) => string,
): Promise<LoadResult> {
  const samples: number[] = [];
  let non2xx = 0;
  const started = performance.now();
  // `overallRate` (fixed request rate) is not in the project's typed slice of autocannon's options.
  let issued = 0;
  const requests = pathFor
    ? [
        {
          setupRequest: (req: { path?: string }) => {
            req.path = pathFor(issued++);
            return req;
          },
        },
      ]
    : undefined;
  const opts = { url, connections: 20, duration: durationSec, overallRate: rate, headers, requests };
  const instance = autocannon(opts);
  instance.on("response", (_c: unknown, status: number, _b: number, ms: number) => {
    if (status < 200 || status > 299) non2xx++;
    else samples.push(ms);
  });
  const result = await instance;
  samples.sort((a, b) => a - b);
  const pct = (p: number) => percentileOfSorted(samples, p);
  return {
    count: result.requests.total,
    rps: result.requests.total / ((performance.now() - started) / 1000),
    p50: pct(50),
    p99: pct(99),
    max: samples[samples.length - 1] ?? Number.NaN,
    non2xx,
  };
}
