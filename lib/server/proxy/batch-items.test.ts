import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endpoints } from "@/lib/api/endpoints";
import { planBatch } from "./batch-items";

const items = (...addresses: string[]) => ({ query: {}, body: { items: addresses.map((address) => ({ address })) } });
const EVM = "0x00000000000000000000000000000000000000aa";
const SOL = "So11111111111111111111111111111111111111112";

describe("batch plan", () => {
  it("asks for each item once and gives every caller slot its item's answer, in input order", () => {
    const b = planBatch(endpoints.walletProfileBatch, items("a", "b", "a", "c", "b"));
    expect(b?.input?.body).toEqual({ items: [{ address: "a" }, { address: "b" }, { address: "c" }] });
    const answer = JSON.stringify({ data: [{ data: "A" }, { data: "B" }, { data: "C" }], meta: { asOf: 1 } });
    expect(JSON.parse(b?.expand(answer, 9) ?? "")).toEqual({
      data: [{ data: "A" }, { data: "B" }, { data: "A" }, { data: "C" }, { data: "B" }],
      meta: { asOf: 1 },
    });
  });

  it("leaves a batch without repeats or malformed items, and non-batch endpoints, alone", () => {
    expect(planBatch(endpoints.walletProfileBatch, items("a", "b"))).toBeNull();
    expect(planBatch(endpoints.tokenBatch, { query: {}, body: { items: [{ chain: "solana", address: SOL }] } })).toBeNull();
    expect(planBatch(endpoints.search, { query: { q: "x" }, body: undefined })).toBeNull();
  });

  it("compares items by content, not key order", () => {
    const body = {
      items: [
        { chain: "evm:1", address: EVM },
        { address: EVM, chain: "evm:1" },
      ],
    };
    expect(planBatch(endpoints.tokenBatch, { query: {}, body })?.input?.body).toEqual({ items: [body.items[0]] });
  });

  it("§7.4: answers a token reference that names no token in its own slot and sends only the others", () => {
    const body = {
      items: [
        { chain: "solana", address: SOL },
        { chain: "evm:1", address: "not-an-address" },
        { chain: "solana", address: EVM }, // an EVM address on Solana
        { chain: "evm:8453", address: EVM },
      ],
    };
    const b = planBatch(endpoints.tokenPriceBatch, { query: {}, body });
    expect(b?.input?.body).toEqual({ items: [body.items[0], body.items[3]] });
    const answer = JSON.stringify({ data: [{ data: "S" }, { data: "E" }], meta: { asOf: 5 } });
    const slots = JSON.parse(b?.expand(answer, 9) ?? "").data;
    expect(slots.map((s: { data?: string; error?: { code: string } }) => s.data ?? s.error?.code)).toEqual([
      "S",
      "invalid_parameter",
      "invalid_parameter",
      "E",
    ]);
  });

  it("needs no upstream call when every item is malformed", () => {
    const body = { items: [{ chain: "nope", address: EVM }, { chain: "evm:1", address: "x" }] };
    const b = planBatch(endpoints.tokenSecurityBatch, { query: {}, body });
    expect(b?.input).toBeNull();
    expect(JSON.parse(b?.expand(null, 9) ?? "")).toMatchObject({
      data: [{ error: { code: "invalid_parameter" } }, { error: { code: "invalid_parameter" } }],
      meta: { asOf: 9 },
    });
  });

  it("keeps one slot per item in input order, whatever the mix (property)", () => {
    const item = fc.oneof(
      fc.constant({ chain: "solana", address: SOL }),
      fc.constant({ chain: "evm:8453", address: EVM }),
      fc.constant({ chain: "evm:1", address: "bad" }),
      fc.constant({ chain: "x", address: SOL }),
    );
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 20 }), (list) => {
        const b = planBatch(endpoints.tokenBatch, { query: {}, body: { items: list } });
        const sent = (b ? ((b.input?.body as { items: typeof list } | undefined)?.items ?? []) : list) as typeof list;
        const answer = JSON.stringify({ data: sent.map((i) => ({ data: `${i.chain}/${i.address}` })), meta: { asOf: 1 } });
        const slots = JSON.parse(b ? b.expand(b.input ? answer : null, 1) : answer).data;
        expect(slots).toHaveLength(list.length);
        list.forEach((i, n) => {
          const valid = i.address !== "bad" && i.chain !== "x";
          expect(slots[n]).toEqual(valid ? { data: `${i.chain}/${i.address}` } : { error: expect.any(Object) });
        });
        expect(new Set(sent.map((i) => JSON.stringify(i))).size).toBe(sent.length);
      }),
    );
  });
});
