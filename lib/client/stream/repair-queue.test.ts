import { describe, expect, it, vi } from "vitest";
import { createRepairQueue, REPAIR_ATTEMPTS } from "./repair-queue";

describe("repair queue", () => {
  it("never runs one key twice at once; a request during a run makes exactly one more run", async () => {
    let active = 0;
    let maxActive = 0;
    const run = vi.fn(async () => {
      maxActive = Math.max(maxActive, ++active);
      await new Promise((r) => setTimeout(r, 5));
      active--;
    });
    const q = createRepairQueue({ run, wanted: () => true, onGiveUp: () => {}, retryMs: 1 });
    void q.request("k");
    void q.request("k");
    void q.request("k");
    await q.idle();
    expect(run).toHaveBeenCalledTimes(2);
    expect(maxActive).toBe(1);
  });

  it("retries a failing repair, then gives up once", async () => {
    const onGiveUp = vi.fn();
    const run = vi.fn(async () => {
      throw new Error("offline");
    });
    const q = createRepairQueue({ run, wanted: () => true, onGiveUp, retryMs: 1 });
    await q.request("k");
    expect(run).toHaveBeenCalledTimes(REPAIR_ATTEMPTS);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
  });

  it("does not retry a key nobody wants any more", async () => {
    const run = vi.fn(async () => {
      throw new Error("offline");
    });
    const q = createRepairQueue({ run, wanted: () => false, onGiveUp: () => {}, retryMs: 1 });
    await q.request("k");
    expect(run).toHaveBeenCalledTimes(1);
  });
});
