import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OHLCV_INTERVALS } from "@/lib/api";
import {
  type ChartCell,
  type ChartsLayout,
  cellCount,
  decodeCell,
  decodeLayout,
  encodeLayout,
  LAYOUT_IDS,
  resizeLayout,
  setCell,
} from "./layout-codec";

const EVM = "0x00000000000000000000000000000000000000ab";
const SOL = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

const specArb = fc
  .tuple(
    fc.oneof(
      fc.tuple(
        fc.constantFrom("evm:1", "evm:8453", "evm:645749"),
        fc.stringMatching(/^[0-9a-f]{40}$/).map((h) => `0x${h}`),
      ),
      fc.tuple(fc.constant("solana"), fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)),
    ),
    fc.constantFrom(...OHLCV_INTERVALS),
    fc.constantFrom("usd" as const, "native" as const),
  )
  .map(([[chain, address], interval, quote]) => ({ kind: "chart", chain, address, interval, quote }) as ChartCell);
const cellArb: fc.Arbitrary<ChartCell> = fc.oneof(fc.constant({ kind: "empty" } as ChartCell), specArb);
const layoutArb: fc.Arbitrary<ChartsLayout> = fc
  .constantFrom(...LAYOUT_IDS)
  .chain((layout) =>
    fc
      .array(cellArb, { minLength: cellCount(layout), maxLength: cellCount(layout) })
      .map((cells) => ({ layout, cells })),
  );

const decode = (qs: string) => decodeLayout(new URLSearchParams(qs));

describe("charts layout in the URL", () => {
  it("round-trips every valid layout (property)", () => {
    fc.assert(
      fc.property(layoutArb, (l) => {
        const back = decode(encodeLayout(l));
        expect({ layout: back.layout, cells: back.cells }).toEqual(l);
        expect(back.notice).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it("never throws and always fills the grid, whatever the URL says (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.string({ maxLength: 12 }), (c, layout) => {
        const l = decodeLayout({ c, layout });
        expect(l.cells).toHaveLength(cellCount(l.layout));
        for (const cell of l.cells) if (cell.kind === "error") expect(cell.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it("keeps the URL readable", () => {
    const qs = encodeLayout({
      layout: "1x2",
      cells: [{ kind: "chart", chain: "evm:8453", address: EVM, interval: "5m", quote: "usd" }, { kind: "empty" }],
    });
    expect(qs).toBe(`layout=1x2&c=evm:8453:${EVM}:5m:usd`);
  });

  it("says what is wrong with a bad entry, cell by cell", () => {
    const l = decode(
      `layout=3x3&c=evm:8453:0x123:5m:usd,mars:${SOL}:1m:native,solana:${SOL}:7m:usd,solana:${SOL}:1m:eur,${SOL},solana:${SOL}:1m:usd:x,nonsense,,solana:${SOL}`,
    );
    const msgs = l.cells.map((c) => (c.kind === "error" ? c.message : c.kind));
    expect(msgs).toEqual([
      "No token address in this entry (expected chain:address:interval:quote)",
      'Unknown chain "mars" (use evm:<chain id> or solana)',
      'Unknown interval "7m" (e.g. 1m, 5m, 1h)',
      'Unknown quote "eur" (usd or native)',
      "The chain is missing before the address (e.g. solana: or evm:8453:)",
      "Too many parts after the address (expected interval:quote)",
      "No token address in this entry (expected chain:address:interval:quote)",
      "empty",
      "chart",
    ]);
    expect(decodeCell(`evm:1:${SOL}`)).toMatchObject({ kind: "error", message: "Not an EVM token address" });
    // shorthand: interval and quote default; EVM addresses canonical
    expect(decodeCell(`evm:8453:${EVM.toUpperCase().replace("0X", "0x")}`)).toEqual({
      kind: "chart",
      chain: "evm:8453",
      address: EVM,
      interval: "5m",
      quote: "native",
    });
  });

  it("picks a grid when the URL names none, and says what it set aside", () => {
    expect(decode("").layout).toBe("2x2");
    expect(decode(`c=solana:${SOL}`).layout).toBe("1x2");
    expect(decode(`c=${Array(5).fill(`solana:${SOL}`).join(",")}`).layout).toBe("3x3");
    const over = decode(`layout=1x2&c=${Array(4).fill(`solana:${SOL}`).join(",")}`);
    expect(over.cells).toHaveLength(2);
    expect(over.notice).toBe("2 charts past the 1×2 grid left out");
    expect(decode("layout=4x4").notice).toBe('Unknown layout "4x4": showing 2×2');
  });

  it("resizes and edits in place", () => {
    const l = decode(`layout=2x2&c=solana:${SOL},,solana:${SOL}:1h:usd`);
    expect(resizeLayout(l, "1x2").cells).toEqual(l.cells.slice(0, 2));
    expect(resizeLayout(l, "3x3").cells.slice(4)).toEqual(Array(5).fill({ kind: "empty" }));
    expect(setCell(l, 1, l.cells[0] as ChartCell).cells[1]).toEqual(l.cells[0]);
    expect(setCell(l, 9, { kind: "empty" })).toBe(l);
  });
});
