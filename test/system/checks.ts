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

export interface Check {
  name: string;
  budgetMs: number;
  run(sys: System): Promise<string>;
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
  // First, while nothing else talks to the market: the bad-input check counts the market's requests.
  { name: "bad input: no 5xx, JSON errors, no upstream call", budgetMs: 120_000, run: badInput },
  { name: "SSRF and path corpus", budgetMs: 60_000, run: ssrf },
  { name: "key secrecy", budgetMs: 120_000, run: keySecrecy },
  { name: "hostile metadata in a real browser", budgetMs: 90_000, run: hostileMetadata },
  { name: "upstream faults: errors, latency, hangs", budgetMs: 120_000, run: upstreamFaults },
  { name: "slow consumer: paused clients at a high rate", budgetMs: 90_000, run: slowConsumer },
  { name: "stream chaos: upstream connections dropped 12 times", budgetMs: 150_000, run: streamChaos },
  { name: "soak: 100 clients, 2,500 page and API requests", budgetMs: 240_000, run: (sys) => soak(sys) },
  {
    name: "server logs never carry the key",
    budgetMs: 5_000,
    run: async (sys) => {
      const text = sys.logs.join("");
      check(!findKey(text, sys.key), "the key is in the server's logs");
      return `${(text.length / 1024).toFixed(0)} KiB of logs from the whole run: 0 occurrences`;
    },
  },
];
