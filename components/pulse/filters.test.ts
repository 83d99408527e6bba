import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PulseToken } from "@/lib/api";
import { pulseToken } from "@/lib/client/stream/testing/fixtures";
import { EMPTY_FILTER } from "./filter-params";
import { filterUsesClock, hasSocials, matchesFilter, visibleTokens } from "./filters";

const NOW = 1_700_000_000_000;
const meta = (m: Partial<PulseToken["metadata"]>) => ({
  iconUrl: null,
  websiteUrl: null,
  twitterUrl: null,
  telegramUrl: null,
  dexPaid: false,
  ...m,
});

describe("socials", () => {
  it("counts only links that would render as links", () => {
    expect(hasSocials(pulseToken({ address: "a", metadata: meta({}) }))).toBe(false);
    expect(hasSocials(pulseToken({ address: "a", metadata: meta({ twitterUrl: "@pepe" }) }))).toBe(true);
    expect(hasSocials(pulseToken({ address: "a", metadata: meta({ websiteUrl: "https://pepe.example" }) }))).toBe(true);
    const hostile = meta({
      websiteUrl: "javascript:alert(1)",
      twitterUrl: "JaVaScRiPt:x",
      telegramUrl: "vbscript:msgbox(1)",
    });
    expect(hasSocials(pulseToken({ address: "a", metadata: hostile }))).toBe(false);
  });
});

describe("column filter", () => {
  const t = pulseToken({
    address: "a",
    marketCapUsd: 10_000,
    liquidityUsd: 4_000,
    volumeUsd: 2_000,
    bondingProgress: 60,
    createdAt: NOW - 600_000,
    metadata: meta({ dexPaid: true }),
  });

  it("the empty filter passes everything", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (mcap) =>
        matchesFilter({ ...t, marketCapUsd: mcap }, EMPTY_FILTER, NOW, null),
      ),
    );
  });

  it("applies each bound inclusively", () => {
    const f = (over: Partial<typeof EMPTY_FILTER>) => matchesFilter(t, { ...EMPTY_FILTER, ...over }, NOW, "pumpfire");
    expect(f({ minMcap: 10_000 })).toBe(true);
    expect(f({ minMcap: 10_001 })).toBe(false);
    expect(f({ maxLiq: 3_999 })).toBe(false);
    expect(f({ minVol: 2_000, maxVol: 2_000 })).toBe(true);
    expect(f({ minProgress: 61 })).toBe(false);
    expect(f({ maxAge: 600 })).toBe(true);
    expect(f({ maxAge: 599 })).toBe(false);
    expect(f({ minAge: 601 })).toBe(false);
    expect(f({ dexPaid: true })).toBe(true);
    expect(f({ socials: true })).toBe(false);
    expect(f({ pads: ["pumpfire"] })).toBe(true);
    expect(f({ pads: ["bonkdrop"] })).toBe(false);
  });

  it("excludes a token of unknown launchpad when launchpads are chosen", () => {
    expect(matchesFilter(t, { ...EMPTY_FILTER, pads: ["pumpfire"] }, NOW, null)).toBe(false);
  });

  it("keeps the list's order, filters, then cuts to the limit", () => {
    const list = Array.from({ length: 10 }, (_, i) => pulseToken({ address: `t${i}`, marketCapUsd: i * 1000 }));
    const out = visibleTokens(list, { ...EMPTY_FILTER, minMcap: 3000 }, 4, NOW, () => null);
    expect(out.map((x) => x.address)).toEqual(["t3", "t4", "t5", "t6"]);
  });

  it("knows when the clock matters", () => {
    expect(filterUsesClock(EMPTY_FILTER)).toBe(false);
    expect(filterUsesClock({ ...EMPTY_FILTER, maxAge: 60 })).toBe(true);
  });
});
