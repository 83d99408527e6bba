// One repair at a time per key: a request while one runs makes it run once more afterwards (never in parallel, never
// lost). Failures retry with growing pauses, then `onGiveUp` decides what to show.

export const REPAIR_ATTEMPTS = 3;

export interface RepairQueueOptions {
  run(key: string): Promise<void>;
  /** Whether the key is still wanted (a released subscription is not retried). */
  wanted(key: string): boolean;
  onGiveUp(key: string, error: unknown): void;
  retryMs?: number;
}

export function createRepairQueue(o: RepairQueueOptions) {
  const running = new Map<string, { done: Promise<void>; again: boolean }>();

  async function withRetry(key: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await o.run(key);
      } catch (err) {
        if (attempt >= REPAIR_ATTEMPTS || !o.wanted(key)) return o.onGiveUp(key, err);
        await new Promise((r) => setTimeout(r, (o.retryMs ?? 1_000) * attempt));
      }
    }
  }

  return {
    request(key: string): Promise<void> {
      const cur = running.get(key);
      if (cur) {
        cur.again = true;
        return cur.done;
      }
      const entry = { done: Promise.resolve(), again: false };
      entry.done = (async () => {
        do {
          entry.again = false;
          await withRetry(key);
        } while (entry.again);
        running.delete(key);
      })();
      running.set(key, entry);
      return entry.done;
    },
    async idle(): Promise<void> {
      while (running.size) await Promise.all([...running.values()].map((r) => r.done));
    },
  };
}
