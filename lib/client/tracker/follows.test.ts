import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addFollow,
  cleanName,
  FOLLOW_MAX,
  FOLLOW_NAME_MAX,
  type FollowedWallet,
  normaliseFollowId,
  removeFollow,
  renameFollow,
  sanitiseFollows,
} from "./follows";

const EVM = "0xAbCdEf0123456789aBcDeF0123456789ABCDEF01";
const SOL = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const hex = fc.stringMatching(/^[0-9a-f]{40}$/).map((h) => `0x${h}`);

describe("followed wallets", () => {
  it("canonicalises ids and refuses a wallet of the wrong family", () => {
    expect(normaliseFollowId("evm:8453", EVM)).toEqual({ chain: "evm:8453", address: EVM.toLowerCase() });
    expect(normaliseFollowId(" solana ", SOL)).toEqual({ chain: "solana", address: SOL });
    expect(normaliseFollowId("solana", EVM)).toBeNull();
    expect(normaliseFollowId("evm:8453", SOL)).toBeNull();
    expect(normaliseFollowId("bitcoin", SOL)).toBeNull();
  });

  it("adds newest first; following again only renames", () => {
    let r = addFollow([], { chain: "evm:8453", address: EVM, name: "whale" }, 1);
    expect(r.ok).toBe(true);
    r = addFollow(r.ok ? r.items : [], { chain: "solana", address: SOL }, 2);
    const items = r.ok ? r.items : [];
    expect(items.map((w) => w.chain)).toEqual(["solana", "evm:8453"]);
    const again = addFollow(
      items,
      { chain: "evm:8453", address: EVM.toUpperCase().replace("0X", "0x"), name: "w2" },
      3,
    );
    expect(again.ok && again.items).toEqual([items[0], { ...items[1], name: "w2" }]);
    expect(addFollow(items, { chain: "evm:8453", address: "0x12" }, 4)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses the 101st wallet instead of dropping one", () => {
    let items: FollowedWallet[] = [];
    for (let n = 0; n < FOLLOW_MAX; n++) {
      const r = addFollow(items, { chain: "evm:1", address: `0x${n.toString(16).padStart(40, "0")}` }, n);
      if (r.ok) items = r.items;
    }
    expect(items).toHaveLength(FOLLOW_MAX);
    expect(addFollow(items, { chain: "solana", address: SOL }, 999)).toEqual({ ok: false, reason: "full" });
    // …but renaming one already followed still works at the bound
    expect(addFollow(items, { chain: "evm:1", address: items[5]?.address ?? "", name: "x" }, 999).ok).toBe(true);
  });

  it("renames and clears names; names are cut and stripped of control characters", () => {
    const r = addFollow([], { chain: "solana", address: SOL, name: "a" }, 1);
    const items = r.ok ? r.items : [];
    expect(renameFollow(items, "solana", SOL, "  b\u0007  ")[0]?.name).toBe("b");
    expect(renameFollow(items, "solana", SOL, "  ")[0]).not.toHaveProperty("name");
    expect(cleanName("x".repeat(200))?.length).toBe(FOLLOW_NAME_MAX);
    expect(removeFollow(items, "solana", SOL)).toEqual([]);
    expect(removeFollow(items, "evm:1", EVM)).toBe(items);
  });

  it("never exceeds the bound and holds each wallet once (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("evm:1", "evm:8453"), hex, fc.boolean()), { maxLength: 400 }),
        (ops) => {
          let items: FollowedWallet[] = [];
          ops.forEach(([c, a, add], n) => {
            if (add) {
              const r = addFollow(items, { chain: c, address: a }, n);
              if (r.ok) items = r.items;
            } else items = removeFollow(items, c, a);
          });
          expect(items.length).toBeLessThanOrEqual(FOLLOW_MAX);
          expect(new Set(items.map((i) => `${i.chain}|${i.address}`)).size).toBe(items.length);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("rebuilds a valid list from anything stored (property)", () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const items = sanitiseFollows(raw);
        expect(items.length).toBeLessThanOrEqual(FOLLOW_MAX);
        for (const i of items)
          expect(normaliseFollowId(i.chain, i.address)).toEqual({ chain: i.chain, address: i.address });
      }),
    );
    const items = sanitiseFollows([
      { chain: "evm:1", address: EVM, name: "n".repeat(99), addedAt: "x" },
      { chain: "evm:1", address: EVM.toLowerCase() },
      { chain: "solana", address: "<img>" },
      null,
      7,
    ]);
    expect(items).toEqual([
      { chain: "evm:1", address: EVM.toLowerCase(), name: "n".repeat(FOLLOW_NAME_MAX), addedAt: 0 },
    ]);
  });
});
