import { hashKey, partialMatchKey } from "@tanstack/react-query";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ohlcvInfiniteOptions, tokenOptions, tokenTradesInfiniteOptions } from "./queries";
import { apiKeys, normalizeInput, stableJson } from "./query-keys";

const A = "0x00000000000000000000000000000000000000aA";
const P1 = "0x00000000000000000000000000000000000000b1";
const P2 = "0x00000000000000000000000000000000000000B2";

describe("query keys", () => {
  it("one key whatever the property order, address case or pool order", () => {
    const a = tokenTradesInfiniteOptions({ chain: "evm:8453", address: A, pools: [P1, P2] }).queryKey;
    const b = tokenTradesInfiniteOptions({
      pools: [P2.toLowerCase(), P1],
      address: A.toLowerCase(),
      chain: "evm:8453",
    }).queryKey;
    expect(hashKey(a)).toBe(hashKey(b));
    expect(tokenOptions({ chain: "evm:8453", address: A }).queryKey).toEqual(
      apiKeys.token("evm:8453", A.toLowerCase()),
    );
  });

  it("scope keys match every query of a token, and nothing else", () => {
    const scope = apiKeys.scope("tokenTrades", { chain: "evm:8453", address: A });
    expect(
      partialMatchKey(
        tokenTradesInfiniteOptions({ chain: "evm:8453", address: A, pools: [P1], filters: { type: "buy" } }).queryKey,
        scope,
      ),
    ).toBe(true);
    expect(
      partialMatchKey(tokenTradesInfiniteOptions({ chain: "evm:1", address: A, pools: [P1] }).queryKey, scope),
    ).toBe(false);
    expect(partialMatchKey(ohlcvInfiniteOptions({ chain: "evm:8453", address: A, pools: [P1] }).queryKey, scope)).toBe(
      false,
    );
  });

  it("keys are JSON-safe and stable", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string({ maxLength: 5 }),
          fc.oneof(fc.integer(), fc.string(), fc.constant(undefined), fc.array(fc.integer())),
        ),
        (obj) => {
          const n = normalizeInput(obj);
          expect(JSON.parse(JSON.stringify(n))).toEqual(n);
          const reversed = Object.fromEntries(Object.entries(obj).reverse());
          expect(stableJson(reversed)).toBe(stableJson(obj));
        },
      ),
    );
  });

  it("the request sends exactly the normalised input of the key", () => {
    const o = tokenTradesInfiniteOptions({ chain: "evm:8453", address: A, pools: [P2, P1], limit: 50 });
    expect(o.meta).toMatchObject({
      endpoint: "tokenTrades",
      query: { address: A.toLowerCase(), pools: [P1, P2.toLowerCase()], limit: 50 },
    });
  });
});
