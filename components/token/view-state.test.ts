import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OHLCV_INTERVALS } from "@/lib/api";
import {
  DEFAULT_VIEW,
  parseViewState,
  TOKEN_LISTS,
  TOKEN_TABS,
  type TokenViewState,
  viewSearchParams,
  washFilterOf,
} from "./view-state";

const EVM = "0xAbCdEf0123456789abcdef0123456789ABCDEF01";
const SOL = "So11111111111111111111111111111111111111112";

describe("token view state", () => {
  it("defaults everything when the URL says nothing", () => {
    expect(parseViewState("evm:8453", new URLSearchParams())).toEqual(DEFAULT_VIEW);
  });

  it("reads valid params and canonicalises addresses", () => {
    const s = parseViewState("evm:8453", { interval: "1M", metric: "mcap", pool: EVM, maker: EVM, tab: "holders", list: "traders" });
    expect(s).toMatchObject({
      list: "traders",
      interval: "1M",
      metric: "mcap",
      pool: EVM.toLowerCase(),
      maker: EVM.toLowerCase(),
      tab: "holders",
    });
  });

  it("ignores Solana-only options on EVM and addresses of the wrong family, keeps USD on every chain", () => {
    const s = parseViewState("evm:1", { wash: "organic", maker: SOL, pool: "nope" });
    expect(s).toEqual(DEFAULT_VIEW);
    expect(parseViewState("evm:1", { quote: "usd" })).toEqual({ ...DEFAULT_VIEW, quote: "usd" });
    expect(parseViewState("solana", { quote: "usd", wash: "wash", maker: SOL })).toMatchObject({
      quote: "usd",
      wash: "wash",
      maker: SOL,
    });
  });

  it("ignores garbage", () => {
    expect(parseViewState("solana", { interval: "2m", tab: "x", wash: "yes", metric: "cap", list: "y" })).toEqual(
      DEFAULT_VIEW,
    );
  });

  it("leaves defaults out of the URL and keeps unrelated params", () => {
    const keep = new URLSearchParams("utm=1&interval=1h");
    expect(viewSearchParams(DEFAULT_VIEW, keep).toString()).toBe("utm=1");
  });

  it("round-trips any view through the URL", () => {
    const view = fc.record<TokenViewState>({
      interval: fc.option(fc.constantFrom(...OHLCV_INTERVALS), { nil: null }),
      quote: fc.constantFrom("native", "usd"),
      metric: fc.constantFrom("price", "mcap"),
      pool: fc.option(fc.constant(SOL), { nil: null }),
      maker: fc.option(fc.constant(SOL), { nil: null }),
      wash: fc.constantFrom("all", "organic", "wash"),
      tab: fc.constantFrom(...TOKEN_TABS),
      list: fc.constantFrom(...TOKEN_LISTS),
    });
    fc.assert(
      fc.property(view, (v) => {
        expect(parseViewState("solana", viewSearchParams(v))).toEqual(v);
      }),
    );
  });

  it("maps the wash view to the §4.3 filter", () => {
    expect(washFilterOf("organic")).toBe("organicOnly");
    expect(washFilterOf("wash")).toBe("washOnly");
    expect(washFilterOf("all")).toBeUndefined();
  });
});
