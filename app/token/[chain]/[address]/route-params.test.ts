import { describe, expect, it } from "vitest";
import { resolveTokenRoute } from "./route-params";

const EVM = "0xAbCdEf0123456789abcdef0123456789ABCDEF01";
const SOL = "So11111111111111111111111111111111111111112";

describe("token route params", () => {
  it("accepts canonical pairs", () => {
    expect(resolveTokenRoute("evm:8453", EVM.toLowerCase())).toEqual({
      kind: "ok",
      chain: "evm:8453",
      address: EVM.toLowerCase(),
    });
    expect(resolveTokenRoute("solana", SOL)).toEqual({ kind: "ok", chain: "solana", address: SOL });
    // Next may hand the segment over still percent-encoded
    expect(resolveTokenRoute("evm%3A8453", EVM.toLowerCase()).kind).toBe("ok");
  });

  it("redirects mixed-case EVM addresses and chain slugs to the canonical URL", () => {
    expect(resolveTokenRoute("evm:8453", EVM)).toEqual({
      kind: "redirect",
      chain: "evm:8453",
      address: EVM.toLowerCase(),
    });
    expect(resolveTokenRoute("base", EVM.toLowerCase())).toEqual({
      kind: "redirect",
      chain: "evm:8453",
      address: EVM.toLowerCase(),
    });
  });

  it("rejects invalid chains, addresses, and addresses of the other family", () => {
    expect(resolveTokenRoute("evm:0", EVM).kind).toBe("invalid");
    expect(resolveTokenRoute("bitcoin", EVM).kind).toBe("invalid");
    expect(resolveTokenRoute("evm:1", "0x123").kind).toBe("invalid");
    expect(resolveTokenRoute("evm:1", SOL).kind).toBe("invalid");
    expect(resolveTokenRoute("solana", EVM).kind).toBe("invalid");
    expect(resolveTokenRoute("solana:solana", SOL).kind).toBe("invalid");
    expect(resolveTokenRoute("evm:1", "%E0%A4%A").kind).toBe("invalid");
  });
});
