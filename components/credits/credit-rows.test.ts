import { describe, expect, it } from "vitest";
import { ENDPOINT_LIST, endpoints } from "@/lib/api";
import { creditRoutes, creditRows, savedPct } from "./credit-rows";

describe("creditRows", () => {
  it("lists every route once, busiest first, unknown ids ignored", () => {
    const rows = creditRows(creditRoutes(ENDPOINT_LIST), {
      search: { spent: 50, savedByCache: 10, savedByCoalescing: 0 },
      ohlcv: { spent: 5, savedByCache: 100, savedByCoalescing: 5 },
      notARoute: { spent: 999, savedByCache: 0, savedByCoalescing: 0 },
    });
    expect(rows).toHaveLength(Object.keys(endpoints).length);
    expect(rows.map((r) => r.id).slice(0, 2)).toEqual(["ohlcv", "search"]);
    expect(rows.find((r) => r.id === "search")).toMatchObject({ method: "GET", path: "/v1/search", cost: "5" });
    expect(rows.find((r) => r.id === "chains")).toMatchObject({ spent: 0, cost: "free" });
  });

  it("keeps a given order whatever the figures, routes outside it last (busiest first)", () => {
    const routes = creditRoutes(ENDPOINT_LIST);
    const opened = creditRows(routes, { search: { spent: 50, savedByCache: 0, savedByCoalescing: 0 } }).map(
      (r) => r.id,
    );
    const later = creditRows(
      routes,
      {
        search: { spent: 55, savedByCache: 0, savedByCoalescing: 0 },
        ohlcv: { spent: 500, savedByCache: 0, savedByCoalescing: 0 },
      },
      opened,
    );
    expect(later.map((r) => r.id)).toEqual(opened);
    expect(later.find((r) => r.id === "ohlcv")?.spent).toBe(500);
    const partial = creditRows(routes, { ohlcv: { spent: 5, savedByCache: 0, savedByCoalescing: 0 } }, [
      "chains",
      "search",
    ]).map((r) => r.id);
    expect(partial.slice(0, 3)).toEqual(["chains", "search", "ohlcv"]);
    expect(partial).toHaveLength(routes.length);
  });

  it("saved share is of everything asked, null when nothing was", () => {
    expect(savedPct({ spent: 25, savedByCache: 50, savedByCoalescing: 25 })).toBe(75);
    expect(savedPct({ spent: 0, savedByCache: 0, savedByCoalescing: 0 })).toBeNull();
  });
});
