import type { FaultConfig } from "../feed";
import type { Clock, TimerHandle } from "@/lib/api/clock";

// One per socket: applies the live stream faults (skip, duplicate, reorder, delay) and the send-buffer cap.

export const OPEN = 1;

export interface SocketLike {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: Buffer): void;
}

/** control = acks, errors, pong; event = any event frame; delta = a pulse enter/update/leave event. */
export type FrameClass = "control" | "event" | "delta";

export interface OutboxOptions {
  timers: Clock;
  faults: () => FaultConfig;
  random: () => number;
  /** Bytes allowed queued for this socket (ws buffer + fault queues) before it is a slow consumer. */
  maxBufferedBytes: number;
  onOverflow: () => void;
}

export interface OutboxStats {
  framesSent: number;
  bytesSent: number;
  skipped: number;
  duplicated: number;
}

export interface Outbox {
  send(bytes: Buffer, cls: FrameClass): void;
  /** Writes at once, ignoring faults and the cap (the last error frame before a close). */
  sendNow(bytes: Buffer): void;
  dispose(): void;
  readonly stats: OutboxStats;
}

export function createOutbox(socket: SocketLike, o: OutboxOptions): Outbox {
  const stats: OutboxStats = { framesSent: 0, bytesSent: 0, skipped: 0, duplicated: 0 };
  let disposed = false;
  let overflowed = false;
  let held = 0; // bytes waiting in the fault queues
  let reorder: Buffer[] = [];
  let reorderTimer: TimerHandle | undefined;
  const delayed: { at: number; bytes: Buffer }[] = [];
  let delayTimer: TimerHandle | undefined;

  const overflow = () => {
    if (overflowed) return;
    overflowed = true;
    o.onOverflow();
  };
  const write = (bytes: Buffer) => {
    if (disposed || overflowed || socket.readyState !== OPEN) return;
    if (socket.bufferedAmount + held + bytes.length > o.maxBufferedBytes) return overflow();
    socket.send(bytes);
    stats.framesSent++;
    stats.bytesSent += bytes.length;
  };
  const hold = (bytes: Buffer): boolean => {
    if (socket.bufferedAmount + held + bytes.length > o.maxBufferedBytes) {
      overflow();
      return false;
    }
    held += bytes.length;
    return true;
  };

  const flushDelayed = () => {
    delayTimer = undefined;
    const now = o.timers.now();
    while (delayed.length && delayed[0].at <= now) {
      const d = delayed.shift() as { at: number; bytes: Buffer };
      held -= d.bytes.length;
      write(d.bytes);
    }
    if (delayed.length && !disposed) delayTimer = o.timers.setTimeout(flushDelayed, delayed[0].at - now);
  };
  const afterReorder = (bytes: Buffer) => {
    const delay = o.faults().streamDelayMs;
    if (delay <= 0 && delayed.length === 0) return write(bytes);
    if (!hold(bytes)) return;
    // FIFO: a frame never overtakes one sent before it, even if the delay shrank meanwhile
    const at = Math.max(o.timers.now() + Math.max(0, delay), delayed.at(-1)?.at ?? 0);
    delayed.push({ at, bytes });
    if (!delayTimer) delayTimer = o.timers.setTimeout(flushDelayed, delayed[0].at - o.timers.now());
  };
  const flushReorder = () => {
    reorderTimer = undefined;
    const batch = reorder;
    reorder = [];
    for (let i = batch.length - 1; i > 0; i--) {
      const j = Math.floor(o.random() * (i + 1));
      [batch[i], batch[j]] = [batch[j], batch[i]];
    }
    for (const b of batch) {
      held -= b.length;
      afterReorder(b);
    }
  };
  const stage = (bytes: Buffer, cls: FrameClass) => {
    const window = o.faults().streamReorderWindowMs;
    if (cls === "control" || window <= 0) return afterReorder(bytes);
    if (!hold(bytes)) return;
    reorder.push(bytes);
    if (!reorderTimer) reorderTimer = o.timers.setTimeout(flushReorder, window);
  };

  return {
    stats,
    send(bytes, cls) {
      if (disposed || overflowed) return;
      const f = o.faults();
      if (cls === "delta" && f.streamSkipDeltaRate > 0 && o.random() < f.streamSkipDeltaRate) {
        stats.skipped++;
        return;
      }
      stage(bytes, cls);
      if (cls !== "control" && f.streamDuplicateRate > 0 && o.random() < f.streamDuplicateRate) {
        stats.duplicated++;
        stage(bytes, cls);
      }
    },
    sendNow(bytes) {
      if (disposed || socket.readyState !== OPEN) return;
      socket.send(bytes);
      stats.framesSent++;
      stats.bytesSent += bytes.length;
    },
    dispose() {
      disposed = true;
      o.timers.clearTimeout(reorderTimer);
      o.timers.clearTimeout(delayTimer);
      reorder = [];
      delayed.length = 0;
      held = 0;
    },
  };
}
