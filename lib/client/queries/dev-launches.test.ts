import { describe, expect, it } from "vitest";
import { sparkTimeframe } from "./dev-launches";

describe("dev dossier reads", () => {
  it("picks the finest sparkline that still covers the launch", () => {
    expect(sparkTimeframe(30 * 60_000)).toBe("1h");
    expect(sparkTimeframe(5 * 3600_000)).toBe("24h");
    expect(sparkTimeframe(3 * 86_400_000)).toBe("7d");
  });
});
