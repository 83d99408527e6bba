import autocannon from "autocannon";
import { percentileOfSorted } from "../lib/percentile";

// One autocannon run with exact latencies: autocannon's own histogram has 1 ms resolution, so every response time
// (hrtime, fractional ms) is also collected here and the percentiles are computed from those.

export interface RunOptions {
  url: string;
  connections: number;
  durationSec: number;
  headers?: Record<string, string>;
  /** Path of the n-th request (unique paths make cache misses). */
  path: (n: number) => string;
  /** Extra headers of the n-th request (e.g. X-Forwarded-For: clients spread over many addresses). */
  headersFor?: (n: number) => Record<string, string>;
  /** URLs answering their process's CPU time in µs: the CPU cost per request is reported for each. */
  cpu?: string[];
}

export interface RunResult {
  count: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** CPU µs per request of each process in `cpu`, in order. */
  cpuUs: number[];
}

async function cpuNow(urls: string[]): Promise<number[]> {
  return Promise.all(urls.map(async (u) => Number(await (await fetch(u)).text())));
}

const MAX_SAMPLES = 500_000;

export async function run(opts: RunOptions): Promise<RunResult> {
  const samples = new Float64Array(MAX_SAMPLES);
  let n = 0;
  let issued = 0;
  let non2xx = 0;
  const cpu0 = await cpuNow(opts.cpu ?? []);
  const started = performance.now();
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.durationSec,
    headers: opts.headers,
    requests: [
      {
        setupRequest: (req: { path?: string; headers?: Record<string, string> }) => {
          const n = issued++;
          req.path = opts.path(n);
          if (opts.headersFor) req.headers = { ...opts.headers, ...opts.headersFor(n) };
          return req;
        },
      },
    ],
  });
  instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status < 200 || status > 299) non2xx++;
    else if (n < MAX_SAMPLES) samples[n++] = ms;
  });
  const result = await instance;
  const elapsedSec = (performance.now() - started) / 1000;
  const cpu1 = await cpuNow(opts.cpu ?? []);
  const sorted = samples.subarray(0, n).sort();
  return {
    count: result.requests.total,
    rps: result.requests.total / Math.max(elapsedSec, result.duration),
    p50: percentileOfSorted(sorted, 50),
    p99: percentileOfSorted(sorted, 99),
    non2xx,
    cpuUs: cpu1.map((c, i) => (c - cpu0[i]) / Math.max(1, result.requests.total)),
  };
}
