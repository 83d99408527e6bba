import { dehydrate, HydrationBoundary, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { pulseStreamOptions, tokenTradesInfiniteOptions } from "../queries";
import { makeQueryClient } from "../query-client";
import { useLiveTrades, usePulseStream, useStreamStatus } from "./hooks";
import { StreamProvider } from "./provider";
import { pulseToken, trade } from "./testing/fixtures";

const TOKEN = "0x00000000000000000000000000000000000000aa";
const POOL = "0x00000000000000000000000000000000000000bb";

function Page() {
  const pulse = usePulseStream({ view: "new", chains: ["solana"] });
  const tape = useLiveTrades({ chain: "evm:8453", address: TOKEN, pools: [POOL] });
  const status = useStreamStatus();
  return (
    <p>
      {pulse.tokens.map((t) => t.symbol).join(",")}|{tape.rows.map((r) => r.txHash).join(",")}|{status.status}
    </p>
  );
}

describe("server render", () => {
  it("renders hydrated REST data with the same options, without a socket or a fetch", async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    const server = makeQueryClient();
    server.setQueryData(pulseStreamOptions({ view: "new", chains: ["solana"] }).queryKey, {
      data: [
        pulseToken({ address: "0x01", symbol: "AAA" }),
        pulseToken({ address: "0x02", symbol: "BBB", createdAt: 1 }),
      ],
      meta: { asOf: 1, view: "new" },
    });
    const tape = tokenTradesInfiniteOptions({ chain: "evm:8453", address: TOKEN, pools: [POOL] });
    server.setQueryData(tape.queryKey, {
      pages: [
        {
          data: [trade({ txHash: "0xfeed", block: 1, logIndex: 0, at: 5 })],
          meta: { asOf: 6, hasMore: false, nextCursor: null },
        },
      ],
      pageParams: [undefined],
    });
    const browser = makeQueryClient();
    const html = renderToString(
      <QueryClientProvider client={browser}>
        <StreamProvider>
          <HydrationBoundary state={dehydrate(server)}>
            <Page />
          </HydrationBoundary>
        </StreamProvider>
      </QueryClientProvider>,
    );
    expect(html.replaceAll("<!-- -->", "")).toContain("AAA,BBB|0xfeed|connecting");
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
