import { describe, expect, it } from "vitest";
import { type CpuProfile, profiling, topSelf } from "./profile";

describe("topSelf", () => {
  it("sums samples per function, largest share first, with file and line", () => {
    const frame = (functionName: string, url = "", lineNumber = 0) => ({ functionName, url, lineNumber });
    const prof: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame("(root)") },
        { id: 2, callFrame: frame("applyTrades", "http://x/_next/static/chunks/app.js", 41) },
        { id: 3, callFrame: frame("", "http://x/lib/y.js", 7) },
        { id: 4, callFrame: frame("(garbage collector)") },
      ],
      samples: [2, 2, 2, 3, 4, 2, 4, 3, 2, 2],
    };
    expect(topSelf(prof).split("\n")).toEqual([
      "     60.0%  applyTrades chunks/app.js:41",
      "     20.0%  (anonymous) lib/y.js:7",
      "     20.0%  (garbage collector)",
    ]);
    expect(topSelf(prof, 1).split("\n")).toHaveLength(1);
  });

  it("profiles only the benchmarks BENCH_PROFILE names", () => {
    const before = process.env.BENCH_PROFILE;
    process.env.BENCH_PROFILE = "pulse,chart";
    expect([profiling("pulse"), profiling("chart"), profiling("gateway")]).toEqual([true, true, false]);
    if (before === undefined) delete process.env.BENCH_PROFILE;
    else process.env.BENCH_PROFILE = before;
  });
});
