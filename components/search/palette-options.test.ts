import { describe, expect, it } from "vitest";
import type { SearchResult } from "@/lib/api";
import { buildOptions } from "./palette-options";

const A = "0x1111111111111111111111111111111111111111";
const B = "0x2222222222222222222222222222222222222222";

function result(address: string, chain = "evm:8453"): SearchResult {
  return {
    chain,
    address,
    name: "N",
    symbol: "S",
    nameRank: 1,
    priceUsd: 1,
    liquidityUsd: 1,
    marketCapUsd: 1,
    volume24hUsd: null,
    priceChange1hPct: null,
    priceChange24hPct: null,
    pool: { address: "0x9999999999999999999999999999999999999999", type: "v2", factory: null },
    iconUrl: null,
    createdAt: 0,
  };
}

const base = { recents: [], results: [], pending: false };

describe("buildOptions", () => {
  it("lists recents when nothing is typed", () => {
    const opts = buildOptions({ ...base, typed: " ", settled: "", recents: [{ kind: "query", q: "pepe", at: 1 }] });
    expect(opts).toMatchObject([{ kind: "recent" }]);
  });

  it("shows only the answer to the text as typed (never an older query's rows)", () => {
    expect(buildOptions({ ...base, typed: "pep", settled: "pe", results: [result(A)] })).toEqual([]);
    expect(buildOptions({ ...base, typed: "pep", settled: "pep", results: [result(A)], pending: true })).toEqual([]);
    expect(buildOptions({ ...base, typed: "pep", settled: "pep", results: [result(A)] })).toMatchObject([
      { kind: "token", exact: false },
    ]);
  });

  it("offers to resolve an address before its answer arrives", () => {
    expect(buildOptions({ ...base, typed: A, settled: "", pending: true })).toEqual([
      { id: `a:${A}`, kind: "address", address: A },
    ]);
  });

  it("puts the exact token first once answered", () => {
    const opts = buildOptions({
      ...base,
      typed: A.toUpperCase().replace("0X", "0x"),
      settled: A.toUpperCase().replace("0X", "0x"),
      results: [result(B), result(A)],
    });
    expect(opts.map((o) => o.kind)).toEqual(["token", "token"]);
    expect(opts[0]).toMatchObject({ exact: true, result: { address: A } });
    expect(new Set(opts.map((o) => o.id)).size).toBe(opts.length);
  });

  it("offers the wallet when no token matches the address", () => {
    const opts = buildOptions({ ...base, typed: A, settled: A, results: [result(B)], chain: "evm:1" });
    expect(opts[0]).toEqual({ id: `w:${A}`, kind: "wallet", address: A, chain: "evm:1" });
    expect(opts).toHaveLength(2);
  });
});
