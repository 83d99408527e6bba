import { describe, expect, it } from "vitest";
import { type FaultConfig, NO_FAULTS } from "../feed";
import { createOutbox, OPEN } from "./outbox";
import { createRandom } from "./rng";
import { createManualTimers } from "./timers";

function setup(f: Partial<FaultConfig> = {}, maxBufferedBytes = 1 << 20) {
  const timers = createManualTimers(0);
  const faults: FaultConfig = { ...NO_FAULTS, ...f };
  const socket = {
    readyState: OPEN,
    bufferedAmount: 0,
    sent: [] as string[],
    send(b: Buffer) {
      this.sent.push(String(b));
      this.bufferedAmount += b.length; // nothing drains: the peer does not read
    },
  };
  let overflows = 0;
  const out = createOutbox(socket, {
    timers,
    faults: () => faults,
    random: createRandom(7),
    maxBufferedBytes,
    onOverflow: () => overflows++,
  });
  return { timers, faults, socket, out, overflows: () => overflows };
}
const b = (s: string) => Buffer.from(s);

describe("outbox", () => {
  it("writes straight through with faults off", () => {
    const { socket, out, timers } = setup();
    out.send(b("a"), "event");
    out.send(b("b"), "delta");
    out.send(b("c"), "control");
    expect(socket.sent).toEqual(["a", "b", "c"]);
    expect(timers.pending()).toBe(0);
    socket.bufferedAmount = 0;
    expect(out.stats).toMatchObject({ framesSent: 3, bytesSent: 3 });
  });

  it("reports a slow consumer once when the socket's buffer passes the cap, and sends nothing more", () => {
    const { socket, out, overflows } = setup({}, 100);
    socket.bufferedAmount = 95;
    out.send(b("12345"), "event"); // exactly at the cap: still sent
    expect(socket.sent).toEqual(["12345"]);
    out.send(b("x"), "event");
    out.send(b("y"), "control");
    expect(overflows()).toBe(1);
    expect(socket.sent).toEqual(["12345"]);
  });

  it("counts frames held by fault queues against the cap", () => {
    const { out, overflows } = setup({ streamDelayMs: 10_000 }, 100);
    for (let i = 0; i < 20; i++) out.send(b("0123456789"), "event");
    expect(overflows()).toBe(1);
  });

  it("delays every frame by streamDelayMs, keeping order even when the delay shrinks", () => {
    const { socket, out, timers, faults } = setup({ streamDelayMs: 500 });
    out.send(b("1"), "event");
    faults.streamDelayMs = 100;
    out.send(b("2"), "control");
    timers.advance(499);
    expect(socket.sent).toEqual([]);
    timers.advance(1);
    expect(socket.sent).toEqual(["1", "2"]);
    faults.streamDelayMs = 0;
    out.send(b("3"), "event");
    expect(socket.sent).toEqual(["1", "2", "3"]);
  });

  it("duplicates the configured share of event frames, never control frames", () => {
    const { socket, out } = setup({ streamDuplicateRate: 1 });
    out.send(b("e"), "event");
    out.send(b("c"), "control");
    expect(socket.sent).toEqual(["e", "e", "c"]);
    const half = setup({ streamDuplicateRate: 0.5 });
    for (let i = 0; i < 1000; i++) half.out.send(b("e"), "event");
    expect(half.out.stats.duplicated).toBeGreaterThan(400);
    expect(half.out.stats.duplicated).toBeLessThan(600);
  });

  it("skips the configured share of pulse deltas only", () => {
    const { socket, out } = setup({ streamSkipDeltaRate: 1 });
    out.send(b("d"), "delta");
    out.send(b("e"), "event");
    expect(socket.sent).toEqual(["e"]);
    expect(out.stats.skipped).toBe(1);
  });

  it("reorders event frames within the window; control frames pass", () => {
    const { socket, out, timers } = setup({ streamReorderWindowMs: 200 });
    const sent = Array.from({ length: 20 }, (_, i) => String(i));
    for (const s of sent) out.send(b(s), "event");
    out.send(b("ack"), "control");
    expect(socket.sent).toEqual(["ack"]);
    timers.advance(200);
    const events = socket.sent.slice(1);
    expect([...events].sort()).toEqual([...sent].sort());
    expect(events).not.toEqual(sent);
  });

  it("drops everything queued on dispose", () => {
    const { socket, out, timers } = setup({ streamDelayMs: 100, streamReorderWindowMs: 50 });
    out.send(b("x"), "event");
    out.dispose();
    timers.advance(1000);
    expect(socket.sent).toEqual([]);
    expect(timers.pending()).toBe(0);
  });
});
