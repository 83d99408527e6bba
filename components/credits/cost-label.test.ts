import { describe, expect, it } from "vitest";
import { endpoints } from "@/lib/api";
import { costLabel } from "./cost-label";

describe("costLabel", () => {
  it("states §8's credit cost of every route it names, literally", () => {
    expect(costLabel(endpoints.search)).toBe("5");
    expect(costLabel(endpoints.ohlcv)).toBe("5");
    expect(costLabel(endpoints.walletPositions)).toBe("2");
    for (const id of ["walletTrades", "tokenTrades", "pulse", "walletPnl", "walletProfile", "walletFunding", "nativePrices"] as const)
      expect(costLabel(endpoints[id]), id).toBe("1");
    expect(costLabel(endpoints.walletProfileBatch)).toBe("1 per item");
    expect(costLabel(endpoints.sparklines)).toBe("1 per pool");
    expect(costLabel(endpoints.chains)).toBe("free");
  });

  it("labels every registered route", () => {
    for (const def of Object.values(endpoints)) expect(costLabel(def)).toMatch(/^(free|\d+( per (item|pool))?)$/);
  });
});
