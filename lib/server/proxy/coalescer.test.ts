import { describe, expect, it } from "vitest";
import { createCoalescer } from "./coalescer";

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("coalescer", () => {
  it("shares one call among identical requests and forgets it once settled", async () => {
    const c = createCoalescer<number>();
    const d = deferred<number>();
    let calls = 0;
    const leader = c.lead("k", () => {
      calls++;
      return d.promise;
    });
    const followers = Array.from({ length: 99 }, () => c.join("k"));
    expect(followers.every((p) => p === leader)).toBe(true);
    d.resolve(7);
    expect(await Promise.all([leader, ...followers])).toEqual(Array(100).fill(7));
    expect(calls).toBe(1);
    expect(c.size()).toBe(0);
    expect(c.join("k")).toBeUndefined();
  });

  it("shares failures too and then lets a new call start", async () => {
    const c = createCoalescer<number>();
    const p = c.lead("k", () => Promise.reject(new Error("down")));
    const q = c.join("k");
    await expect(p).rejects.toThrow("down");
    await expect(q).rejects.toThrow("down");
    expect(c.size()).toBe(0);
    await expect(c.lead("k", async () => 1)).resolves.toBe(1);
  });

  it("turns a synchronous throw into a rejection", async () => {
    const c = createCoalescer<number>();
    await expect(
      c.lead("k", () => {
        throw new Error("sync");
      }),
    ).rejects.toThrow("sync");
    expect(c.size()).toBe(0);
  });

  it("holds its bound on distinct calls in flight", async () => {
    const c = createCoalescer<number>(3);
    const d = deferred<number>();
    for (let i = 0; i < 3; i++) void c.lead(`k${i}`, () => d.promise);
    await expect(c.lead("k3", async () => 1)).rejects.toMatchObject({ code: "upstream_unavailable", status: 503 });
    expect(c.size()).toBe(3);
    d.resolve(0);
    await new Promise((r) => setTimeout(r, 0));
    expect(c.size()).toBe(0);
  });
});
