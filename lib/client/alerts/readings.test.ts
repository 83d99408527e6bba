import { beforeEach, describe, expect, it } from "vitest";
import { useRuleReadings } from "./readings";

describe("rule readings", () => {
  beforeEach(() => useRuleReadings.setState({ readings: {} }));

  it("marks a rule as read on its first observation and keeps the last level value", () => {
    const { note } = useRuleReadings.getState();
    expect(useRuleReadings.getState().readings.a).toBeUndefined();
    note("a", {});
    expect(useRuleReadings.getState().readings.a).toEqual({});
    note("a", { last: 2 });
    expect(useRuleReadings.getState().readings.a).toEqual({ last: 2 });
  });

  it("does not notify subscribers when what a rule shows is unchanged", () => {
    const { note } = useRuleReadings.getState();
    note("a", { last: 2 });
    let calls = 0;
    const off = useRuleReadings.subscribe(() => calls++);
    note("a", { last: 2, migrated: false });
    note("a", { last: 3 });
    off();
    expect(calls).toBe(1);
  });

  it("forgets removed rules", () => {
    const { note, prune } = useRuleReadings.getState();
    note("a", {});
    note("b", { last: 1 });
    prune(new Set(["b"]));
    expect(Object.keys(useRuleReadings.getState().readings)).toEqual(["b"]);
  });
});
