import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { judge, num, targetText } from "./report";

describe("bench figure verdicts", () => {
  it("checks value, ratio and delta targets against the right operand", () => {
    const base = { id: "x", label: "x", unit: "ms", baseline: { label: "b", value: 4 } };
    expect(judge("b", { ...base, value: 5, target: { of: "delta", op: "<=", limit: 1 } }).verdict).toBe("pass");
    expect(judge("b", { ...base, value: 5.5, target: { of: "delta", op: "<=", limit: 1 } }).verdict).toBe("miss");
    expect(judge("b", { ...base, value: 1, target: { of: "ratio", op: ">=", limit: 0.25 } }).verdict).toBe("pass");
    expect(judge("b", { ...base, value: 0.9, target: { of: "ratio", op: ">=", limit: 0.25 } }).verdict).toBe("miss");
    expect(judge("b", { ...base, value: 150, target: { of: "value", op: "<=", limit: 150 } }).verdict).toBe("pass");
    expect(judge("b", { ...base, value: 150, target: { of: "value", op: "<", limit: 150 } }).verdict).toBe("miss");
  });

  it("never passes a target it could not check", () => {
    const t = { of: "ratio", op: "<=", limit: 1e9 } as const;
    expect(judge("b", { id: "x", label: "x", unit: "", value: null, target: t }).verdict).toBe("miss");
    expect(judge("b", { id: "x", label: "x", unit: "", value: Number.NaN, target: t }).verdict).toBe("miss");
    expect(judge("b", { id: "x", label: "x", unit: "", value: 1, target: t }).verdict).toBe("miss"); // no baseline
    const zero = { id: "x", label: "x", unit: "", value: 1, baseline: { label: "b", value: 0 }, target: t };
    expect(judge("b", zero).verdict).toBe("miss");
    expect(judge("b", { id: "x", label: "x", unit: "", value: 1 }).verdict).toBe("info");
  });

  it("agrees with the comparison it states, for any finite figures", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 0.001, max: 1e6, noNaN: true }),
        fc.double({ min: -1e3, max: 1e3, noNaN: true }),
        fc.constantFrom("<=", ">=", "<", ">" as const),
        fc.constantFrom("value", "ratio", "delta" as const),
        (value, baseline, limit, op, of) => {
          const f = judge("b", {
            id: "x",
            label: "x",
            unit: "",
            value,
            baseline: { label: "b", value: baseline },
            target: { of, op, limit },
          });
          const x = of === "value" ? value : of === "ratio" ? value / baseline : value - baseline;
          expect(f.checked).toBe(x);
          const ok = op === "<=" ? x <= limit : op === ">=" ? x >= limit : op === "<" ? x < limit : x > limit;
          expect(f.verdict).toBe(ok ? "pass" : "miss");
        },
      ),
    );
  });

  it("prints numbers and targets for a reader", () => {
    expect(num(null)).toBe("–");
    expect(num(Number.POSITIVE_INFINITY)).toBe("–");
    expect(num(123_456.7)).toBe("123,457");
    expect(num(1.23456)).toBe("1.23");
    expect(num(0.000_123)).toBe("1.23e-4");
    expect(targetText({ of: "ratio", op: ">=", limit: 0.25 }, "req/s")).toBe("≥ 0.25×");
    expect(targetText({ of: "delta", op: "<=", limit: 1 }, "ms")).toBe("added ≤ 1 ms");
    expect(targetText({ of: "value", op: "<=", limit: 150 }, "kB")).toBe("≤ 150 kB");
    expect(targetText(undefined, "ms")).toBe("");
  });
});
