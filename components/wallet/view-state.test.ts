import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PNL_PERIODS } from "@/lib/api";
import { parseWalletView, pnlChainOf, resolveWalletRoute, walletViewParams } from "./view-state";

const EVM = "0xabcdef0123456789abcdef0123456789abcdef01";
const SOL = "So11111111111111111111111111111111111111112";

describe("resolveWalletRoute", () => {
  it("accepts canonical addresses", () => {
    expect(resolveWalletRoute(EVM)).toEqual({ kind: "ok", address: EVM, family: "evm" });
    expect(resolveWalletRoute(SOL)).toEqual({ kind: "ok", address: SOL, family: "solana" });
  });
  it("redirects EVM addresses in other cases to lowercase", () => {
    expect(resolveWalletRoute(EVM.toUpperCase().replace("0X", "0x"))).toEqual({ kind: "redirect", address: EVM });
  });
  it.each(["0x123", "not-an-address", "%E0%A4%A", "0OIl1111111111111111111111111111111", `${EVM}00`, "<script>"])(
    "rejects %j",
    (raw) => expect(resolveWalletRoute(raw).kind).toBe("invalid"),
  );
});

describe("parseWalletView", () => {
  it("defaults by address family", () => {
    expect(parseWalletView("solana", {})).toMatchObject({ chain: "solana", chainExplicit: false, period: "30d" });
    expect(parseWalletView("evm", {})).toMatchObject({ chain: "evm:8453", chainExplicit: false });
  });
  it("ignores a chain of the other family", () => {
    expect(parseWalletView("evm", { chain: "solana" }).chain).toBe("evm:8453");
    expect(parseWalletView("solana", { chain: "evm:1" }).chain).toBe("solana");
  });
  it("combines EVM PnL unless a chain is picked", () => {
    expect(pnlChainOf("evm", parseWalletView("evm", {}))).toBeUndefined();
    expect(pnlChainOf("evm", parseWalletView("evm", { chain: "evm:56" }))).toBe("evm:56");
    expect(pnlChainOf("solana", parseWalletView("solana", {}))).toBe("solana");
  });
  it("round-trips through the URL", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("evm:1", "evm:56", "evm:8453", undefined),
        fc.constantFrom(...PNL_PERIODS),
        fc.constantFrom("open", "sold", "all"),
        fc.constantFrom("value", "pnl", "token"),
        fc.constantFrom("asc", "desc"),
        (chain, period, show, sort, dir) => {
          const sp: Record<string, string> = { period, show, sort, dir };
          if (chain) sp.chain = chain;
          const view = parseWalletView("evm", sp);
          expect(parseWalletView("evm", walletViewParams("evm", view))).toEqual(view);
        },
      ),
    );
  });
});
