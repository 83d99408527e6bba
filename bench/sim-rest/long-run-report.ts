// What bench/sim-rest/long-run.ts prints (one JSON line) and bench/sim-rest.ts reads.

export interface LongRunSample {
  hour: number;
  rssMb: number;
  heapMb: number;
  heapTotalMb: number;
  arrayBuffersMb: number;
  trades: number;
}

export interface LongRunReport {
  hours: number;
  elapsedMs: number;
  trades: number;
  events: number;
  samples: LongRunSample[];
  state: Record<string, number>;
  caps: Record<string, number>;
}
