import { describe, expect, it, vi } from "vitest";
import { createSparkBatcher, SPARK_BATCH_MAX, SPARK_MAX_PENDING, SparkQueueFullError } from "./spark-batcher";

function manual() {
  const jobs: (() => void)[] = [];
  return { schedule: (fn: () => void) => void jobs.push(fn), run: () => jobs.splice(0).forEach((j) => j()), jobs };
}

describe("sparkline batcher", () => {
  it("groups asks of one window into one POST per chain", async () => {
    const fetchBatch = vi.fn(async (_chain: string, pools: string[]) =>
      Object.fromEntries(pools.map((p) => [p, [1, 2]])),
    );
    const s = manual();
    const b = createSparkBatcher(fetchBatch, s.schedule);
    const asks = [b.load("solana", "A"), b.load("solana", "B"), b.load("evm:8453", "0xc"), b.load("solana", "A")];
    expect(s.jobs).toHaveLength(1);
    s.run();
    expect(await Promise.all(asks)).toEqual([
      [1, 2],
      [1, 2],
      [1, 2],
      [1, 2],
    ]);
    expect(fetchBatch).toHaveBeenCalledTimes(2);
    expect(fetchBatch).toHaveBeenCalledWith("solana", ["A", "B"]);
    expect(fetchBatch).toHaveBeenCalledWith("evm:8453", ["0xc"]);
  });

  it("splits past 100 pools and answers missing pools with an empty series", async () => {
    const fetchBatch = vi.fn(async (_c: string, pools: string[]) =>
      Object.fromEntries(pools.slice(1).map((p) => [p, [3]])),
    );
    const s = manual();
    const b = createSparkBatcher(fetchBatch, s.schedule);
    const asks = Array.from({ length: 250 }, (_, i) => b.load("solana", `p${i}`));
    s.run();
    const out = await Promise.all(asks);
    expect(fetchBatch.mock.calls.map((c) => c[1].length)).toEqual([SPARK_BATCH_MAX, SPARK_BATCH_MAX, 50]);
    expect(out[0]).toEqual([]);
    expect(out[1]).toEqual([3]);
  });

  it("rejects the chunk's asks when its POST fails, and later windows start afresh", async () => {
    let fail = true;
    const fetchBatch = vi.fn(async (_c: string, pools: string[]) => {
      if (fail) throw new Error("boom");
      return Object.fromEntries(pools.map((p) => [p, [9]]));
    });
    const s = manual();
    const b = createSparkBatcher(fetchBatch, s.schedule);
    const first = b.load("solana", "A");
    s.run();
    await expect(first).rejects.toThrow("boom");
    fail = false;
    const second = b.load("solana", "A");
    s.run();
    await expect(second).resolves.toEqual([9]);
  });

  it("bounds the pools waiting at once", async () => {
    const s = manual();
    const b = createSparkBatcher(async () => ({}), s.schedule);
    for (let i = 0; i < SPARK_MAX_PENDING; i++) void b.load("solana", `p${i}`);
    expect(b.pending()).toBe(SPARK_MAX_PENDING);
    await expect(b.load("solana", "one-more")).rejects.toBeInstanceOf(SparkQueueFullError);
    // The same pool again joins its waiting ask instead of counting twice.
    void b.load("solana", "p0");
    expect(b.pending()).toBe(SPARK_MAX_PENDING);
    s.run();
    expect(b.pending()).toBe(0);
  });
});
