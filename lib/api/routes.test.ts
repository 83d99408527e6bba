import { describe, expect, it } from "vitest";
import { endpoints } from "./endpoints";
import { ENDPOINT_ROUTES } from "./routes";
import { TOKEN_UPDATE_LIVE_FIELDS } from "./constants";
import { tokenUpdateSchema } from "./schemas";

describe("ENDPOINT_ROUTES", () => {
  it("names every endpoint of the registry, with its method, path, cache TTL and stale-while-revalidate window", () => {
    expect(Object.keys(ENDPOINT_ROUTES).sort()).toEqual(Object.keys(endpoints).sort());
    for (const def of Object.values(endpoints))
      expect(ENDPOINT_ROUTES[def.id], def.id).toEqual({ method: def.method, path: def.path, ttlMs: def.cache.ttlMs, swrMs: def.cache.swrMs });
  });
});

describe("TOKEN_UPDATE_LIVE_FIELDS", () => {
  it("is every field of a token update but the token's identity", () => {
    const live = Object.keys(tokenUpdateSchema.shape).filter((k) => k !== "chain" && k !== "address");
    expect([...TOKEN_UPDATE_LIVE_FIELDS].sort()).toEqual(live.sort());
  });
});
