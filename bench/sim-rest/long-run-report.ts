// What bench/sim-rest/long-run.ts prints (one JSON line) and bench/sim-rest.ts reads.

export interface LongRunSample {
  hour: number;
  rssMb: number;
  heapMb: number;
  heapTotalMb: number;
  arrayBuffersMb: number;
  trades: number;
}

/** How far back a busy token's tape pages at the end of the run (the busiest in its last hour first). */
export interface TapeDepth {
  token: string;
  tradesLastHour: number;
  rows: number;
  reachesHours: number;
}

export interface LongRunReport {
  hours: number;
  elapsedMs: number;
  trades: number;
  events: number;
  samples: LongRunSample[];
  state: Record<string, number>;
  caps: Record<string, number>;
  busiestTapes: TapeDepth[];
}
