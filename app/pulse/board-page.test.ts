import { dehydrate, hydrate, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { parsePulseView } from "@/components/pulse/view-state";
import type { Envelope } from "@/lib/api";
import { pulseStreamOptions } from "@/lib/client/queries";
import { makeQueryClient } from "@/lib/client/query-client";
import { pulseToken } from "@/lib/client/stream/testing/fixtures";
import { firstPaintLists } from "./board-page";

const NOW = 1_700_000_000_000;
const envelope = (n: number): Envelope<"pulse"> =>
  ({
    data: Array.from({ length: n }, (_, i) =>
      pulseToken({ address: `0x${i.toString(16).padStart(40, "0")}`, marketCapUsd: 1_000 + i }),
    ),
    meta: { asOf: NOW - 500 },
  }) as unknown as Envelope<"pulse">;

describe("the board's dehydrated lists", () => {
  const setup = (search: Record<string, string>, sizes: { new: number; bonding: number; graduated: number }) => {
    const view = parsePulseView(search);
    const server = makeQueryClient({ server: true });
    for (const v of ["new", "bonding", "graduated"] as const)
      server.setQueryData(pulseStreamOptions({ view: v, chains: view.chains }).queryKey, envelope(sizes[v]), {
        updatedAt: NOW - 400,
      });
    const counts = firstPaintLists(server, view, NOW);
    const browser = new QueryClient();
    hydrate(browser, JSON.parse(JSON.stringify(dehydrate(server))));
    const state = (v: "new" | "bonding" | "graduated") =>
      browser.getQueryState<Envelope<"pulse">>(pulseStreamOptions({ view: v, chains: view.chains }).queryKey);
    return { counts, state };
  };

  it("carry a screenful per column, invalidated so the browser fetches the whole list, with the whole list's counts", () => {
    const { counts, state } = setup(
      { "bonding.limit": "20", "graduated.minMcap": "1090" },
      {
        new: 100,
        bonding: 100,
        graduated: 100,
      },
    );
    expect(state("new")?.data?.data).toHaveLength(12); // limit 50: virtual list, the 12 rows of the first screenful
    expect(state("bonding")?.data?.data).toHaveLength(20); // limit 20: every card is drawn
    expect(state("graduated")?.data?.data.map((t) => t.marketCapUsd)).toEqual(
      Array.from({ length: 10 }, (_, i) => 1_090 + i), // only cards that pass the column's filter
    );
    for (const v of ["new", "bonding", "graduated"] as const) {
      expect(state(v)?.isInvalidated).toBe(true);
      expect(state(v)?.dataUpdatedAt).toBe(NOW - 400);
      expect(state(v)?.data?.meta.asOf).toBe(NOW - 500);
    }
    expect(counts).toEqual({
      new: { count: 50, tracked: 100 },
      bonding: { count: 20, tracked: 100 },
      graduated: { count: 10, tracked: 100 },
    });
  });

  it("leave a list that is already a screenful as it is (not invalidated)", () => {
    const { state } = setup({}, { new: 5, bonding: 0, graduated: 12 });
    expect(state("new")?.data?.data).toHaveLength(5);
    expect(state("new")?.isInvalidated).toBe(false);
    expect(state("graduated")?.isInvalidated).toBe(false);
  });
});
