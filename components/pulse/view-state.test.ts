import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChainId, PulseView } from "@/lib/api";
import { EMPTY_FILTER } from "./filter-params";
import {
  DEFAULT_CHAINS,
  DEFAULT_LIMIT,
  defaultPulseView,
  MAX_CHAINS,
  type PulseViewState,
  parseChains,
  parsePulseView,
  pulseSearchParams,
  withColumn,
} from "./view-state";

describe("chains", () => {
  it("defaults when missing or all invalid", () => {
    expect(parseChains(undefined)).toEqual(DEFAULT_CHAINS);
    expect(parseChains("nope,evm:abc,")).toEqual(DEFAULT_CHAINS);
  });
  it("keeps valid ids in order, deduplicated, at most 8", () => {
    expect(parseChains("evm:8453,solana,evm:8453,bogus")).toEqual(["evm:8453", "solana"]);
    const many = Array.from({ length: 12 }, (_, i) => `evm:${i + 1}`).join(",");
    expect(parseChains(many)).toHaveLength(MAX_CHAINS);
  });
});

describe("board view state", () => {
  it("an empty URL is the default board and writes back empty", () => {
    const v = defaultPulseView();
    expect(v.chains).toEqual(DEFAULT_CHAINS);
    expect(v.tab).toBe("new");
    expect(v.columns.bonding).toEqual({ limit: DEFAULT_LIMIT, filter: EMPTY_FILTER });
    expect(pulseSearchParams(v).toString()).toBe("");
  });

  it("reads per-column filters and limits from prefixed params", () => {
    const v = parsePulseView(
      new URLSearchParams("chains=solana&new.minMcap=5000&bonding.minProgress=50&graduated.limit=100&tab=graduated"),
    );
    expect(v.chains).toEqual(["solana"]);
    expect(v.columns.new.filter.minMcap).toBe(5000);
    expect(v.columns.bonding.filter.minProgress).toBe(50);
    expect(v.columns.graduated.limit).toBe(100);
    expect(v.columns.new.limit).toBe(DEFAULT_LIMIT);
    expect(v.tab).toBe("graduated");
  });

  it("falls back on bad limits and tabs", () => {
    const v = parsePulseView({ "new.limit": "0", "bonding.limit": "101", "graduated.limit": "abc", tab: "x" });
    expect([v.columns.new.limit, v.columns.bonding.limit, v.columns.graduated.limit]).toEqual([50, 50, 50]);
    expect(v.tab).toBe("new");
  });

  it("keeps unrelated params and replaces its own", () => {
    const base = new URLSearchParams("ref=abc&new.minMcap=1&chains=solana");
    const v = withColumn(parsePulseView(base), "new", { filter: { ...EMPTY_FILTER, maxLiq: 9000 } });
    const out = pulseSearchParams(v, base);
    expect(out.get("ref")).toBe("abc");
    expect(out.get("new.minMcap")).toBeNull();
    expect(out.get("new.maxLiq")).toBe("9000");
    expect(out.get("chains")).toBe("solana");
  });

  it("round-trips through the URL", () => {
    const chainArb = fc.constantFrom(
      "solana",
      "evm:1",
      "evm:56",
      "evm:8453",
      "evm:42161",
      "evm:10",
      "evm:137",
      "evm:999",
      "evm:645749",
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(chainArb, { minLength: 1, maxLength: 8 }),
        fc.constantFrom("new", "bonding", "graduated"),
        fc.integer({ min: 1, max: 100 }),
        fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
        (chains, tab, limit, minProgress) => {
          let v: PulseViewState = { ...defaultPulseView(), chains: chains as ChainId[], tab: tab as PulseView };
          v = withColumn(v, "bonding", { limit, filter: { ...EMPTY_FILTER, minProgress } });
          const back = parsePulseView(new URLSearchParams(pulseSearchParams(v).toString()));
          expect(back).toEqual(v);
        },
      ),
    );
  });
});
