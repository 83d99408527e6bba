import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PulseToken } from "@/lib/api";
import { pulseToken, pulseTokenArb, pulseViewArb } from "../testing/fixtures";
import { applyPulseDelta, applyPulseSnapshot, comparePulse, emptyPulse, type PulseDelta } from "./pulse";

const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const addrs = (items: readonly PulseToken[]) => items.map((t) => t.address);

describe("pulse reducer", () => {
  it("a snapshot replaces the list, never merges", () => {
    let s = applyPulseSnapshot(
      emptyPulse("new"),
      [pulseToken({ address: addr(1) }), pulseToken({ address: addr(2) })],
      10,
    );
    s = applyPulseSnapshot(s, [pulseToken({ address: addr(3) })], 20);
    expect(addrs(s.items)).toEqual([addr(3)]);
  });

  it("applies enter, update and leave between snapshots", () => {
    let s = applyPulseSnapshot(emptyPulse("bonding"), [pulseToken({ address: addr(1), bondingProgress: 50 })], 10);
    s = applyPulseDelta(s, { kind: "enter", token: pulseToken({ address: addr(2), bondingProgress: 20 }), asOf: 11 });
    expect(addrs(s.items)).toEqual([addr(1), addr(2)]);
    s = applyPulseDelta(s, { kind: "update", token: pulseToken({ address: addr(2), bondingProgress: 90 }), asOf: 12 });
    expect(addrs(s.items)).toEqual([addr(2), addr(1)]);
    expect(s.items[0].bondingProgress).toBe(90);
    s = applyPulseDelta(s, { kind: "leave", chain: "evm:8453", address: addr(1), asOf: 13 });
    expect(addrs(s.items)).toEqual([addr(2)]);
  });

  it("a graduating token enters graduated and leaves bonding", () => {
    const tok = pulseToken({ address: addr(7), bondingProgress: 99 });
    let bonding = applyPulseSnapshot(emptyPulse("bonding"), [tok], 1);
    let graduated = applyPulseSnapshot(emptyPulse("graduated"), [], 1);
    const done = { ...tok, bondingProgress: 100, migrated: true, graduatedAt: 5 };
    graduated = applyPulseDelta(graduated, { kind: "enter", token: done, asOf: 5 });
    bonding = applyPulseDelta(bonding, { kind: "leave", chain: tok.chain, address: tok.address, asOf: 5 });
    expect(bonding.items).toEqual([]);
    expect(graduated.items).toEqual([done]);
  });

  it("orders each view newest/highest first with ties by address", () => {
    const a = pulseToken({ address: addr(2), createdAt: 5, bondingProgress: 10, graduatedAt: null });
    const b = pulseToken({ address: addr(1), createdAt: 5, bondingProgress: 30, graduatedAt: 9 });
    const c = pulseToken({ address: addr(3), createdAt: 8, bondingProgress: 10, graduatedAt: 4 });
    expect(addrs([a, b, c].sort(comparePulse("new")))).toEqual([addr(3), addr(1), addr(2)]);
    expect(addrs([a, b, c].sort(comparePulse("bonding")))).toEqual([addr(1), addr(2), addr(3)]);
    expect(addrs([a, b, c].sort(comparePulse("graduated")))).toEqual([addr(1), addr(3), addr(2)]);
  });

  it("caps the list", () => {
    let s = emptyPulse("new", 3);
    for (let i = 0; i < 10; i++)
      s = applyPulseDelta(s, { kind: "enter", token: pulseToken({ address: addr(i), createdAt: i }), asOf: i });
    expect(addrs(s.items)).toEqual([addr(9), addr(8), addr(7)]);
  });

  it("ignores a list older than the current one and replays newer deltas over an older REST list", () => {
    let s = applyPulseSnapshot(emptyPulse("new"), [pulseToken({ address: addr(1), createdAt: 1 })], 100);
    expect(applyPulseSnapshot(s, [], 90)).toBe(s);
    s = applyPulseDelta(s, { kind: "enter", token: pulseToken({ address: addr(2), createdAt: 2 }), asOf: 120 });
    s = applyPulseSnapshot(s, [pulseToken({ address: addr(1), createdAt: 1 })], 110);
    expect(addrs(s.items)).toEqual([addr(2), addr(1)]);
  });

  it("a delta older than the list it would change is ignored (the list already holds it)", () => {
    const s = applyPulseSnapshot(emptyPulse("new"), [pulseToken({ address: addr(1), createdAt: 1 })], 100);
    expect(applyPulseDelta(s, { kind: "leave", chain: "evm:8453", address: addr(1), asOf: 99 })).toBe(s);
    const later = applyPulseDelta(s, { kind: "leave", chain: "evm:8453", address: addr(1), asOf: 101 });
    expect(later.items).toEqual([]);
  });
});

const deltaArb: fc.Arbitrary<PulseDelta> = fc.oneof(
  fc.record({
    kind: fc.constantFrom("enter" as const, "update" as const),
    token: pulseTokenArb,
    asOf: fc.integer({ min: 0, max: 999 }),
  }),
  pulseTokenArb.chain((t) =>
    fc.record({
      kind: fc.constant("leave" as const),
      chain: fc.constant(t.chain),
      address: fc.constant(t.address),
      asOf: fc.integer({ min: 0, max: 999 }),
    }),
  ),
);

describe("pulse reducer properties", () => {
  it("any deltas followed by a snapshot yield exactly the snapshot (sorted and capped)", () => {
    fc.assert(
      fc.property(
        pulseViewArb,
        fc.array(pulseTokenArb, { maxLength: 30 }),
        fc.array(deltaArb, { maxLength: 40 }),
        fc.array(pulseTokenArb, { maxLength: 40 }),
        fc.integer({ min: 1, max: 30 }),
        (view, seed, deltas, snapshot, cap) => {
          let s = applyPulseSnapshot(emptyPulse(view, cap), seed, 0);
          for (const d of deltas) s = applyPulseDelta(s, d);
          s = applyPulseSnapshot(s, snapshot, 1000);
          const unique = [...new Map(snapshot.map((t) => [`${t.chain}:${t.address}`, t])).values()];
          expect(s.items).toEqual(unique.sort(comparePulse(view)).slice(0, cap));
        },
      ),
    );
  });

  it("keeps every list unique, ordered and within the cap after any deltas", () => {
    fc.assert(
      fc.property(
        pulseViewArb,
        fc.array(deltaArb, { maxLength: 60 }),
        fc.integer({ min: 1, max: 20 }),
        (view, deltas, cap) => {
          let s = emptyPulse(view, cap);
          for (const d of deltas) {
            s = applyPulseDelta(s, d);
            const ids = s.items.map((t) => `${t.chain}:${t.address}`);
            expect(new Set(ids).size).toBe(ids.length);
            expect(s.items.length).toBeLessThanOrEqual(cap);
            for (let i = 1; i < s.items.length; i++)
              expect(comparePulse(view)(s.items[i - 1], s.items[i])).toBeLessThanOrEqual(0);
            expect(s.log.length).toBeLessThanOrEqual(256);
          }
        },
      ),
    );
  });
});
