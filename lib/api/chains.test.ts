import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalAddress, canonicalAddressFor, detectAddressKind } from "./address";
import { parseChainId } from "./chains";

describe("parseChainId", () => {
  it("accepts the spec's forms", () => {
    expect(parseChainId("solana")).toBe("solana");
    expect(parseChainId("evm:645749")).toBe("evm:645749");
    expect(parseChainId("solana:solana")).toBeNull();
    expect(parseChainId("solana:solana", { allowSolanaAlias: true })).toBe("solana");
  });
  it.each(["evm:", "evm:01", "evm:-1", "evm:1.5", "EVM:1", "evm:1 ", "eth", "", "evm:99999999999999999"])("rejects %j", (s) => {
    expect(parseChainId(s)).toBeNull();
  });
  it("round-trips every positive safe id", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** 40 }), (n) => parseChainId(`evm:${n}`) === `evm:${n}`));
  });
});

describe("addresses", () => {
  it("lowercases EVM input and keeps Solana as is", () => {
    expect(canonicalAddress("0xABCDEF0123456789ABCDEF0123456789ABCDEF01")).toBe("0xabcdef0123456789abcdef0123456789abcdef01");
    expect(canonicalAddress("So11111111111111111111111111111111111111112")).toBe("So11111111111111111111111111111111111111112");
  });
  it("rejects base58's excluded characters and wrong lengths", () => {
    expect(detectAddressKind("0OIl1111111111111111111111111111111")).toBeNull();
    expect(detectAddressKind("1111111111111111111111111111111")).toBeNull(); // 31 chars
    expect(detectAddressKind("0x123")).toBeNull();
  });
  it("checks the chain's family", () => {
    expect(canonicalAddressFor("solana", "0xabcdef0123456789abcdef0123456789abcdef01")).toBeNull();
    expect(canonicalAddressFor("evm:1", "So11111111111111111111111111111111111111112")).toBeNull();
  });
});
