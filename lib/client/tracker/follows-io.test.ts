import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addFollow, FOLLOW_MAX, type FollowedWallet } from "./follows";
import { exportCsv, exportJson, importFollows, parseCsv } from "./follows-io";

const EVM = "0x00000000000000000000000000000000000000aa";
const SOL = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

const list = (inputs: { chain: string; address: string; name?: string }[]): FollowedWallet[] => {
  let items: FollowedWallet[] = [];
  for (const [n, i] of [...inputs].reverse().entries()) {
    const r = addFollow(items, i, n);
    if (r.ok) items = r.items;
  }
  return items;
};

const strip = (ws: readonly FollowedWallet[]) => ws.map(({ addedAt: _, ...w }) => w);

const nameArb = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "a,b",
    'say "hi"',
    "=SUM(A1)",
    "+1",
    "-x",
    "@me",
    "'=x",
    "''+",
    " padded ",
    "line\nbreak",
    "émoji 🐳",
  ),
);
const walletArb = fc.oneof(
  fc.stringMatching(/^[0-9a-f]{40}$/).map((h) => ({ chain: "evm:8453", address: `0x${h}` })),
  fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/).map((a) => ({ chain: "solana", address: a })),
);

describe("tracker import and export", () => {
  it("round-trips every list through JSON and CSV (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(walletArb, nameArb), { maxLength: 30 }), (entries) => {
        const items = list(entries.map(([w, name]) => ({ ...w, name })));
        for (const text of [exportJson(items), exportCsv(items)]) {
          const r = importFollows([], text, 5);
          if (items.length === 0) {
            expect(r.ok).toBe(false);
            continue;
          }
          expect(r.ok ? strip(r.items) : r.message).toEqual(strip(items));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("reads hand-written CSV: no header, chain inferred for Solana, quotes, blank lines", () => {
    const r = importFollows(
      [],
      `solana,${SOL},"Big, ""smart"" money"\n\n,${SOL.slice(0, -1)}Z\r\nevm:1,${EVM.toUpperCase().replace("0X", "0x")},\n`,
      1,
    );
    expect(r.ok && r.items.map((w) => [w.chain, w.address, w.name])).toEqual([
      ["solana", SOL, 'Big, "smart" money'],
      ["solana", `${SOL.slice(0, -1)}Z`, undefined],
      ["evm:1", EVM, undefined],
    ]);
  });

  it("names the bad row and changes nothing", () => {
    const current = list([{ chain: "solana", address: SOL, name: "keep" }]);
    const cases: [string, string][] = [
      [`chain,address,name\nsolana,${SOL},a\nevm:8453,0x123,b\n`, 'Row 3: "0x123" is not an EVM address'],
      [`chain,address\nevm:8453,${EVM}\nnope:1,${EVM}\n`, 'Row 3: unknown chain "nope:1"'],
      [`chain,address\n,${EVM}\n`, "Row 2: an EVM address needs its chain"],
      [`solana,${EVM}\n`, `Row 1: "${EVM}" is not a Solana address`],
      [`solana,"${SOL}\n`, "Row 1: a quoted value is never closed"],
      [JSON.stringify({ wallets: [{ chain: "solana", address: SOL }, { chain: "evm:1" }] }), "Wallet 2: no address"],
      [JSON.stringify([{ chain: "solana", address: SOL, name: 5 }]), "Wallet 1: the name must be text"],
      ["{ not json", "Not valid JSON"],
      [JSON.stringify({ other: [] }), '"wallets" list'],
      ["", "empty"],
    ];
    for (const [text, message] of cases) {
      const r = importFollows(current, text, 2);
      expect(r.ok, text).toBe(false);
      expect(r.ok ? "" : r.message).toContain(message);
    }
  });

  it("merges into the list: new wallets on top, known ones take the file's name, the bound holds", () => {
    const current = list([{ chain: "solana", address: SOL, name: "old" }]);
    const r = importFollows(current, `evm:1,${EVM},new\nsolana,${SOL},renamed\n`, 3);
    expect(r.ok && { added: r.added, renamed: r.renamed, items: strip(r.items) }).toEqual({
      added: 1,
      renamed: 1,
      items: [
        { chain: "evm:1", address: EVM, name: "new" },
        { chain: "solana", address: SOL, name: "renamed" },
      ],
    });
    const full = list(
      Array.from({ length: FOLLOW_MAX }, (_, n) => ({
        chain: "evm:1",
        address: `0x${n.toString(16).padStart(40, "0")}`,
      })),
    );
    const over = importFollows(full, `solana,${SOL}\n`, 4);
    expect(over.ok ? "" : over.message).toContain("limit of 100");
  });

  it("writes spreadsheet formulas inert and quotes what CSV needs", () => {
    const csv = exportCsv(
      list([
        { chain: "solana", address: SOL, name: "=HYPERLINK(1)" },
        { chain: "evm:1", address: EVM, name: "a,b" },
      ]),
    );
    expect(csv).toContain(",'=HYPERLINK(1)\r\n");
    expect(csv).toContain(',"a,b"\r\n');
    expect(parseCsv(csv).map((r) => r.line)).toEqual([1, 2, 3]);
  });
});
