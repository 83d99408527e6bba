// Discrete-event queue ordered by (time, insertion sequence): the order of events depends only on the seed,
// never on how the caller chunks `runUntil`.

export interface Job {
  at: number;
  seq: number;
  run: () => void;
}

export class Scheduler {
  private heap: Job[] = [];
  private seq = 0;
  private current = 0;

  constructor(start: number) {
    this.current = start;
  }

  /** Time of the job being run (or the last `runUntil` target). */
  get now(): number {
    return this.current;
  }

  get size(): number {
    return this.heap.length;
  }

  at(time: number, run: () => void): void {
    // Integer milliseconds: every timestamp the market emits is a whole ms.
    const job: Job = { at: Math.max(Math.ceil(time), this.current), seq: this.seq++, run };
    const h = this.heap;
    h.push(job);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(job, h[p] as Job)) break;
      h[i] = h[p] as Job;
      i = p;
    }
    h[i] = job;
  }

  after(delay: number, run: () => void): void {
    this.at(this.current + delay, run);
  }

  peekTime(): number | undefined {
    return this.heap[0]?.at;
  }

  /** Runs every job due at or before `time`, in order; returns how many ran (at most `maxJobs`). */
  runUntil(time: number, maxJobs = Number.POSITIVE_INFINITY): number {
    let n = 0;
    while (n < maxJobs) {
      const top = this.heap[0];
      if (!top || top.at > time) break;
      this.pop();
      this.current = top.at;
      top.run();
      n++;
    }
    if (n < maxJobs && time > this.current) this.current = time;
    return n;
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop() as Job;
    if (h.length === 0) return;
    let i = 0;
    const n = h.length;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && less(h[r] as Job, h[l] as Job) ? r : l;
      if (!less(h[c] as Job, last)) break;
      h[i] = h[c] as Job;
      i = c;
    }
    h[i] = last;
  }
}

function less(a: Job, b: Job): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}
