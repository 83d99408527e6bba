import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NO_FILTERS } from "@/lib/client/tracker";
import { feedFilterParams, isFiltered, parseFeedFilters } from "./feed-filters";

describe("tracker feed filters in the URL", () => {
  it("reads what it writes (property)", () => {
    fc.assert(
      fc.property(
        fc.record({
          buysOnly: fc.boolean(),
          minUsd: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1e6 })),
          chain: fc.constantFrom(null, "solana", "evm:8453", "evm:1"),
          token: fc.constantFrom("", "WIF", "0x00000000000000000000000000000000000000cc"),
        }),
        (f) => {
          expect(parseFeedFilters(feedFilterParams(f as typeof NO_FILTERS))).toEqual(f);
        },
      ),
    );
  });

  it("ignores what it does not understand", () => {
    expect(parseFeedFilters(new URLSearchParams("buys=yes&min=-5&chain=mars&token="))).toEqual(NO_FILTERS);
    expect(parseFeedFilters({ min: "abc", chain: ["solana", "evm:1"] })).toEqual({ ...NO_FILTERS, chain: "solana" });
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, minUsd: 5 })).toBe(true);
  });
});
