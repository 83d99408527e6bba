import { describe, expect, it } from "vitest";
import { type EndpointDef, endpoints, PULSE_VIEWS, toSearchParams, validateRequest } from "@/lib/api";
import { ohlcvInfiniteOptions, tokenTradesInfiniteOptions } from "./infinite";
import { chartsPageQueries, pulsePageQueries, tokenHistoryQueries, tokenPageQueries, walletPageQueries } from "./pages";

const EVM = `0x${"ab".repeat(20)}`;
const SOL = "So11111111111111111111111111111111111111112";

const lists = {
  token: tokenPageQueries({ chain: "evm:8453", address: EVM }),
  history: tokenHistoryQueries({
    chain: "solana",
    address: SOL,
    pools: [SOL],
    interval: "1m",
    quote: "usd",
    filters: { maker: SOL, washFilter: "organicOnly" },
  }),
  wallet: walletPageQueries({ address: EVM, chain: "evm:1", pnlChain: undefined, period: "7d" }),
  pulse: pulsePageQueries(["solana", "evm:8453"]),
  charts: chartsPageQueries([
    { chain: "evm:8453", address: EVM },
    { chain: "solana", address: SOL },
    { chain: "evm:8453", address: EVM },
  ]),
};

describe("page query lists", () => {
  it.each(Object.entries(lists))("%s: every entry names a registry endpoint with an input it accepts", (_, list) => {
    for (const options of Object.values(list).flat()) {
      const meta = options.meta as {
        endpoint: keyof typeof endpoints;
        query?: Record<string, unknown>;
        body?: unknown;
      };
      const def = endpoints[meta.endpoint] as EndpointDef;
      expect(def, String(meta.endpoint)).toBeDefined();
      const v = validateRequest(def, toSearchParams(meta.query ?? {}), def.method === "POST" ? meta.body : undefined);
      expect(v.ok ? null : v.error.message).toBeNull();
    }
  });

  it("asks for a token charted twice once", () => {
    expect(lists.charts.tokens).toHaveLength(2);
    expect(lists.charts.pools).toHaveLength(2);
  });

  it("gives the chart and the tape the keys their hooks ask for", () => {
    const input = { chain: "solana" as const, address: SOL, pools: [SOL] };
    expect(lists.history.candles.queryKey).toEqual(
      ohlcvInfiniteOptions({ ...input, interval: "1m", quote: "usd" }).queryKey,
    );
    expect(lists.history.tape.queryKey).toEqual(
      tokenTradesInfiniteOptions({ ...input, filters: { maker: SOL, washFilter: "organicOnly" } }).queryKey,
    );
  });

  it("asks the pulse lists once per view", () => {
    expect(lists.pulse.lists.map((o) => (o.meta as { query: { view: string } }).query.view)).toEqual([...PULSE_VIEWS]);
  });
});
