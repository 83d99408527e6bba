import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Envelope } from "@/lib/api";
import { tokenOptions, tokenPriceOptions } from "./token";

const A = "0x00000000000000000000000000000000000000aa";
const detail = (priceUsd: number, updatedAt: number, name = "Tok") =>
  ({
    data: { chain: "evm:8453", address: A, priceUsd, updatedAt, name, launchpad: null },
    meta: { asOf: updatedAt },
  }) as unknown as Envelope<"token">;

afterEach(() => vi.unstubAllGlobals());

describe("token query options", () => {
  it("a refetch answering older data than the stream wrote keeps the live fields, takes the rest", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify(detail(1, 3, "Renamed"))));
    const qc = new QueryClient();
    const o = tokenOptions({ chain: "evm:8453", address: A });
    qc.setQueryData(o.queryKey, detail(2, 5));
    await qc.fetchQuery({ ...o, staleTime: 0 });
    expect(qc.getQueryData(o.queryKey)?.data).toMatchObject({ priceUsd: 2, updatedAt: 5, name: "Renamed" });
  });

  it("newer REST data replaces live data", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify(detail(7, 9))));
    const qc = new QueryClient();
    const o = tokenOptions({ chain: "evm:8453", address: A });
    qc.setQueryData(o.queryKey, detail(2, 5));
    await qc.fetchQuery({ ...o, staleTime: 0 });
    expect(qc.getQueryData(o.queryKey)?.data.priceUsd).toBe(7);
  });

  it("lean price too", async () => {
    const price = (priceUsd: number, updatedAt: number) => ({
      data: {
        chain: "evm:8453",
        address: A,
        priceUsd,
        priceNative: 1,
        marketCapUsd: 1,
        liquidityUsd: 1,
        priceChange24hPct: 0,
        updatedAt,
      },
      meta: { asOf: 1 },
    });
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify(price(1, 3))));
    const qc = new QueryClient();
    const o = tokenPriceOptions({ chain: "evm:8453", address: A });
    qc.setQueryData(o.queryKey, price(2, 5) as Envelope<"tokenPrice">);
    await qc.fetchQuery({ ...o, staleTime: 0 });
    expect(qc.getQueryData(o.queryKey)?.data.priceUsd).toBe(2);
  });
});
