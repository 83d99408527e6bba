import type { Duplex } from "node:stream";
import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { createVirtualClock } from "./testing/virtual-clock";
import { createWriteBatcher, MAX_CORKED_BYTES } from "./ws-transport";

function fakes() {
  const log: string[] = [];
  let corks = 0;
  let pending = 0; // bytes the fake socket holds while corked
  const socket = {
    destroyed: false,
    cork: () => {
      corks++;
      log.push("cork");
    },
    uncork: () => {
      corks--;
      pending = 0;
      log.push("uncork");
    },
    write: (b: Buffer) => {
      if (corks > 0) pending += b.length;
      log.push(`send ${b.length}`);
    },
  } as unknown as Duplex;
  const ws = {
    readyState: 1,
    get bufferedAmount() {
      return pending;
    },
  } as unknown as WebSocket;
  return { socket, ws, log, corks: () => corks };
}

describe("browser socket write batching", () => {
  it("corks the writes of one turn and sends them together at its end, not counting them as backpressure", async () => {
    const f = fakes();
    const t = createWriteBatcher(createVirtualClock()).transport(f.ws, f.socket);
    t.write(Buffer.alloc(10));
    t.write(Buffer.alloc(20));
    expect(t.bufferedAmount()).toBe(0);
    expect(f.log).toEqual(["cork", "send 10", "send 20"]);
    await new Promise((r) => setImmediate(r));
    expect(f.log.at(-1)).toBe("uncork");
    expect(f.corks()).toBe(0);
  });

  it("flushes early once 64 KB are corked", () => {
    const f = fakes();
    const t = createWriteBatcher(createVirtualClock()).transport(f.ws, f.socket);
    const big = Buffer.alloc(MAX_CORKED_BYTES / 2 + 1);
    t.write(big);
    t.write(big);
    expect(f.log).toEqual(["cork", `send ${big.length}`, "uncork", "cork", `send ${big.length}`]);
    expect(f.corks()).toBe(1);
  });

  it("writes nothing once the socket is closing", () => {
    const f = fakes();
    (f.ws as unknown as { readyState: number }).readyState = 2;
    createWriteBatcher(createVirtualClock()).transport(f.ws, f.socket).write(Buffer.alloc(5));
    expect(f.log).toEqual([]);
  });
});
