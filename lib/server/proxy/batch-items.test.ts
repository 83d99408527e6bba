import { describe, expect, it } from "vitest";
import { endpoints } from "@/lib/api/endpoints";
import { distinctBatch } from "./batch-items";

const items = (...addresses: string[]) => ({ query: {}, body: { items: addresses.map((address) => ({ address })) } });

describe("distinct batch items", () => {
  it("asks for each item once and gives every caller slot its item's answer, in input order", () => {
    const b = distinctBatch(endpoints.walletProfileBatch, items("a", "b", "a", "c", "b"));
    expect(b?.input.body).toEqual({ items: [{ address: "a" }, { address: "b" }, { address: "c" }] });
    const answer = JSON.stringify({ data: [{ data: "A" }, { data: "B" }, { data: "C" }], meta: { asOf: 1 } });
    expect(JSON.parse(b?.expand(answer) ?? "")).toEqual({
      data: [{ data: "A" }, { data: "B" }, { data: "A" }, { data: "C" }, { data: "B" }],
      meta: { asOf: 1 },
    });
  });

  it("leaves a batch without repeats, and non-batch endpoints, alone", () => {
    expect(distinctBatch(endpoints.walletProfileBatch, items("a", "b"))).toBeNull();
    expect(distinctBatch(endpoints.search, { query: { q: "x" }, body: undefined })).toBeNull();
  });

  it("compares items by content, not key order", () => {
    const body = {
      items: [
        { chain: "evm:1", address: "a" },
        { address: "a", chain: "evm:1" },
      ],
    };
    expect(distinctBatch(endpoints.tokenBatch, { query: {}, body })?.input.body).toEqual({ items: [body.items[0]] });
  });
});
