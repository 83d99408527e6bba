import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SendQueue, type SendSink } from "./send-queue";

function sink() {
  const written: string[] = [];
  let buffered = 0;
  const s: SendSink & { written: string[]; setBuffered(n: number): void } = {
    written,
    bufferedAmount: () => buffered,
    write: (b) => {
      written.push(b.toString());
      buffered += b.length;
    },
    setBuffered: (n) => {
      buffered = n;
    },
  };
  return s;
}
const buf = (s: string) => Buffer.from(s);

describe("send queue", () => {
  it("writes straight through below the high-water mark, queues above it, pumps on drain", () => {
    const s = sink();
    const q = new SendQueue(s, { highWaterBytes: 4, maxQueuedBytes: 100 });
    expect(q.push(buf("aaa"))).toBe("sent");
    expect(q.push(buf("bb"))).toBe("sent"); // 3 < 4
    expect(q.push(buf("c"))).toBe("queued");
    s.setBuffered(0);
    expect(q.pump()).toBe(1);
    expect(s.written).toEqual(["aaa", "bb", "c"]);
    expect(q.queuedBytes).toBe(0);
  });

  it("conflates latest-wins frames per slot, only when the newer frame covers the older", () => {
    const s = sink();
    s.setBuffered(10);
    const q = new SendQueue(s, { highWaterBytes: 1, maxQueuedBytes: 100 });
    q.push(buf("roll:1,2"), { key: "c", parts: [1, 2] });
    expect(q.push(buf("form:2"), { key: "c", parts: [2] })).toBe("queued"); // would lose candle 1
    expect(q.push(buf("form:2b"), { key: "c", parts: [2] })).toBe("conflated");
    expect(q.push(buf("tok1"), { key: "t", parts: [] })).toBe("queued");
    expect(q.push(buf("tok2"), { key: "t", parts: [] })).toBe("conflated");
    q.push(buf("trade"));
    s.setBuffered(0);
    s.write = (b) => s.written.push(b.toString()); // a fast socket
    q.pump();
    expect(s.written).toEqual(["roll:1,2", "form:2b", "tok2", "trade"]);
    expect(q.queuedBytes).toBe(0);
  });

  it("reports overflow instead of growing past its byte budget", () => {
    const s = sink();
    s.setBuffered(10);
    const q = new SendQueue(s, { highWaterBytes: 1, maxQueuedBytes: 5 });
    expect(q.push(buf("abc"))).toBe("queued");
    expect(q.push(buf("abc"))).toBe("overflow");
    expect(q.queuedBytes).toBe(3);
    expect(q.clear()).toBe(1);
  });

  it("never holds more than its budget and loses no non-conflated frame, for any traffic", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ size: fc.integer({ min: 1, max: 40 }), slot: fc.option(fc.constantFrom("a", "b"), { nil: undefined }), drain: fc.boolean() }), { maxLength: 200 }),
        (ops) => {
          let buffered = 0;
          const out: number[] = [];
          const q = new SendQueue({ bufferedAmount: () => buffered, write: (b) => { buffered += b.length; out.push(b.readUInt32LE(0)); } }, { highWaterBytes: 50, maxQueuedBytes: 200 });
          const kept: number[] = [];
          ops.forEach((op, i) => {
            if (op.drain) { buffered = 0; q.pump(); }
            const b = Buffer.alloc(Math.max(4, op.size));
            b.writeUInt32LE(i, 0);
            const r = q.push(b, op.slot ? { key: op.slot, parts: [] } : undefined);
            if (r !== "overflow" && !op.slot) kept.push(i);
            expect(q.queuedBytes).toBeLessThanOrEqual(200);
          });
          buffered = 0;
          while (q.length > 0) { buffered = 0; q.pump(); }
          const delivered = new Set(out);
          for (const i of kept) expect(delivered.has(i)).toBe(true);
          const plain = out.filter((i) => kept.includes(i));
          expect(plain).toEqual(kept); // in order, none lost
        },
      ),
    );
  });
});

describe("shared queue budget", () => {
  it("bounds all queues together and gives bytes back as they leave or are dropped", () => {
    const budget = { queued: 0, max: 10 };
    let buffered = 100;
    const sinkOf = () => ({ bufferedAmount: () => buffered, write: () => {} });
    const a = new SendQueue(sinkOf(), { highWaterBytes: 50, maxQueuedBytes: 100 }, budget);
    const b = new SendQueue(sinkOf(), { highWaterBytes: 50, maxQueuedBytes: 100 }, budget);
    expect(a.push(Buffer.alloc(6))).toBe("queued");
    expect(b.push(Buffer.alloc(6))).toBe("overflow"); // b is within its own cap, but not the shared one
    expect(b.push(Buffer.alloc(4))).toBe("queued");
    expect(budget.queued).toBe(10);
    a.clear();
    expect(budget.queued).toBe(4);
    buffered = 0;
    b.pump();
    expect(budget.queued).toBe(0);
  });
});
