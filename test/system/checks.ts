import { badInput } from "./bad-input";
import type { System } from "./harness";
import { hostileMetadata } from "./hostile-metadata";
import { findKey, keySecrecy } from "./key-secrecy";
import { slowConsumer } from "./slow-consumer";
import { soak } from "./soak";
import { ssrf } from "./ssrf";
import { streamChaos } from "./stream-chaos";
import { upstreamFaults } from "./upstream-faults";
import { check } from "./util";

// Every system check, its time bound, and how a run picks some of them by name.

/**
 * Where a check runs: `main` on the first app and market, in order; `faults` on a second app and market of its own, in
 * order, beside the main lane; `alone` on the first app once both lanes are done. The fault checks break their
 * market's stream and answers on purpose and mostly wait (on drops, hangs, staleness), so they get a market no other
 * check reads, and each lane's order puts a check that measures time beside one that loads the machine little.
 */
export type Lane = "main" | "faults" | "alone";

export interface Check {
  name: string;
  budgetMs: number;
  lane: Lane;
  /** `all`: every system the run started (the lanes' own). */
  run(sys: System, all: System[]): Promise<string>;
}

/**
 * The checks whose names start with one of `only` (all of them when `only` is empty), and the names that select none:
 * a run asked for a check that does not exist must fail, not pass with 0 checks.
 */
export function selectChecks<T extends { name: string }>(all: T[], only: string[]): { checks: T[]; unknown: string[] } {
  if (only.length === 0) return { checks: all, unknown: [] };
  const matches = (o: string) => all.filter((c) => c.name.startsWith(o));
  return {
    checks: all.filter((c) => only.some((o) => c.name.startsWith(o))),
    unknown: only.filter((o) => !matches(o).length),
  };
}

export const CHECKS: Check[] = [
  // First, while nothing else talks to its market: the bad-input check counts the market's requests.
  { name: "bad input: no 5xx, JSON errors, no upstream call", budgetMs: 120_000, lane: "main", run: badInput },
  { name: "SSRF and path corpus", budgetMs: 60_000, lane: "main", run: ssrf },
  { name: "key secrecy", budgetMs: 120_000, lane: "main", run: keySecrecy },
  { name: "hostile metadata in a real browser", budgetMs: 90_000, lane: "main", run: hostileMetadata },
  // Beside the upstream-fault check (a few requests, then waiting on latency, hangs and staleness).
  { name: "slow consumer: paused clients at a high rate", budgetMs: 90_000, lane: "main", run: slowConsumer },
  // Last and alone: 100 clients load the machine, and its memory figures are the app's under its own load only.
  { name: "soak: 100 clients, 2,500 page and API requests", budgetMs: 240_000, lane: "alone", run: (sys) => soak(sys) },
  // Beside the first four main checks (whose bounds are on answers, not time).
  { name: "stream chaos: upstream connections dropped 12 times", budgetMs: 150_000, lane: "faults", run: streamChaos },
  { name: "upstream faults: errors, latency, hangs", budgetMs: 120_000, lane: "faults", run: upstreamFaults },
  {
    name: "server logs never carry the key",
    budgetMs: 5_000,
    lane: "alone",
    run: async (_sys, all) => {
      let bytes = 0;
      for (const sys of all) {
        const text = sys.logs.join("");
        check(!findKey(text, sys.key), "the key is in the server's logs");
        bytes += text.length;
      }
      return `${(bytes / 1024).toFixed(0)} KiB of logs from the whole run (${all.length} app${all.length === 1 ? "" : "s"}): 0 occurrences`;
    },
  },
];
