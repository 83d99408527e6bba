import { describe, expect, it } from "vitest";
import { endpoints, findEndpoint } from "./endpoints";
import { canonicalQuery, validateRequest } from "./validate";

const SOL = "So11111111111111111111111111111111111111112";
const EVM = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01";
const q = (s: string) => new URLSearchParams(s);

describe("validateRequest", () => {
  it("applies defaults and canonicalises values", () => {
    const r = validateRequest(endpoints.search, q("q=pepe"), undefined);
    expect(r.ok && r.input.query).toEqual({ q: "pepe", limit: 12 });
    const t = validateRequest(endpoints.tokenTrades, q(`chain=evm:8453&address=${EVM}&pools=${EVM},${EVM}`), undefined);
    expect(t.ok && t.input.query).toMatchObject({ address: EVM.toLowerCase(), pools: [EVM.toLowerCase()], limit: 100 });
  });

  it.each([
    ["search", "", "missing_parameter", "q"],
    ["search", "q=x&limit=0", "invalid_parameter", "limit"],
    ["search", "q=x&limit=51", "invalid_parameter", "limit"],
    ["search", "q=x&limit=1.5", "invalid_parameter", "limit"],
    ["search", "q=x&foo=1", "unknown_parameter", "foo"],
    ["search", "q=x&q=y", "invalid_parameter", "q"],
    ["search", "q=x&chain=ethereum", "invalid_parameter", "chain"],
    ["pulse", "view=new&chains=solana&limit=101", "invalid_parameter", "limit"],
    ["pulse", "view=old&chains=solana", "invalid_parameter", "view"],
    ["pulse", "view=new&chains=evm:1,evm:10,evm:56,evm:137,evm:8453,evm:42161,evm:43114,evm:81457,solana", "invalid_parameter", "chains"],
    ["walletTrades", `chain=solana&wallet=${SOL}&beforeAt=5`, "invalid_parameter", "beforeAt"],
    ["walletTrades", `chain=evm:1&wallet=${EVM}&limit=101`, "invalid_parameter", "limit"],
    ["walletTrades", `chain=evm:1&wallet=${SOL}`, "invalid_parameter", "wallet"],
    ["ohlcv", `chain=evm:1&address=${EVM}&pools=${EVM}&interval=2m`, "invalid_parameter", "interval"],
    ["ohlcv", `chain=evm:1&address=${EVM}&pools=${EVM}&quote=usd`, "invalid_parameter", "quote"],
    ["ohlcv", `chain=solana&address=${SOL}&pools=${SOL}&limit=501`, "invalid_parameter", "limit"],
    ["tokenTrades", `chain=evm:1&address=${EVM}&pools=${EVM}&washFilter=washOnly`, "invalid_parameter", "washFilter"],
    ["tokenTrades", `chain=evm:1&address=${EVM}`, "missing_parameter", "pools"],
  ] as const)("%s?%s → %s on %s", (id, qs, code, param) => {
    const r = validateRequest(endpoints[id], q(qs), undefined);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(r.error.param).toBe(param);
      expect(r.error.status).toBe(400);
    }
  });

  it("accepts solana:solana only where the spec allows it", () => {
    expect(validateRequest(endpoints.ohlcv, q(`chain=solana:solana&address=${SOL}&pools=${SOL}`), undefined).ok).toBe(true);
    expect(validateRequest(endpoints.tokenTrades, q(`chain=solana:solana&address=${SOL}&pools=${SOL}`), undefined).ok).toBe(false);
  });

  it("validates bodies strictly, with bounds", () => {
    const items = (n: number) => ({ items: Array.from({ length: n }, () => ({ address: EVM })) });
    expect(validateRequest(endpoints.walletProfileBatch, q(""), items(100)).ok).toBe(true);
    const over = validateRequest(endpoints.walletProfileBatch, q(""), items(101));
    expect(!over.ok && over.error.code).toBe("invalid_body");
    const extra = validateRequest(endpoints.sparklines, q(""), { chain: "solana", pools: [SOL], evil: 1 });
    expect(!extra.ok && extra.error.code).toBe("invalid_body");
    const sp = validateRequest(endpoints.sparklines, q(""), { chain: "solana", pools: [SOL] });
    expect(sp.ok && sp.input.body).toEqual({ chain: "solana", pools: [SOL], timeframe: "24h" });
  });

  it("computes credits per call, per item and per pool", () => {
    // §8 "1 per pool": a pool named three times is one pool (and asked for once).
    const r = validateRequest(endpoints.sparklines, q(""), { chain: "solana", pools: [SOL, SOL, SOL] });
    expect(r.ok && endpoints.sparklines.credits(r.input)).toBe(1);
    const evm = `0x${"ab".repeat(20)}`;
    const e = validateRequest(endpoints.sparklines, q(""), { chain: "evm:1", pools: [evm, evm.toUpperCase().replace("0X", "0x"), `0x${"cd".repeat(20)}`] });
    expect(e.ok && e.input.body).toEqual({ chain: "evm:1", pools: [evm, `0x${"cd".repeat(20)}`], timeframe: "24h" });
    const s = validateRequest(endpoints.search, q("q=a"), undefined);
    expect(s.ok && endpoints.search.credits(s.input)).toBe(5);
    expect(endpoints.chains.credits({ query: {}, body: undefined })).toBe(0);
  });

  it("builds the same canonical query for equivalent requests", () => {
    const a = validateRequest(endpoints.search, q("q=pepe&limit=12"), undefined);
    const b = validateRequest(endpoints.search, q("limit=12&q=pepe"), undefined);
    const c = validateRequest(endpoints.search, q("q=pepe"), undefined);
    if (!a.ok || !b.ok || !c.ok) throw new Error("expected valid");
    const ka = canonicalQuery(endpoints.search, a.input.query);
    expect(ka).toBe(canonicalQuery(endpoints.search, b.input.query));
    expect(ka).toBe(canonicalQuery(endpoints.search, c.input.query));
  });

  it("tells unknown paths from wrong methods", () => {
    expect(findEndpoint("GET", "/v1/search").def?.id).toBe("search");
    expect(findEndpoint("POST", "/v1/token").def?.id).toBe("tokenBatch");
    expect(findEndpoint("DELETE", "/v1/search")).toEqual({ def: null, pathKnown: true });
    expect(findEndpoint("GET", "/v1/../admin")).toEqual({ def: null, pathKnown: false });
  });
});
