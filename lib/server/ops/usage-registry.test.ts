import { afterEach, describe, expect, it } from "vitest";
import { collectUsage, registerUsageSource } from "./usage-registry";

const removers: Array<() => void> = [];
afterEach(() => {
  for (const remove of removers.splice(0)) remove();
});

describe("usage registry", () => {
  it("collects every registered source through globalThis", () => {
    let n = 0;
    removers.push(registerUsageSource("stream", () => ({ connections: ++n, state: "open" })));
    expect(collectUsage().stream).toEqual({ connections: 1, state: "open" });
    expect(collectUsage().stream).toEqual({ connections: 2, state: "open" });
    const holder = globalThis as Record<symbol, unknown>;
    expect(holder[Symbol.for("trading-explorer.usage-sources")]).toBeInstanceOf(Map);
  });

  it("isolates a failing source and drops non-finite or non-scalar values", () => {
    removers.push(
      registerUsageSource("broken", () => {
        throw new Error("boom");
      }),
    );
    removers.push(registerUsageSource("odd", () => ({ ok: 1, nan: Number.NaN, obj: {} as unknown as number })));
    const usage = collectUsage();
    expect(usage.broken).toEqual({ error: "boom" });
    expect(usage.odd).toEqual({ ok: 1 });
  });

  it("replaces a source of the same name and removes only its own registration", () => {
    const removeFirst = registerUsageSource("dup", () => ({ v: 1 }));
    removers.push(registerUsageSource("dup", () => ({ v: 2 })));
    removeFirst();
    expect(collectUsage().dup).toEqual({ v: 2 });
  });

  it("rejects bad names and holds its bound", () => {
    expect(() => registerUsageSource("Bad Name", () => ({}))).toThrow(/must match/);
    for (let i = 0; i < 64; i++) {
      try {
        removers.push(registerUsageSource(`s${i}`, () => ({})));
      } catch {
        break;
      }
    }
    expect(() => registerUsageSource("one-too-many", () => ({}))).toThrow(/at most 64/);
    expect(Object.keys(collectUsage()).length).toBeLessThanOrEqual(64);
  });
});
