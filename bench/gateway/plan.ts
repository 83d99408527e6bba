// Shared by the benchmark's processes: tokens, subscriptions and how clients spread over them.

export type UpstreamKind = "sim" | "fake";
export const BENCH_CHAIN = "evm:8453";
export const benchToken = (i: number) => `0x${(i + 1).toString(16).padStart(40, "0")}`;

export interface BenchSub {
  channel: "trades" | "ohlcv";
  params: Record<string, unknown>;
  /** The id a client built from the same code would pick. */
  sharedId: string;
}

/** Two subscriptions per token (its tape and its 1m candles). */
export function benchSubs(tokens: number): BenchSub[] {
  const out: BenchSub[] = [];
  for (let t = 0; t < tokens; t++) {
    const address = benchToken(t);
    out.push({ channel: "trades", params: { chain: BENCH_CHAIN, address }, sharedId: `trades:${t}` });
    out.push({ channel: "ohlcv", params: { chain: BENCH_CHAIN, address, interval: "1m" }, sharedId: `ohlcv:${t}` });
  }
  return out;
}

/** Client `i` takes `per` consecutive subscriptions, so every subscription gets the same number of clients. */
export function clientSubs(i: number, per: number, all: BenchSub[]): BenchSub[] {
  return Array.from({ length: per }, (_, j) => all[(i * per + j) % all.length] as BenchSub);
}
