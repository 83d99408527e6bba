import { describe, expect, it } from "vitest";
import { walletProfileFixture } from "@/lib/api/testing/wallet-profile";
import { chunk, createNameCache, profileName } from "./maker-names";

const profile = walletProfileFixture;

describe("maker names", () => {
  it("prefers the display name, then ENS, basename, sol name", () => {
    expect(profileName(profile({ displayName: "Ann", ensName: "ann.eth" }))).toBe("Ann");
    expect(profileName(profile({ basename: "ann.base.eth" }))).toBe("ann.base.eth");
    expect(profileName(profile())).toBeNull();
    expect(profileName(null)).toBeNull();
  });

  it("asks only for unknown addresses, skips ones in flight, re-asks no-identity ones after the TTL", () => {
    const c = createNameCache(10, 1000);
    expect(c.missing(["a", "b", "a"], 0)).toEqual(["a", "b"]);
    c.markInFlight(["a"]);
    expect(c.missing(["a", "b"], 0)).toEqual(["b"]);
    c.set("a", profile({ displayName: "A", isProTrader: true }), 0);
    c.set("b", null, 0);
    c.clearInFlight(["a"]);
    expect(c.get("a")).toEqual({ name: "A", isPro: true });
    expect(c.get("b")).toBeNull();
    expect(c.get("c")).toBeUndefined();
    expect(c.missing(["a", "b"], 500)).toEqual([]);
    expect(c.missing(["a", "b"], 1500)).toEqual(["b"]);
  });

  it("holds at most its bound, forgetting the oldest", () => {
    const c = createNameCache(50);
    for (let i = 0; i < 500; i++) c.set(`w${i}`, null, i);
    expect(c.size).toBe(50);
    expect(c.get("w0")).toBeUndefined();
    expect(c.get("w499")).toBeNull();
  });

  it("chunks batches at the §4.6 bound", () => {
    expect(
      chunk(
        Array.from({ length: 250 }, (_, i) => i),
        100,
      ).map((c) => c.length),
    ).toEqual([100, 100, 50]);
  });
});
