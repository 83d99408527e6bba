// One browser's outgoing frames. Frames go straight to the socket while its buffer is below the high-water
// mark; past it they wait here, bounded in bytes. Latest-wins frames (candles, token updates) are conflated:
// a newer frame for the same subscription replaces the waiting one when it carries everything the old one did.

export interface SendSink {
  /** Bytes written but not yet flushed to the network. */
  bufferedAmount(): number;
  write(bytes: Buffer): void;
}

export interface Conflation {
  /** One slot per browser subscription id. */
  key: string;
  /** What the frame carries (candle times); the newer frame replaces the older only if it covers all of them. */
  parts: readonly number[];
}

export interface SendQueueLimits {
  highWaterBytes: number;
  maxQueuedBytes: number;
}

/** Shared by every browser's queue: however many browsers are slow at once, their queues together stay under `max`. */
export interface QueueBudget {
  queued: number;
  max: number;
}

export type PushResult = "sent" | "queued" | "conflated" | "overflow";

interface Entry {
  bytes: Buffer;
  conflate: Conflation | undefined;
}

const covers = (next: Conflation, prev: Conflation) => prev.parts.every((p) => next.parts.includes(p));

export class SendQueue {
  private entries: Entry[] = [];
  private head = 0;
  private bytes = 0;
  private readonly slots = new Map<string, Entry>();

  constructor(
    private readonly sink: SendSink,
    private readonly limits: SendQueueLimits,
    private readonly budget: QueueBudget = { queued: 0, max: Number.POSITIVE_INFINITY },
  ) {}

  get queuedBytes(): number {
    return this.bytes;
  }

  get length(): number {
    return this.entries.length - this.head;
  }

  /** "overflow" means the browser is over its budget: the caller closes it (nothing was queued). */
  push(bytes: Buffer, conflate?: Conflation): PushResult {
    if (this.length === 0 && this.sink.bufferedAmount() < this.limits.highWaterBytes) {
      this.sink.write(bytes);
      return "sent";
    }
    if (conflate) {
      const waiting = this.slots.get(conflate.key);
      if (waiting?.conflate && covers(conflate, waiting.conflate)) {
        this.bytes += bytes.length - waiting.bytes.length;
        this.budget.queued += bytes.length - waiting.bytes.length;
        waiting.bytes = bytes;
        waiting.conflate = conflate;
        return "conflated";
      }
    }
    if (this.bytes + bytes.length > this.limits.maxQueuedBytes) return "overflow";
    if (this.budget.queued + bytes.length > this.budget.max) return "overflow";
    const entry: Entry = { bytes, conflate };
    this.entries.push(entry);
    this.bytes += bytes.length;
    this.budget.queued += bytes.length;
    if (conflate) this.slots.set(conflate.key, entry);
    return "queued";
  }

  /** Moves waiting frames to the socket while it is below the high-water mark; returns how many. */
  pump(): number {
    let sent = 0;
    while (this.head < this.entries.length && this.sink.bufferedAmount() < this.limits.highWaterBytes) {
      const entry = this.entries[this.head++] as Entry;
      this.bytes -= entry.bytes.length;
      this.budget.queued -= entry.bytes.length;
      if (entry.conflate && this.slots.get(entry.conflate.key) === entry) this.slots.delete(entry.conflate.key);
      this.sink.write(entry.bytes);
      sent++;
    }
    if (this.head === this.entries.length) {
      this.entries = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
    return sent;
  }

  /** Drops everything waiting; returns the number of frames dropped. */
  clear(): number {
    const dropped = this.length;
    this.budget.queued -= this.bytes;
    this.entries = [];
    this.head = 0;
    this.bytes = 0;
    this.slots.clear();
    return dropped;
  }
}
