import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_OPEN_PROBES, ReadLag } from "./read-lag";

const limits = { maxUnreadBytes: 1_000, maxLagMs: 4_000, probeEveryBytes: 100 };

describe("read lag", () => {
  it("sends a probe after every probeEveryBytes written, numbered, and only then", () => {
    const r = new ReadLag(limits);
    expect(r.wrote(60, 0)).toBeUndefined();
    const p1 = r.wrote(60, 0) as Buffer;
    expect(p1).toBeInstanceOf(Buffer);
    expect(p1.length).toBe(5);
    expect(r.wrote(99, 0)).toBeUndefined();
    const p2 = r.wrote(1, 0) as Buffer;
    expect(p2.readUInt32BE(1)).toBe(p1.readUInt32BE(1) + 1);
  });

  it("a pong moves the read mark to its probe's offset, and answers every earlier probe", () => {
    const r = new ReadLag(limits);
    const p1 = r.wrote(100, 0) as Buffer;
    const p2 = r.wrote(100, 10) as Buffer;
    r.wrote(50, 20);
    expect(r.unreadBytes).toBe(250);
    expect(r.pong(p1)).toBe(true);
    expect(r.unreadBytes).toBe(150);
    expect(r.lagMs(1_000)).toBe(990); // p2, sent at 10, is now the oldest
    expect(r.pong(p2)).toBe(true);
    expect(r.unreadBytes).toBe(50);
    expect(r.lagMs(1_000)).toBe(0);
    // A pong of p2 also settles a lost pong of p1.
    const r2 = new ReadLag(limits);
    r2.wrote(100, 0);
    const q2 = r2.wrote(100, 0) as Buffer;
    r2.pong(q2);
    expect(r2.unreadBytes).toBe(0);
    expect(r2.lagMs(5_000)).toBe(0);
  });

  it("ignores heartbeat pongs and stale or forged sequence numbers", () => {
    const r = new ReadLag(limits);
    const p = r.wrote(300, 0) as Buffer;
    expect(r.pong(Buffer.alloc(0))).toBe(false);
    expect(r.pong(Buffer.from("hello"))).toBe(false);
    const forged = Buffer.from(p);
    forged.writeUInt32BE(999, 1);
    expect(r.pong(forged)).toBe(true);
    expect(r.unreadBytes).toBe(300);
    r.pong(p);
    r.pong(p); // a second copy is stale
    expect(r.unreadBytes).toBe(0);
  });

  it("a reader that keeps up is never a slow consumer, however much is written", () => {
    const r = new ReadLag(limits);
    for (let t = 0; t < 100_000; t += 50) {
      const probe = r.wrote(170, t);
      expect(r.verdict(t)).toEqual({ ok: true });
      if (probe) r.pong(probe);
    }
  });

  it("past maxUnreadBytes unread the verdict is unread_bytes; a probe unanswered past maxLagMs, read_lag", () => {
    const r = new ReadLag(limits);
    r.wrote(1_000, 0);
    expect(r.verdict(0)).toEqual({ ok: true });
    r.wrote(1, 0);
    expect(r.verdict(0)).toMatchObject({ ok: false, reason: "unread_bytes", unreadBytes: 1_001 });

    const slow = new ReadLag(limits);
    slow.wrote(150, 1_000); // one probe, sent at 1,000
    expect(slow.verdict(5_000)).toEqual({ ok: true });
    expect(slow.verdict(5_001)).toMatchObject({ ok: false, reason: "read_lag", lagMs: 4_001, unreadBytes: 150 });
  });

  it("nothing unread past the last probe's bytes makes no lag: a quiet reader is not closed", () => {
    const r = new ReadLag(limits);
    r.wrote(99, 0); // below probeEveryBytes: no probe, no lag to measure
    expect(r.verdict(1_000_000)).toEqual({ ok: true });
  });

  it("keeps at most MAX_OPEN_PROBES in flight", () => {
    const r = new ReadLag({ ...limits, maxUnreadBytes: Number.MAX_SAFE_INTEGER });
    let sent = 0;
    for (let i = 0; i < MAX_OPEN_PROBES * 3; i++) if (r.wrote(100, i)) sent++;
    expect(sent).toBe(MAX_OPEN_PROBES);
  });

  it("property: unread bytes = written − offset of the newest answered probe; verdicts follow the bounds", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ bytes: fc.integer({ min: 1, max: 400 }), dt: fc.integer({ min: 0, max: 2_000 }), answer: fc.boolean() }), { maxLength: 200 }),
        (steps) => {
          const r = new ReadLag(limits);
          let now = 0;
          let written = 0;
          let readTo = 0;
          const open: { payload: Buffer; offset: number; at: number }[] = [];
          for (const s of steps) {
            now += s.dt;
            written += s.bytes;
            const probe = r.wrote(s.bytes, now);
            if (probe) open.push({ payload: probe, offset: written, at: now });
            if (s.answer && open.length > 0) {
              const p = open.shift() as (typeof open)[number];
              r.pong(p.payload);
              readTo = p.offset;
            }
            expect(r.unreadBytes).toBe(written - readTo);
            const lag = open.length > 0 ? now - (open[0] as (typeof open)[number]).at : 0;
            expect(r.lagMs(now)).toBe(lag);
            const v = r.verdict(now);
            expect(v.ok).toBe(written - readTo <= limits.maxUnreadBytes && lag <= limits.maxLagMs);
          }
        },
      ),
    );
  });
});
