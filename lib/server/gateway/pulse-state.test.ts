import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyPulseEvent, EMPTY_PULSE, type PulseState, pulseSnapshotData } from "./pulse-state";
import { pulseToken } from "./testing/fixtures";

const meta = { asOf: 1, view: "new" as const };

describe("pulse late-joiner state", () => {
  it("snapshot replaces, enter prepends, update keeps position, leave removes", () => {
    let s = applyPulseEvent(EMPTY_PULSE, { kind: "enter", data: pulseToken(9), meta });
    s = applyPulseEvent(s, { kind: "snapshot", data: [pulseToken(1), pulseToken(2)], meta });
    expect(pulseSnapshotData(s).map((t) => t.symbol)).toEqual(["T1", "T2"]);
    s = applyPulseEvent(s, { kind: "enter", data: pulseToken(3), meta });
    s = applyPulseEvent(s, { kind: "update", data: pulseToken(2, 5), meta });
    expect(pulseSnapshotData(s).map((t) => [t.symbol, t.priceUsd])).toEqual([["T3", 1], ["T1", 1], ["T2", 5]]);
    s = applyPulseEvent(s, { kind: "leave", data: { chain: "evm:8453", address: pulseToken(1).address }, meta: { asOf: 7, view: "new" } });
    expect(pulseSnapshotData(s).map((t) => t.symbol)).toEqual(["T3", "T2"]);
    expect(s.meta).toEqual({ asOf: 7, view: "new" });
  });

  const eventArb = fc.oneof(
    fc.record({ kind: fc.constant("snapshot" as const), data: fc.array(fc.nat(30), { maxLength: 40 }) }),
    fc.record({ kind: fc.constantFrom("enter" as const, "update" as const), data: fc.nat(30) }),
    fc.record({ kind: fc.constant("leave" as const), data: fc.nat(30) }),
  );

  it("matches a list model, never exceeds the cap and never mutates its input", () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 60 }), fc.integer({ min: 1, max: 25 }), (events, cap) => {
        let state: PulseState = EMPTY_PULSE;
        let model: number[] = [];
        for (const e of events) {
          const prev = state;
          const prevKeys = [...prev.entries.keys()];
          if (e.kind === "snapshot") {
            state = applyPulseEvent(state, { kind: "snapshot", data: e.data.map((n) => pulseToken(n)), meta }, cap);
            model = [...new Set(e.data)].slice(0, cap);
          } else if (e.kind === "leave") {
            state = applyPulseEvent(state, { kind: "leave", data: { chain: "evm:8453", address: pulseToken(e.data).address }, meta }, cap);
            model = model.filter((n) => n !== e.data);
          } else {
            state = applyPulseEvent(state, { kind: e.kind, data: pulseToken(e.data), meta }, cap);
            if (!model.includes(e.data)) model = [e.data, ...model].slice(0, cap);
          }
          expect([...prev.entries.keys()]).toEqual(prevKeys);
          expect(state.entries.size).toBeLessThanOrEqual(cap);
          expect(pulseSnapshotData(state).map((t) => t.symbol)).toEqual(model.map((n) => `T${n}`));
        }
      }),
    );
  });
});
