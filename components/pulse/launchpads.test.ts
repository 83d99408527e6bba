import { describe, expect, it } from "vitest";
import type { Factory } from "@/lib/api";
import { pulseToken } from "@/lib/client/stream/testing/fixtures";
import { launchpadIndex, launchpadOf } from "./launchpads";

const factory = (chain: string, address: string, name: string): Factory => ({
  chain,
  address,
  name,
  slug: name.toLowerCase(),
  poolType: "bonding-curve",
  bondingThresholdNative: 85,
  migratesTo: "Dex",
});

const F = [
  factory("evm:8453", "0xAbCdEf0000000000000000000000000000000001", "Clanka"),
  factory("solana", "PumpF1111111111111111111111111111111111111", "Pumpfire"),
  factory("evm:56", "0x0000000000000000000000000000000000000056", "FourMemes"),
];

describe("launchpads", () => {
  it("finds a token's launchpad by its pool factory (EVM case-insensitive)", () => {
    const idx = launchpadIndex(F, ["evm:8453"]);
    const t = pulseToken({ address: "t", chain: "evm:8453" });
    t.pool = { ...t.pool, factory: "0xabcdef0000000000000000000000000000000001" };
    expect(launchpadOf(idx, t)?.name).toBe("Clanka");
  });

  it("says unknown for a DEX factory or another chain's factory", () => {
    const idx = launchpadIndex(F, ["evm:8453"]);
    const t = pulseToken({ address: "t", chain: "evm:56" });
    t.pool = { ...t.pool, factory: "0xabcdef0000000000000000000000000000000001" };
    expect(launchpadOf(idx, t)).toBeNull();
    expect(launchpadOf(launchpadIndex(undefined, []), t)).toBeNull();
  });

  it("offers the selected chains' launchpads by name", () => {
    expect(launchpadIndex(F, ["solana", "evm:56"]).choices.map((f) => f.name)).toEqual(["FourMemes", "Pumpfire"]);
  });
});
