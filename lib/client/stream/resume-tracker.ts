import type { EventFrame } from "@/lib/api/core";

// Where the live flow resumed after a reconnect or resync, per subscription, and how new a repair's REST answer must
// be. The first live event after the resume says where live rows start (server clock, exact); until one comes, the
// server-clock estimate of the resume stands in.

export const RESUME_EVENT_WAIT_MS = 1_000;

export interface ResumePoint {
  /** Server time (ms) from which the live flow holds every row: the first live event's oldest row or bucket. */
  liveFrom(): number;
  /**
   * Server time (ms) the REST answer must reach: the resume itself, or the first live event when that is later. Not
   * only `liveFrom()`: a replayed row or a re-pushed bucket can start before the resume, and an answer that only
   * reaches back there can miss what changed since (a late confirmation, a bucket's last trades).
   */
  minAsOf(): number;
}

interface Entry extends ResumePoint {
  estimate: number;
  liveStart: number | undefined;
  waiters: Array<() => void>;
}

/** The server time from which a frame's content is live: the oldest row or bucket it carries, else its asOf. */
export function liveStartOf(f: EventFrame): number | undefined {
  if (f.channel === "trades")
    return f.kind === "trades" && f.data.length ? Math.min(...f.data.map((r) => r.at)) : undefined;
  if (f.channel === "ohlcv") return f.data.length ? Math.min(...f.data.map((b) => b.time)) * 1000 : undefined;
  return f.meta.asOf;
}

export function createResumeTracker(serverNow: () => number, waitMs = RESUME_EVENT_WAIT_MS) {
  const entries = new Map<string, Entry>();
  return {
    /** The live flow of `key` resumes now (its REST repair follows), and not before server time `atLeast`. */
    mark(key: string, atLeast = 0): void {
      const e: Entry = {
        estimate: Math.max(entries.get(key)?.estimate ?? 0, serverNow(), atLeast),
        liveStart: undefined,
        waiters: [],
        liveFrom: () => e.liveStart ?? e.estimate,
        minAsOf: () => Math.max(e.liveStart ?? 0, e.estimate),
      };
      for (const w of entries.get(key)?.waiters ?? []) w();
      entries.set(key, e);
    },
    observe(key: string, f: EventFrame): void {
      const e = entries.get(key);
      if (!e || e.liveStart !== undefined) return;
      const t = liveStartOf(f);
      if (t === undefined) return;
      e.liveStart = t;
      for (const w of e.waiters.splice(0)) w();
    },
    /** The pending resume of `key`, after waiting (bounded) for its first live event. */
    async current(key: string): Promise<ResumePoint | undefined> {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.liveStart === undefined) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          e.waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return e;
    },
    /** The repair that used `point` is done (a newer resume, if any, stays). */
    settle(key: string, point: ResumePoint | undefined): void {
      if (point && entries.get(key) === point) entries.delete(key);
    },
    forget(key: string): void {
      for (const w of entries.get(key)?.waiters ?? []) w();
      entries.delete(key);
    },
  };
}
